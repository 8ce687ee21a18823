import { requireRouteAccess } from "~/accounts/authorize.server";
import { Badge, Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { formatUtc } from "~/mail/dev-mailbox";
import { listOutboxEmails } from "~/mail/outbox.server";
import { requireDevMailbox } from "~/routes/dev+/mailbox-access.server";

/**
 * GET /dev/mailbox: every mail the app recorded, newest first (?to= narrows to one address),
 * with the opened mail below. Development and test setups only (see devMailboxAccess).
 */
const LIMIT = 100;
const query = z.object({ to: z.string().trim().max(254).optional().catch(undefined) });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/dev+/mailbox");
  requireDevMailbox(request);
  const { to } = query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const emails = await listOutboxEmails({ to: to || undefined, limit: LIMIT });
  return {
    to: to ?? "",
    emails: emails.map((email) => ({
      id: email.id,
      to: email.to_address,
      subject: email.subject,
      kind: email.kind,
      createdAt: formatUtc(email.created_at),
      sent: email.sent_at !== null,
    })),
  };
}

export default function DevMailbox() {
  const { to, emails } = useLoaderData<typeof loader>();
  const suffix = to ? `?to=${encodeURIComponent(to)}` : "";
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="7" mb="2">
        Development mailbox
      </Heading>
      <Text as="p" color="gray" mb="4">
        Mail the app has recorded, newest first{emails.length === LIMIT ? ` (the latest ${LIMIT})` : ""}. Only served outside production, or to whoever has the link the server printed at start.
      </Text>
      <Form method="get" role="search" aria-label="Filter mail by recipient">
        <Flex gap="3" align="end" wrap="wrap" mb="5">
          <Flex direction="column" gap="1">
            <label htmlFor="mailbox-to">
              <Text size="2" weight="medium">Recipient</Text>
            </label>
            <input id="mailbox-to" className="native-input" type="email" name="to" defaultValue={to} placeholder="someone@example.com" />
          </Flex>
          <Button type="submit">Filter</Button>
          {to ? <Link to="/dev/mailbox">Show all mail</Link> : null}
        </Flex>
      </Form>
      <Outlet />
      {emails.length === 0 ? (
        <Text as="p">No mail{to ? ` to ${to}` : ""} yet.</Text>
      ) : (
        <ul className="mailbox-list" aria-label="Mail" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {emails.map((email) => (
            <li key={email.id} style={{ padding: "var(--space-2) 0", borderBottom: "1px solid var(--gray-a5)" }}>
              <Flex gap="3" align="center" wrap="wrap">
                <Link to={`/dev/mailbox/${email.id}${suffix}`}>{email.subject}</Link>
                <Text size="2" color="gray">
                  to {email.to} · {email.createdAt}
                </Text>
                <Badge color={email.sent ? "green" : "gray"}>{email.sent ? "sent by SMTP" : "stored"}</Badge>
                <Badge variant="outline">{email.kind}</Badge>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Development mailbox — Marketplace" }, { name: "robots", content: "noindex" }];
