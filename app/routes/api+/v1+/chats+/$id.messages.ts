import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { serialize } from "~/api/document";
import { ApiError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { CHAT_PAGE_SIZE, chatMessageSchema, parseBeforeDate } from "~/chats/chats";
import { requireChatMember } from "~/chats/chat-access.server";
import { ChatError, chatMessageResource, messagesPage, sendMessage, spendChatAllowance } from "~/chats/chats.server";

const ROUTE = "routes/api+/v1+/chats+/$id.messages";

/**
 * GET /api/v1/chats/{id}/messages?before_date=…&limit=30: history, oldest first, 30 at a time;
 * meta.before_date asks for the page before (null when there is none).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const { chatId } = await requireChatMember(request, session, params.id, "read_chat", { api: true });
    const url = new URL(request.url);
    const before = parseBeforeDate(url.searchParams.get("before_date"));
    if (before === null) throw new ApiError(400, "invalid_parameter", "before_date must be an ISO date-time such as 2026-01-31T12:00:00Z.", { source: { parameter: "before_date" } });
    const limitText = url.searchParams.get("limit") ?? String(CHAT_PAGE_SIZE);
    const limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > CHAT_PAGE_SIZE) {
      throw new ApiError(400, "invalid_parameter", `limit must be a whole number from 1 to ${CHAT_PAGE_SIZE}.`, { source: { parameter: "limit" } });
    }
    const page = await messagesPage(chatId, before, limit);
    return apiResponse(serialize(chatMessageResource, page.messages, { meta: { before_date: page.olderBefore, limit } }));
  });
}

const bodySchema = z.object({ chat_message: chatMessageSchema });

/** POST /api/v1/chats/{id}/messages body {chat_message: {body}}: members only. */
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    const session = await requireMutationAccess(request, ROUTE);
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
    const { chatId } = await requireChatMember(request, session, params.id, "post_chat", { api: true });
    const { chat_message } = await readJsonBody(request, bodySchema);
    await spendChatAllowance("message", session.user.id).catch((error) => {
      throw error instanceof ChatError ? new ApiError(error.status, "rate_limited", error.message, { retryAfterSeconds: error.retryAfterSeconds }) : error;
    });
    const message = await sendMessage(chatId, session.user.id, chat_message.body);
    return apiResponse(serialize(chatMessageResource, message), { status: 201 });
  });
}
