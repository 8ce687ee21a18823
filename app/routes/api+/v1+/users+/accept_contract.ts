import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess } from "~/accounts/authorize.server";
import { acceptContract } from "~/accounts/profile.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { userResource } from "~/api/resources/users";

const ROUTE = "routes/api+/v1+/users+/accept_contract";

/** PUT /api/v1/users/accept_contract: the signed-in user accepts the contract; the first acceptance time is kept. */
export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    return apiResponse(serialize(userResource, await acceptContract(session.user.id)));
  });
}

export async function loader() {
  return methodNotAllowed(["PUT"]);
}
