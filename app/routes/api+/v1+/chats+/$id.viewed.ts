import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi, methodNotAllowed } from "~/api/handler.server";
import { requireChatMember } from "~/chats/chat-access.server";
import { chatResource, listChats, markChatViewed } from "~/chats/chats.server";

const ROUTE = "routes/api+/v1+/chats+/$id.viewed";

/** PUT /api/v1/chats/{id}/viewed: the member has read the chat up to now. */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
    const { chatId } = await requireChatMember(request, session, params.id, "read_chat", { api: true });
    await markChatViewed(chatId, session.user.id);
    const [chat] = await listChats(session.user.id, undefined, [chatId]);
    return apiResponse(serialize(chatResource, chat!));
  });
}

export async function loader({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    await requireRouteAccess(request, ROUTE);
    return methodNotAllowed(["PUT"]);
  });
}
