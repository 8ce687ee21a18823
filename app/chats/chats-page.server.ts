import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { CurrentSession } from "~/accounts/session.server";
import { chatMessageSchema } from "~/chats/chats";
import { ChatError, createChatWithUser, sendMessage, spendChatAllowance } from "~/chats/chats.server";
import { db } from "~/db/db.server";
import { retryAfterHeaders } from "~/security/retry-after";

const startSchema = z.object({ email: z.string().trim().toLowerCase().email("Enter the email address of the person to chat with.") });

/** POST /chats: start (or reopen) the chat with the person who has this email address. */
export async function handleStartChat(request: Request, session: CurrentSession) {
  const form = await request.formData();
  const parsed = startSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message, email: String(form.get("email") ?? "") }, { status: 400 });
  try {
    await spendChatAllowance("start", session.user.id);
  } catch (error) {
    if (error instanceof ChatError) return refusal(error, { email: parsed.data.email });
    throw error;
  }
  const other = await db().selectFrom("users").select("id").where("email", "=", parsed.data.email).where("deactivated_at", "is", null).executeTakeFirst();
  if (!other) return Response.json({ error: "No one with that email address uses the site.", email: parsed.data.email }, { status: 404 });
  try {
    return redirect(`/chats/${await createChatWithUser(session.user.id, other.id)}`);
  } catch (error) {
    if (error instanceof ChatError) return refusal(error, { email: parsed.data.email });
    throw error;
  }
}

/** POST /chats/{id}: send a message. */
export async function handleChatForm(request: Request, session: CurrentSession, chatId: number) {
  const form = await request.formData();
  const parsed = chatMessageSchema.safeParse({ body: form.get("body") ?? "" });
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message, body: String(form.get("body") ?? "") }, { status: 400 });
  try {
    await spendChatAllowance("message", session.user.id);
  } catch (error) {
    if (error instanceof ChatError) return refusal(error, { body: parsed.data.body });
    throw error;
  }
  await sendMessage(chatId, session.user.id, parsed.data.body);
  return redirect(`/chats/${chatId}`);
}

/** The page's answer to a refused chat form; a 429 says when to retry (the routes export `headers = passRetryAfter`). */
function refusal(error: ChatError, fields: Record<string, string>) {
  const headers = error.retryAfterSeconds === undefined ? undefined : retryAfterHeaders(error.retryAfterSeconds);
  return Response.json({ error: error.message, ...fields }, { status: error.status, headers });
}
