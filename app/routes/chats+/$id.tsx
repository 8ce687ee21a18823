import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { chatMessageSchema, chatTitle, parseBeforeDate } from "~/chats/chats";
import { requireChatMember } from "~/chats/chat-access.server";
import { ChatError, listChats, markChatViewed, messagesPage, sendMessage, spendChatAllowance, type ChatMessageView } from "~/chats/chats.server";
import { MessageText } from "~/chats/message-text";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, TextAreaField } from "~/components/form-field";
import { chatChannel } from "~/realtime/channels";
import { useRealtime } from "~/realtime/realtime-provider";
import { metaFor } from "~/seo/page-meta";
import { request } from "~/shell/request";
import { formatDate } from "~/formatting/format";
import { passRetryAfter } from "~/security/retry-after";
import { chatRefusal } from "~/routes/chats+/chat-refusal.server";

const ROUTE = "routes/chats+/$id";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { chatId } = await requireChatMember(request, session, params.id, "read_chat", { api: false });
  const before = parseBeforeDate(new URL(request.url).searchParams.get("before_date"));
  if (before === null) throw new Response("before_date must be a date and time", { status: 400 });
  // Opening the newest messages reads the chat.
  if (!before) await markChatViewed(chatId, session.user.id);
  const [[chat], page] = await Promise.all([listChats(session.user.id, undefined, [chatId]), messagesPage(chatId, before)]);
  return { chat: chat!, viewerId: session.user.id, ...page, isOlderPage: Boolean(before) };
}

/** POST /chats/{id}: send a message (members only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { chatId } = await requireChatMember(request, session, params.id, "post_chat", { api: false });
  const submission = parseWithZod(await request.formData(), { schema: chatMessageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    await spendChatAllowance("message", session.user.id);
  } catch (error) {
    if (error instanceof ChatError) return chatRefusal(error, submission.reply({ formErrors: [error.message] }));
    throw error;
  }
  await sendMessage(chatId, session.user.id, submission.value.body);
  throw redirect(`/chats/${chatId}`);
}

export const headers = passRetryAfter;

/**
 * A message read in the open chat: tell the server, as a plain request beside Remix's data flow.
 * It is a receipt, not a navigation: if the connection drops meanwhile the page stays as it is,
 * and the badge follows the server's push.
 */
function markChatViewedInBackground(chatId: number) {
  void request(`/api/v1/chats/${chatId}/viewed`, { method: "PUT", background: true });
}

interface ChatMessageRecord {
  id: string;
  attributes: { body: string; sender_name: string | null; created_at: string };
  relationships: { user?: { data: { id: string } | null } };
}

function fromRecord(record: ChatMessageRecord, chatId: number): ChatMessageView {
  const userId = record.relationships.user?.data ? Number(record.relationships.user.data.id) : null;
  return { id: Number(record.id), chat_id: chatId, user_id: userId, ...record.attributes };
}

function byTime(a: ChatMessageView, b: ChatMessageView) {
  return a.created_at.localeCompare(b.created_at) || a.id - b.id;
}

export default function ChatPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [messageForm, fields] = useForm({
    id: "chat-message",
    lastResult: actionData?.result,
    constraint: getZodConstraint(chatMessageSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chatMessageSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const title = chatTitle(data.chat, data.viewerId);
  const [older, setOlder] = useState<{ messages: ChatMessageView[]; before: string | null } | null>(null);
  const [live, setLive] = useState<ChatMessageView[]>([]);
  // Messages of earlier loads stay shown when the newest page moves on (after a new message).
  const [earlier, setEarlier] = useState<ChatMessageView[]>([]);
  // Older pages come through the request helper: a dropped connection toasts, the chat stays.
  const [loadingOlder, setLoadingOlder] = useState(false);
  const sentinel = useRef<HTMLLIElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const requested = useRef<string | null>(null);

  useEffect(() => {
    setOlder(null);
    setLive([]);
    setEarlier([]);
    requested.current = null;
  }, [data.chat.id, data.isOlderPage]);
  useEffect(() => {
    if (!data.isOlderPage) setEarlier((list) => [...list, ...data.messages].slice(-1000));
  }, [data.messages, data.isOlderPage]);
  // After a message is sent the box is emptied and keeps the focus, ready for the next one.
  const sending = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") sending.current = true;
    if (navigation.state !== "idle") return;
    if (actionData?.result.status !== "error") form.current?.reset();
    if (sending.current) (form.current?.elements.namedItem("body") as HTMLTextAreaElement | null)?.focus();
    sending.current = false;
  }, [navigation.state, actionData]);

  // Infinite scroll: when the top of the history comes into view, load the page before it.
  const before = older ? older.before : data.olderBefore;
  const chatId = data.chat.id;
  const loadOlder = useCallback(
    async (pageBefore: string) => {
      setLoadingOlder(true);
      const answer = await request<{ data: ChatMessageRecord[]; meta: { before_date: string | null } }>(
        `/api/v1/chats/${chatId}/messages?before_date=${encodeURIComponent(pageBefore)}`,
      );
      setLoadingOlder(false);
      if (!answer.ok) {
        // Asked again the next time the top comes into view (or by following the link).
        requested.current = null;
        return;
      }
      const page = answer.data.data.map((record) => fromRecord(record, chatId));
      setOlder((current) => ({ messages: [...page, ...(current?.messages ?? [])], before: answer.data.meta.before_date }));
    },
    [chatId],
  );
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !before || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      // Each page is asked for once, however often the sentinel comes into view.
      if (entries.some((entry) => entry.isIntersecting) && requested.current !== before) {
        requested.current = before;
        void loadOlder(before);
      }
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [before, data.chat.id, loadOlder]);
  // A long chat opens at its newest message, next to the message box.
  useEffect(() => {
    if (data.olderBefore && !data.isOlderPage) form.current?.scrollIntoView({ block: "end" });
  }, [data.chat.id, data.olderBefore, data.isOlderPage]);

  useRealtime([chatChannel(data.chat.id)], {
    received: (event) => {
      if (event.action !== "NEW_CHAT_MESSAGE") return;
      const record = (event.payload as { data?: ChatMessageRecord }).data;
      if (!record) return;
      const message = fromRecord(record, data.chat.id);
      setLive((list) => [...list, message]);
      if (message.user_id !== data.viewerId && !data.isOlderPage) markChatViewedInBackground(data.chat.id);
    },
  });

  const seen = new Set<number>();
  const messages = [...(older?.messages ?? []), ...(data.isOlderPage ? [] : earlier), ...data.messages, ...(data.isOlderPage ? [] : live)]
    .filter((message) => !seen.has(message.id) && seen.add(message.id))
    .sort(byTime);

  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="4">
        <Text size="2">
          <Link to="/chats">All chats</Link>
        </Text>
        <Heading as="h1" size="6">
          Chat with {title}
        </Heading>
        <ol aria-live="polite" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 }}>
          {before ? (
            <li ref={sentinel}>
              <Link to={`/chats/${data.chat.id}?before_date=${encodeURIComponent(before)}`} rel="prev">
                {loadingOlder ? "Loading older messages…" : "Older messages"}
              </Link>
            </li>
          ) : null}
          {messages.length === 0 ? (
            <li>
              <Text color="gray">No messages yet. Say hello!</Text>
            </li>
          ) : null}
          {messages.map((message) => (
            <li key={message.id} data-testid="chat-message" style={{ justifySelf: message.user_id === data.viewerId ? "end" : "start", maxWidth: "85%" }}>
              <div style={{ padding: "6px 10px", borderRadius: 8, background: message.user_id === data.viewerId ? "var(--accent-3)" : "var(--gray-3)" }}>
                <Text as="div" size="1" color="gray">
                  {message.user_id === data.viewerId ? "You" : (message.sender_name ?? "Former member")} ·{" "}
                  <time dateTime={message.created_at}>{formatDate(message.created_at, "MMM d, h:mm a")}</time>
                </Text>
                <Text as="div" size="3">
                  <MessageText body={message.body} />
                </Text>
              </div>
            </li>
          ))}
        </ol>
        {data.isOlderPage ? (
          <Text size="2">
            <Link to={`/chats/${data.chat.id}`}>Newest messages</Link>
          </Text>
        ) : (
          <Form method="post" ref={form} action={`/chats/${data.chat.id}`} {...getFormProps(messageForm)}>
            <CsrfInput />
            <Flex direction="column" gap="2">
              <FormErrors errors={messageForm.errors} />
              <TextAreaField label="Write a message" errors={fields.body.errors} {...getTextareaProps(fields.body)} />
              <Flex justify="end">
                <Button type="submit" loading={navigation.state === "submitting"}>
                  Send
                </Button>
              </Flex>
            </Flex>
          </Form>
        )}
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  metaFor(matches, { title: data ? `Chat with ${chatTitle(data.chat, data.viewerId)}` : "Chat", description: "A chat.", path: "/chats", noindex: true });
