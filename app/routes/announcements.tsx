import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { announcementActionSchema, AUDIENCE_LABELS, isAnnouncementStaff, REPLY_CHOICES, REPLY_STATUS_LABELS } from "~/community/announcements";
import { createAnnouncement, listAnnouncementsFor, resolveResponse, respondToAnnouncement } from "~/community/announcements.server";
import { displayDate, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";

/** The toast after each form on the page. */
const DONE_MESSAGES = {
  responded: "Your response was sent.",
  commented: "Your comment was added.",
  resolved: "Marked as resolved.",
  created: "The announcement was published.",
} as const;

const done = (message: keyof typeof DONE_MESSAGES, anchor: string) => redirectWithToast(`/announcements${anchor}`, { type: "success", message: DONE_MESSAGES[message] });

const REFUSALS = {
  "not-found": { status: 404, message: "That announcement or response no longer exists." },
  "not-recipient": { status: 403, message: "This announcement was not sent to you." },
  forbidden: { status: 403, message: "Only the person who responded, or staff, can resolve this." },
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/announcements");
  const viewer = { id: session!.user.id, roles: session!.user.roles };
  return { announcements: await listAnnouncementsFor(viewer), isStaff: isAnnouncementStaff(viewer.roles), pending: session!.user.pending_announcements };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/announcements");
  const viewer = { id: session!.user.id, roles: session!.user.roles };
  const submission = parseWithZod(await request.formData(), { schema: announcementActionSchema });
  if (submission.status !== "success") {
    const fields = submission.reply().error ?? {};
    return data({ errors: Object.values(fields).flat().filter((m): m is string => Boolean(m)), target: submission.payload.announcement_id ?? null }, { status: 400 });
  }
  const value = submission.value;
  if (value.intent === "create") {
    if (!isAnnouncementStaff(viewer.roles)) return data({ errors: ["Only staff publish announcements."], target: null }, { status: 403 });
    const { id } = await createAnnouncement(viewer.id, value);
    throw await done("created", `#announcement-${id}`);
  }
  const outcome =
    value.intent === "resolve"
      ? await resolveResponse(viewer, value.response_id)
      : value.intent === "respond"
        ? await respondToAnnouncement(viewer, { announcementId: value.announcement_id, replyStatus: value.reply_status, comment: value.comment })
        : await respondToAnnouncement(viewer, { announcementId: value.announcement_id, replyStatus: "question", comment: value.body, keepStatus: true });
  if (outcome.kind !== "ok") {
    const refusal = REFUSALS[outcome.kind];
    return data({ errors: [refusal.message], target: "announcement_id" in value ? String(value.announcement_id) : null }, { status: refusal.status });
  }
  const anchor = "announcement_id" in value ? `#announcement-${value.announcement_id}` : "";
  throw await done(value.intent === "resolve" ? "resolved" : value.intent === "respond" ? "responded" : "commented", anchor);
}

export default function AnnouncementsPage() {
  const { announcements, isStaff, pending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Announcements
      </Heading>
      <Text as="p" color="gray" mb="4">
        {isStaff ? "Publish announcements to class reps and marketing reps and follow their responses." : `You have ${pending} unanswered ${pending === 1 ? "announcement" : "announcements"}.`}
      </Text>
      {actionData?.errors.length && !actionData.target ? <FormErrors errors={actionData.errors} /> : null}

      {isStaff ? (
        <Card size="3" mb="6" asChild>
          <section aria-labelledby="new-announcement">
            <Heading as="h2" size="5" id="new-announcement" mb="3">
              New announcement
            </Heading>
            <Form method="post">
              <Flex direction="column" gap="3">
                <CsrfInput />
                <input type="hidden" name="intent" value="create" />
                <FormField label="Title" name="title" id="announcement-title" required maxLength={200} />
                <TextAreaField label="Message" name="body" id="announcement-body" rows={5} required maxLength={5000} />
                <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                  <legend>
                    <Text size="2" weight="medium">
                      Send to
                    </Text>
                  </legend>
                  <Flex gap="4">
                    {Object.entries(AUDIENCE_LABELS).map(([value, label]) => (
                      <label key={value}>
                        <input type="checkbox" name="audience" value={value} /> {label}
                      </label>
                    ))}
                  </Flex>
                </fieldset>
                <Button type="submit" loading={busy}>
                  Publish
                </Button>
              </Flex>
            </Form>
          </section>
        </Card>
      ) : null}

      {announcements.length === 0 ? <Text as="p">No announcements yet.</Text> : null}
      <Flex direction="column" gap="4" asChild>
        <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {announcements.map((announcement) => {
            const response = announcement.current_user_response;
            const errors = actionData?.target === String(announcement.id) ? actionData.errors : undefined;
            return (
              <li key={announcement.id} id={`announcement-${announcement.id}`}>
                <Card size="3" asChild>
                  <article aria-labelledby={`announcement-${announcement.id}-title`}>
                    <Flex justify="between" gap="3" wrap="wrap">
                      <Heading as="h2" size="5" id={`announcement-${announcement.id}-title`}>
                        {announcement.title}
                      </Heading>
                      {response ? <Badge color={response.reply_status === "resolved" ? "green" : "indigo"}>{REPLY_STATUS_LABELS[response.reply_status]}</Badge> : null}
                    </Flex>
                    <Text as="p" size="2" color="gray" mb="2">
                      <time dateTime={isoOf(announcement.created_at)}>{displayDate(announcement.created_at)}</time> · to{" "}
                      {announcement.audience.map((a) => AUDIENCE_LABELS[a]).join(" and ")}
                      {isStaff ? ` · ${announcement.response_count} ${announcement.response_count === 1 ? "response" : "responses"}` : ""}
                    </Text>
                    <Text as="p" mb="3">
                      {announcement.body}
                    </Text>
                    <FormErrors errors={errors} />
                    {announcement.canRespond && !response ? (
                      <Form method="post" aria-label={`Respond to ${announcement.title}`}>
                        <CsrfInput />
                        <input type="hidden" name="intent" value="respond" />
                        <input type="hidden" name="announcement_id" value={announcement.id} />
                        <fieldset style={{ border: 0, padding: 0, margin: "0 0 12px" }}>
                          <legend>
                            <Text size="2" weight="medium">
                              Your reply
                            </Text>
                          </legend>
                          <Flex gap="4" wrap="wrap">
                            {Object.entries(REPLY_CHOICES).map(([value, label]) => (
                              <label key={value}>
                                <input type="radio" name="reply_status" value={value} required /> {label}
                              </label>
                            ))}
                          </Flex>
                        </fieldset>
                        <TextAreaField label="Comment (optional)" name="comment" id={`comment-${announcement.id}`} rows={2} maxLength={2000} />
                        <Button type="submit" mt="3" loading={busy}>
                          Send response
                        </Button>
                      </Form>
                    ) : null}
                    {response ? (
                      <Flex direction="column" gap="3">
                        {response.comments.length > 0 ? (
                          <ul aria-label="Comments">
                            {response.comments.map((c) => (
                              <li key={c.id}>
                                <Text size="2">
                                  <strong>{c.author_name}</strong>: {c.body}
                                </Text>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                        <Form method="post" aria-label={`Comment on ${announcement.title}`}>
                          <CsrfInput />
                          <input type="hidden" name="intent" value="comment" />
                          <input type="hidden" name="announcement_id" value={announcement.id} />
                          <TextAreaField label="Add a comment" name="body" id={`add-comment-${announcement.id}`} rows={2} required maxLength={2000} />
                          <Button type="submit" mt="2" variant="soft" loading={busy}>
                            Comment
                          </Button>
                        </Form>
                        {response.reply_status !== "resolved" ? (
                          <Form method="post">
                            <CsrfInput />
                            <input type="hidden" name="intent" value="resolve" />
                            <input type="hidden" name="response_id" value={response.id} />
                            <input type="hidden" name="announcement_id" value={announcement.id} />
                            <Button type="submit" variant="outline" loading={busy}>
                              Mark resolved
                            </Button>
                          </Form>
                        ) : null}
                      </Flex>
                    ) : null}
                  </article>
                </Card>
              </li>
            );
          })}
        </ul>
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Announcements", description: "Announcements for class reps and marketing reps.", path: "/announcements", noindex: true });
