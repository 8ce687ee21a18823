import { requireRouteAccess } from "~/accounts/authorize.server";
import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { linkify } from "~/formatting/linkify";
import { formatUtc } from "~/mail/dev-mailbox";
import { findOutboxEmail } from "~/mail/outbox.server";
import { requireDevMailbox } from "~/routes/dev+/mailbox-access.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * GET /dev/mailbox/{id}: one recorded mail. The plain-text body is shown with its links made
 * clickable; the HTML body is not rendered (it would run as part of this page).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/dev+/mailbox.$id");
  requireDevMailbox(request);
  const id = parseRecordId(params.id);
  const email = id === null ? undefined : await findOutboxEmail(id);
  if (!email) throw new Response("Not Found", { status: 404 });
  return {
    id: email.id,
    to: email.to_address,
    subject: email.subject,
    kind: email.kind,
    createdAt: formatUtc(email.created_at),
    sentAt: email.sent_at ? formatUtc(email.sent_at) : null,
    text: email.text_body,
  };
}

export default function DevMailboxMessage() {
  const email = useLoaderData<typeof loader>();
  return (
    <Card size="3" mb="5" asChild>
      <article aria-labelledby="mail-subject">
        <Flex direction="column" gap="2" mb="3">
          <Heading as="h2" size="5" id="mail-subject">
            {email.subject}
          </Heading>
          <Text size="2" color="gray">
            To {email.to} · {email.createdAt} · {email.sentAt ? `sent by SMTP ${email.sentAt}` : "stored only"}
          </Text>
          <div>
            <Badge variant="outline">{email.kind}</Badge>
          </div>
        </Flex>
        <pre style={{ whiteSpace: "pre-wrap", fontFamily: "inherit", margin: 0 }}>
          {linkify(email.text).map((part, index) =>
            part.kind === "link" ? (
              <a key={index} href={part.href}>
                {part.text}
              </a>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </pre>
      </article>
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.subject ?? "Mail"} — Development mailbox` },
  { name: "robots", content: "noindex" },
];

export { NestedRouteError as ErrorBoundary } from "~/components/nested-route-error";
