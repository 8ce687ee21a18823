import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { metaFor } from "~/seo/page-meta";
import { calendarFeedPath } from "~/study-sessions/calendar";
import { findCalendarFeedToken, resetCalendarFeedToken, revokeCalendarFeed } from "~/study-sessions/calendar-feed.server";
import { calendarFeedSchema, FEED_CREATED_MESSAGE, FEED_RESET_MESSAGE, FEED_REVOKED_MESSAGE } from "~/study-sessions/calendar-feed-forms";
import { MySessionList } from "~/study-sessions/my-session-list";
import { MY_SESSION_GROUPS, mySessionView } from "~/study-sessions/my-sessions";
import { loadMyStudySessions } from "~/study-sessions/my-sessions.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/study-sessions+/_index";

/** /study-sessions, "My live sessions": the user's sessions live now, upcoming, past and refunded, and their private calendar feed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { groups, feedToken } = await loadMyStudySessions(session.user.id);
  const origin = siteOrigin(request);
  const feedUrl = feedToken ? new URL(calendarFeedPath(feedToken), origin).toString() : null;
  return {
    groups: MY_SESSION_GROUPS.map((group) => ({ ...group, sessions: groups[group.key].map(mySessionView) })),
    feed: feedUrl ? { url: feedUrl, webcalUrl: feedUrl.replace(/^https?:/, "webcal:") } : null,
  };
}

/** POST: intent reset-feed (make the feed link, or replace it so the old one stops working) or revoke-feed. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: calendarFeedSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  if (submission.value.intent === "revoke-feed") {
    await revokeCalendarFeed(session.user.id);
    throw await redirectWithToast("/study-sessions#calendar-feed", { type: "success", message: FEED_REVOKED_MESSAGE });
  }
  const hadFeed = (await findCalendarFeedToken(session.user.id)) !== null;
  await resetCalendarFeedToken(session.user.id);
  throw await redirectWithToast("/study-sessions#calendar-feed", { type: "success", message: hadFeed ? FEED_RESET_MESSAGE : FEED_CREATED_MESSAGE });
}

export default function MyLiveSessions() {
  const { groups, feed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const nonEmpty = groups.filter((group) => group.sessions.length > 0);
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="7">
        My live sessions
      </Heading>
      <Text as="p" color="gray" mt="1">
        Times are in UTC. Each session's page has its join link, an hour before each date starts.
      </Text>
      {nonEmpty.length === 0 ? (
        <Text as="p" mt="5">
          You are not registered for a live session yet. <Link to="/courses">Find your courses</Link> to see the sessions offered for them.
        </Text>
      ) : (
        nonEmpty.map((group) => (
          <section key={group.key} aria-labelledby={`group-${group.key}`} style={{ marginTop: "var(--space-6)" }}>
            <Heading as="h2" size="5" mb="3" id={`group-${group.key}`}>
              {group.title}
            </Heading>
            <MySessionList sessions={group.sessions} />
          </section>
        ))
      )}

      <section id="calendar-feed" aria-labelledby="calendar-feed-title" style={{ marginTop: "var(--space-7)" }}>
        <Heading as="h2" size="5" mb="2" id="calendar-feed-title">
          Calendar feed
        </Heading>
        <Text as="p" color="gray" mb="3">
          Subscribe to this private link in Google Calendar, Apple Calendar or Outlook and your live sessions appear there, and move when a date changes. Anyone with the link
          can see your sessions: keep it to yourself, and reset it if it gets out.
        </Text>
        <FormErrors errors={actionData?.result.error?.[""] ?? undefined} />
        {feed ? (
          <>
            <label htmlFor="calendar-feed-url" style={{ display: "block", fontWeight: 500, marginBottom: "var(--space-1)" }}>
              Your private feed link
            </label>
            <input
              id="calendar-feed-url"
              type="url"
              readOnly
              value={feed.url}
              spellCheck={false}
              style={{
                width: "100%",
                padding: "var(--space-2)",
                fontFamily: "var(--code-font-family)",
                fontSize: "var(--font-size-2)",
                border: "1px solid var(--gray-a7)",
                borderRadius: "var(--radius-2)",
                background: "var(--gray-a2)",
                color: "var(--gray-12)",
              }}
            />
            <Flex gap="3" mt="3" wrap="wrap" align="center">
              <a href={feed.webcalUrl}>Subscribe in your calendar app</a>
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="intent" value="reset-feed" />
                <Button type="submit" variant="soft">
                  Reset link
                </Button>
              </Form>
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="intent" value="revoke-feed" />
                <Button type="submit" variant="soft" color="gray">
                  Turn off feed
                </Button>
              </Form>
            </Flex>
          </>
        ) : (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="reset-feed" />
            <Button type="submit">Create feed link</Button>
          </Form>
        )}
      </section>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "My live sessions", description: "Your live study sessions and their calendar feed.", path: "/study-sessions", noindex: true });
