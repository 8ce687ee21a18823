import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { apiResponse, handleApi } from "~/api/handler.server";
import { chatResource, listChats, unreadChatMessageCount } from "~/chats/chats.server";

const ROUTE = "routes/api+/v1+/chats+/_index";

/** GET /api/v1/chats: the user's chats with members, last message and unread counts. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const [chats, unread] = await Promise.all([listChats(session.user.id), unreadChatMessageCount(session.user.id)]);
    return apiResponse(serialize(chatResource, chats, { meta: { unread_chat_messages: unread } }));
  });
}
