import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, parseId } from "~/api/handler.server";
import { ChatError, chatResource, createChatWithUser, listChats, spendChatAllowance } from "~/chats/chats.server";

const ROUTE = "routes/api+/v1+/chats+/create_with_user.$id";

/** POST /api/v1/chats/create_with_user/{id}: the chat between the user and another, created once. */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const otherId = parseId(params.id, "user");
    let chatId: number;
    try {
      await spendChatAllowance("start", session.user.id);
      chatId = await createChatWithUser(session.user.id, otherId);
    } catch (error) {
      const codes = { 400: "invalid_parameter", 404: "not_found", 429: "rate_limited" } as const;
      if (error instanceof ChatError) throw new ApiError(error.status, codes[error.status], error.message, { retryAfterSeconds: error.retryAfterSeconds });
      throw error;
    }
    const [chat] = await listChats(session.user.id, undefined, [chatId]);
    return apiResponse(serialize(chatResource, chat!));
  });
}

export async function loader({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["POST"]);
  });
}
