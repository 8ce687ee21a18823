import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { handleApi, methodNotAllowed } from "~/api/handler.server";
import { notificationGroupCall } from "~/routes/api+/v1+/notifications+/group-calls.server";

const ROUTE = "routes/api+/v1+/notifications+/delete_group";

/** DELETE /api/v1/notifications/delete_group body {type, group_key}: deletes that group. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
    return notificationGroupCall(request, session.user.id, "delete_group");
  });
}

export async function loader() {
  return methodNotAllowed(["DELETE"]);
}
