import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi } from "~/api/handler.server";
import { requireChatMember } from "~/chats/chat-access.server";
import { chatResource, listChats } from "~/chats/chats.server";

const ROUTE = "routes/api+/v1+/chats+/$id";

/** GET /api/v1/chats/{id}: one chat, for its members. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const { chatId } = await requireChatMember(request, session, params.id, "read_chat", { api: true });
    const [chat] = await listChats(session.user.id, undefined, [chatId]);
    return apiResponse(serialize(chatResource, chat!));
  });
}
