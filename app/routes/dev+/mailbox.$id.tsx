import { requireRouteAccess } from "~/accounts/authorize.server";
import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { linkify } from "~/formatting/linkify";
import { formatUtc } from "~/mail/dev-mailbox";
import { attachmentSummaries, findOutboxEmail } from "~/mail/outbox.server";
import { requireDevMailbox } from "~/routes/dev+/mailbox-access.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * GET /dev/mailbox/{id}: one recorded mail. The plain-text body is shown with its links made
 * clickable; the HTML body is not rendered (it would run as part of this page). Attachments are
 * listed as downloads (./mailbox.$id.attachments.$index.ts).
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
    attachments: attachmentSummaries(email.attachments),
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
        {email.attachments.length > 0 ? (
          <section aria-labelledby="mail-attachments" style={{ marginTop: "var(--space-4)" }}>
            <Heading as="h3" size="3" id="mail-attachments" mb="2">
              Attachments
            </Heading>
            <ul style={{ margin: 0, paddingLeft: "var(--space-5)" }}>
              {email.attachments.map((attachment) => (
                <li key={attachment.index}>
                  <a href={`/dev/mailbox/${email.id}/attachments/${attachment.index}`} download={attachment.filename}>
                    {attachment.filename}
                  </a>{" "}
                  <Text size="2" color="gray">
                    ({attachment.contentType.split(";")[0]}, {attachment.bytes.toLocaleString("en-US")} bytes)
                  </Text>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </Card>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.subject ?? "Mail"} — Development mailbox` },
  { name: "robots", content: "noindex" },
];

export { NestedRouteError as ErrorBoundary } from "~/components/nested-route-error";
