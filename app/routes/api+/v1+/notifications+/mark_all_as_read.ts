import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { handleApi, methodNotAllowed } from "~/api/handler.server";
import { notificationGroupCall } from "~/routes/api+/v1+/notifications+/group-calls.server";

const ROUTE = "routes/api+/v1+/notifications+/mark_all_as_read";

/** PUT /api/v1/notifications/mark_all_as_read: marks every notification of the user read. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    return notificationGroupCall(request, session.user.id, "mark_all_as_read");
  });
}

export async function loader() {
  return methodNotAllowed(["PUT"]);
}
