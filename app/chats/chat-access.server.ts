import { forbidden } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerOf, type CurrentSession } from "~/accounts/session.server";
import { ApiError } from "~/api/errors";
import { chatMemberIds } from "~/chats/chats.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * The chat a request is about, for a member only (policy: read_chat / post_chat). A malformed or
 * unknown id is 404; a chat the user does not belong to is 403.
 */
export async function requireChatMember(
  request: Request,
  session: CurrentSession,
  idParam: string | undefined,
  action: "read_chat" | "post_chat",
  style: { api: boolean },
): Promise<{ chatId: number; memberIds: number[] }> {
  const chatId = parseRecordId(idParam);
  const memberIds = chatId === null ? null : await chatMemberIds(chatId);
  if (chatId === null || memberIds === null) {
    if (style.api) throw new ApiError(404, "not_found", `No chat with id ${idParam ?? "(none)"}.`);
    throw new Response("Not found", { status: 404 });
  }
  if (!can(viewerOf(session.user), action, { memberIds })) throw forbidden(request, style);
  return { chatId, memberIds };
}
