import { Badge, Button, Card, Container, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { chatTitle, mergeChatRecords } from "~/chats/chats";
import { handleStartChat } from "~/chats/chats-page.server";
import { listChats } from "~/chats/chats.server";
import { CsrfInput } from "~/components/csrf-input";
import { useRealtime, useUserChannel } from "~/realtime/realtime-provider";
import { metaFor } from "~/seo/page-meta";
import { passRetryAfter } from "~/security/retry-after";

const ROUTE = "routes/chats+/_index";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  return { chats: await listChats(session.user.id), viewerId: session.user.id };
}

/** POST /chats (email): opens the chat with that person, creating it the first time. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  return handleStartChat(request, session);
}

export const headers = passRetryAfter;

export default function ChatsPage() {
  const { chats: loaded, viewerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ error?: string; email?: string }>();
  const [chats, setChats] = useState(loaded);
  useEffect(() => setChats(loaded), [loaded]);
  const channel = useUserChannel();
  // Pushed chat records (new messages, unread counts) merge into the list without a reload.
  useRealtime(channel ? [channel] : [], {
    received: (event) => {
      const payload = event.payload as { data?: unknown[] } | null;
      if (event.action === "STANDARD_PUSH_UPDATE" && Array.isArray(payload?.data)) setChats((list) => mergeChatRecords(list, payload.data!));
    },
  });
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="7">
          Chats
        </Heading>
        <Card>
          <Form method="post">
            <CsrfInput />
            <Flex gap="2" align="end" wrap="wrap">
              <Flex direction="column" gap="1" style={{ flex: "1 1 16rem" }}>
                <Text as="label" htmlFor="chat-email" size="2" weight="medium">
                  Start a chat with (email address)
                </Text>
                <TextField.Root
                  id="chat-email"
                  name="email"
                  type="email"
                  required
                  defaultValue={actionData?.email}
                  aria-invalid={actionData?.error ? true : undefined}
                  aria-describedby={actionData?.error ? "chat-email-error" : undefined}
                />
              </Flex>
              <Button type="submit">Start chat</Button>
            </Flex>
            {actionData?.error ? (
              <Text id="chat-email-error" role="alert" color="red" size="2">
                {actionData.error}
              </Text>
            ) : null}
          </Form>
        </Card>
        {chats.length === 0 ? <Text as="p">No chats yet.</Text> : null}
        <ul aria-label="Your chats" style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 }}>
          {chats.map((chat) => (
            <li key={chat.id}>
              <Card asChild>
                <Link to={`/chats/${chat.id}`} aria-label={`Chat with ${chatTitle(chat, viewerId)}${chat.unread_count ? `, ${chat.unread_count} unread` : ""}`}>
                  <Flex justify="between" align="center" gap="2">
                    <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
                      <Text weight="bold">{chatTitle(chat, viewerId)}</Text>
                      <Text size="2" color="gray" truncate>
                        {chat.last_message ?? "No messages yet"}
                      </Text>
                    </Flex>
                    {chat.unread_count ? <Badge color="red">{chat.unread_count} unread</Badge> : null}
                  </Flex>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Chats", description: "Your chats.", path: "/chats", noindex: true });
