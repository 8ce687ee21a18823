import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { chatTitle, mergeChatRecords, startChatSchema } from "~/chats/chats";
import { ChatError, listChats, startChatByEmail } from "~/chats/chats.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { useRealtime, useUserChannel } from "~/realtime/realtime-provider";
import { metaFor } from "~/seo/page-meta";
import { passRetryAfter } from "~/security/retry-after";
import { chatRefusal } from "~/routes/chats+/chat-refusal.server";

const ROUTE = "routes/chats+/_index";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  return { chats: await listChats(session.user.id), viewerId: session.user.id };
}

/** POST /chats (email): opens the chat with that person, creating it the first time. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: startChatSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let chatId: number;
  try {
    chatId = await startChatByEmail(session.user.id, submission.value.email);
  } catch (error) {
    if (error instanceof ChatError) return chatRefusal(error, submission.reply({ formErrors: [error.message] }));
    throw error;
  }
  throw redirect(`/chats/${chatId}`);
}

export const headers = passRetryAfter;

export default function ChatsPage() {
  const { chats: loaded, viewerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "start-chat",
    lastResult: actionData?.result,
    constraint: getZodConstraint(startChatSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: startChatSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
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
          <Form method="post" {...getFormProps(form)}>
            <CsrfInput />
            <Flex direction="column" gap="2">
              <FormErrors errors={form.errors} />
              <Flex gap="2" align="end" wrap="wrap">
                <div style={{ flex: "1 1 16rem" }}>
                  <FormField label="Start a chat with (email address)" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
                </div>
                <Button type="submit" loading={navigation.state === "submitting"}>
                  Start chat
                </Button>
              </Flex>
            </Flex>
          </Form>
        </Card>
        <Heading as="h2" size="4">
          Your chats
        </Heading>
        {chats.length === 0 ? <Text as="p">No chats yet.</Text> : null}
        <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 }}>
          {chats.map((chat) => (
            <li key={chat.id}>
              <Card asChild>
                <Link to={`/chats/${chat.id}`}>
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
