import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { notificationsFormSchema } from "~/notifications/group-ref";
import { groupTitle, notificationLink, type NotificationGroup } from "~/notifications/groups";
import { deleteGroup, markAllRead, markGroupRead, notificationGroups } from "~/notifications/notifications.server";
import { useRealtime, useUserChannel } from "~/realtime/realtime-provider";
import { useSettledRevalidate } from "~/realtime/use-settled-revalidate";
import { metaFor } from "~/seo/page-meta";
import { formatDate } from "~/formatting/format";

const ROUTE = "routes/notifications";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  return notificationGroups(session.user.id);
}

/** POST /notifications: intent mark_as_read | delete_group (type, group_key) or mark_all_as_read. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: notificationsFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  if (value.intent === "mark_all_as_read") {
    await markAllRead(session.user.id);
  } else {
    const group = { type: value.type, groupKey: value.group_key ?? null };
    if (value.intent === "mark_as_read") await markGroupRead(session.user.id, group);
    else await deleteGroup(session.user.id, group);
  }
  throw redirect("/notifications");
}

export default function NotificationsPage() {
  const { groups, unread } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The forms carry only hidden fields, so whatever was wrong with one shows above the list.
  const errors = Object.values(actionData?.result.error ?? {}).flatMap((messages) => messages ?? []);
  const revalidate = useSettledRevalidate();
  const channel = useUserChannel();
  // New notifications and changes made in another tab show up without a reload.
  useRealtime(channel ? [channel] : [], {
    received: (event) => {
      if (event.action === "NEW_NOTIFICATION" || event.action === "STANDARD_PUSH_UPDATE") revalidate();
    },
  });
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" wrap="wrap" gap="3">
          <Heading as="h1" size="7">
            Notifications
          </Heading>
          {unread > 0 ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="mark_all_as_read" />
              <Button type="submit" variant="soft">
                Mark all as read
              </Button>
            </Form>
          ) : null}
        </Flex>
        <FormErrors errors={errors} />
        <Text as="p" color="gray">
          {unread === 0 ? "You're all caught up." : `${unread} unread`}
        </Text>
        {groups.length === 0 ? <Text as="p">No notifications yet.</Text> : null}
        <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }}>
          {groups.map((group) => (
            <li key={group.key}>
              <GroupCard group={group} />
            </li>
          ))}
        </ul>
      </Flex>
    </Container>
  );
}

function GroupCard({ group }: { group: NotificationGroup }) {
  const title = groupTitle(group);
  return (
    <Card asChild>
      <article aria-label={title}>
        <Flex direction="column" gap="2">
          <Flex justify="between" align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="3" weight={group.unread ? "bold" : "regular"}>
              {title}
            </Heading>
            {group.unread ? <Badge color="red">{group.unread} unread</Badge> : <Badge color="gray">Read</Badge>}
          </Flex>
          <ul style={{ margin: 0, paddingInlineStart: "1.2rem" }}>
            {group.items.slice(0, 5).map((item) => {
              const link = notificationLink(item);
              return (
                <li key={item.id}>
                  <Text size="2" color="gray">
                    <time dateTime={item.created_at}>{formatDate(item.created_at, "MMM d, yyyy, h:mm a")}</time>
                  </Text>{" "}
                  {link ? <a href={link}>{item.data.download_path ? "Download" : "Open"}</a> : null}
                </li>
              );
            })}
          </ul>
          <Flex gap="2" wrap="wrap">
            {group.unread ? (
              <GroupForm group={group} intent="mark_as_read" label={`Mark as read: ${title}`}>
                Mark as read
              </GroupForm>
            ) : null}
            <GroupForm group={group} intent="delete_group" label={`Delete: ${title}`}>
              Delete
            </GroupForm>
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}

function GroupForm({ group, intent, label, children }: { group: NotificationGroup; intent: string; label: string; children: string }) {
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="type" value={group.type} />
      {group.group_key !== null ? <input type="hidden" name="group_key" value={group.group_key} /> : null}
      <Button type="submit" variant={intent === "delete_group" ? "outline" : "soft"} color={intent === "delete_group" ? "red" : undefined} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Notifications", description: "Your notifications.", path: "/notifications", noindex: true });
