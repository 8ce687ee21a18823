import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { ATTACHMENT_KIND_NAMES, ATTACHMENT_MESSAGES, attachmentRemoveSchema, attachmentUploadSchema } from "~/study-sessions/attachment-files";
import { addSessionAttachment, listSessionAttachments, removeSessionAttachment } from "~/study-sessions/attachments.server";
import { DEFAULT_TIME_ZONE, isTimeZone, SESSION_SAVED_MESSAGES, sessionFormDefaults, studySessionSchema, timeZones } from "~/study-sessions/editor-rules";
import { linkableCourses, StudySessionInputError, updateStudySession } from "~/study-sessions/editor.server";
import { requireManagedStudySession } from "~/study-sessions/session-access.server";
import { StudySessionForm } from "~/study-sessions/session-form";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/study-sessions+/$id_.edit";

/** ?tz= shows the dates in another time zone (the form posts the zone it shows). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { studySession } = await requireManagedStudySession(request, ROUTE, params.id);
  const asked = new URL(request.url).searchParams.get("tz") ?? "";
  const timeZone = isTimeZone(asked) ? asked : DEFAULT_TIME_ZONE;
  return {
    id: studySession.id,
    title: studySession.title,
    defaults: sessionFormDefaults(studySession, timeZone),
    courses: await linkableCourses(),
    timeZones: timeZones(),
    attachments: await listSessionAttachments(studySession.id),
  };
}

/** POST: the session form; or, by `intent`, a file added (multipart) or removed. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { studySession } = await requireManagedStudySession(request, ROUTE, params.id);
  const formData = await request.formData();
  const back = `/study-sessions/${studySession.id}/edit`;
  if (formData.get("intent") === "attachment-add") {
    const upload = parseWithZod(formData, { schema: attachmentUploadSchema });
    if (upload.status !== "success") return data({ form: "attachment" as const, result: upload.reply() }, { status: 400 });
    const added = await addSessionAttachment(studySession.id, { kind: upload.value.kind, name: upload.value.name, bytes: new Uint8Array(await upload.value.file.arrayBuffer()) });
    if (added.kind === "wrong-type") return data({ form: "attachment" as const, result: upload.reply({ fieldErrors: { file: [ATTACHMENT_MESSAGES.wrongType] } }) }, { status: 415 });
    throw await redirectWithToast(back, { type: "success", message: ATTACHMENT_MESSAGES.added(upload.value.name) });
  }
  if (formData.get("intent") === "attachment-remove") {
    const removal = parseWithZod(formData, { schema: attachmentRemoveSchema });
    if (removal.status !== "success" || !(await removeSessionAttachment(studySession.id, removal.value.attachment_id))) {
      return data({ form: "attachment" as const, result: removal.reply({ formErrors: ["That file is not one of this session's."] }) }, { status: 404 });
    }
    throw await redirectWithToast(back, { type: "success", message: ATTACHMENT_MESSAGES.removed });
  }
  const submission = parseWithZod(formData, { schema: studySessionSchema });
  if (submission.status !== "success") return data({ form: "session" as const, result: submission.reply() }, { status: 400 });
  try {
    await updateStudySession(studySession.id, submission.value);
  } catch (error) {
    if (error instanceof StudySessionInputError) return data({ form: "session" as const, result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 409 });
    throw error;
  }
  throw await redirectWithToast(`/study-sessions/${studySession.id}`, { type: "success", message: SESSION_SAVED_MESSAGES.saved });
}

export default function EditStudySessionPage() {
  const { id, defaults, courses, timeZones: zones, attachments } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Container size="3" px="4" py="6">
      <Flex gap="4" mb="3">
        <Text size="2">
          <Link to={`/study-sessions/${id}`}>Session page</Link>
        </Text>
        <Text size="2">
          <Link to={`/study-sessions/${id}/roster`}>Roster</Link>
        </Text>
      </Flex>
      <Card size="3">
        <StudySessionForm heading="Edit live session" submitLabel="Save session" defaults={defaults} courses={courses} timeZones={zones} lastResult={answer?.form === "session" ? answer.result : undefined} busy={navigation.state === "submitting"} />
      </Card>
      <Card size="3" mt="4" asChild>
        <section aria-labelledby="material-heading">
          <Heading as="h2" size="5" id="material-heading" mb="3">
            Material
          </Heading>
          {attachments.length === 0 ? (
            <Text as="p" color="gray">
              No files yet.
            </Text>
          ) : (
            <ul className="stack-list">
              {attachments.map((attachment) => (
                <li key={attachment.id} className="tile">
                  <span className="tile-meta">{ATTACHMENT_KIND_NAMES[attachment.kind]}</span>
                  <a className="tile-title" href={`/study-sessions/${id}/attachments/${attachment.id}`}>
                    {attachment.name}
                  </a>
                  <Form method="post" className="inline-form">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="attachment-remove" />
                    <input type="hidden" name="attachment_id" value={attachment.id} />
                    <Button type="submit" size="1" variant="outline" color="red" aria-label={`Remove ${attachment.name}`}>
                      Remove
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
          <Form method="post" encType="multipart/form-data" style={{ marginTop: "var(--space-4)" }}>
            <CsrfInput />
            <input type="hidden" name="intent" value="attachment-add" />
            <FormErrors errors={answer?.form === "attachment" ? answer.result.error?.[""] ?? undefined : undefined} />
            <Flex gap="3" wrap="wrap" align="end">
              <SelectField label="What it is" name="kind" defaultValue="booklet" errors={answer?.form === "attachment" ? answer.result.error?.kind ?? undefined : undefined}>
                {Object.entries(ATTACHMENT_KIND_NAMES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <FormField label="Name" name="name" errors={answer?.form === "attachment" ? answer.result.error?.name ?? undefined : undefined} />
              <FormField label="File" name="file" type="file" accept="application/pdf,video/mp4,video/webm" hint="PDF, or an MP4 or WebM video for a recording (at most 24 MB)" errors={answer?.form === "attachment" ? answer.result.error?.file ?? undefined : undefined} />
              <Button type="submit">Add file</Button>
            </Flex>
          </Form>
        </section>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `Edit ${page?.title ?? "live session"} — Marketplace` }, { name: "robots", content: "noindex" }];
