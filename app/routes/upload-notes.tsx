import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { termLabel } from "~/classes/terms";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { config } from "~/config/env.server";
import { displayDate, isoOf } from "~/formatting/display";
import { NOTES_MESSAGES, NOTES_STATUS_LABELS, notesTermChoices, notesUploadSchema, parseNotesTerm } from "~/notes/notes-packages";
import { coursesForNotes, myNotesPackages, uploadNotes } from "~/notes/notes-packages.server";
import { metaFor } from "~/seo/page-meta";
import { ShareForm } from "~/shares/share-views";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/upload-notes";

/** /upload-notes: a student uploads notes for one of their courses and follows their review. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const [courses, uploads] = await Promise.all([coursesForNotes(session.user.id), myNotesPackages(session.user.id)]);
  const wanted = Number(new URL(request.url).searchParams.get("course"));
  return {
    courses,
    uploads,
    selectedCourse: courses.some((course) => course.id === wanted) ? wanted : null,
    terms: notesTermChoices(requestNow(request)),
    reward: config().NOTES_REWARD_TOKENS,
    reviews: mayOpen(viewerFor(session), "routes/admin+/notes"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: notesUploadSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { course_id, title, term, notes } = submission.value;
  const termOfNotes = parseNotesTerm(term, requestNow(request));
  if (!termOfNotes) return data({ result: submission.reply({ fieldErrors: { term: ["Choose one of the terms listed."] } }) }, { status: 400 });
  const outcome = await uploadNotes({ userId: session.user.id, courseId: course_id, title, term: termOfNotes, file: { name: notes.name, bytes: new Uint8Array(await notes.arrayBuffer()) } });
  if (outcome.kind === "wrong-file") return data({ result: submission.reply({ fieldErrors: { notes: [NOTES_MESSAGES.wrongType] } }) }, { status: 415 });
  if (outcome.kind === "not-your-course") return data({ result: submission.reply({ fieldErrors: { course_id: [NOTES_MESSAGES.notYourCourse] } }) }, { status: 422 });
  throw await redirectWithToast("/upload-notes", { type: "success", message: "Thank you: your notes are uploaded and wait for review." }, { status: 303 });
}

export default function UploadNotesPage() {
  const { courses, uploads, selectedCourse, terms, reward, reviews } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "upload-notes",
    lastResult: actionData?.result,
    constraint: getZodConstraint(notesUploadSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: notesUploadSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { course_id: selectedCourse ? String(selectedCourse) : "", term: terms[0]?.value ?? "" },
  });
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Upload notes
      </Heading>
      <Text as="p" color="gray" mb="4">
        Share your notes for a course you take. Once our team approves them, classmates who take the course can open them from the course page
        {reward > 0 ? <>, and you earn {reward} tokens</> : null}.
      </Text>
      {reviews ? (
        <p>
          <Link to="/admin/notes" className="button button--soft">
            Review uploaded notes
          </Link>
        </p>
      ) : null}
      {courses.length === 0 ? (
        <p>
          Notes are uploaded for a course you take. Add your courses on <Link to="/profile">your profile</Link> first.
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
          <Flex direction="column" gap="4">
            <CsrfInput />
            <FormErrors errors={form.errors} />
            <SelectField label="Course" errors={fields.course_id.errors} name={fields.course_id.name} id={fields.course_id.id} defaultValue={selectedCourse ? String(selectedCourse) : ""}>
              <option value="">Choose a course</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.code} — {course.name}
                </option>
              ))}
            </SelectField>
            <FormField label="Title" hint="What the notes cover, e.g. “Midterm 1 review: limits and derivatives”." errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} />
            <SelectField label="Term" errors={fields.term.errors} name={fields.term.name} id={fields.term.id} defaultValue={terms[0]?.value}>
              {terms.map((term) => (
                <option key={term.value} value={term.value}>
                  {term.label}
                </option>
              ))}
            </SelectField>
            <FormField label="Notes" hint="A PDF, or a PNG or JPEG picture, at most 20 MB." type="file" name={fields.notes.name} id={fields.notes.id} accept="application/pdf,image/png,image/jpeg" errors={fields.notes.errors} />
            <Button type="submit" size="3" loading={navigation.state === "submitting"}>
              Upload notes
            </Button>
          </Flex>
        </Form>
      )}
      <section aria-labelledby="my-notes-heading">
        <Heading as="h2" size="5" id="my-notes-heading" mt="6" mb="2">
          Your uploads
        </Heading>
        {uploads.length === 0 ? (
          <p className="muted">You have not uploaded notes yet.</p>
        ) : (
          <ul className="stack-list">
            {uploads.map((upload) => (
              <li key={upload.id} data-notes={upload.id}>
                <p>
                  <strong>{upload.title}</strong> — {upload.course_code} · {termLabel({ term: upload.term, year: upload.term_year })} · sent{" "}
                  <time dateTime={isoOf(upload.created_at)}>{displayDate(upload.created_at)}</time> · <Link to={`/upload-notes/${upload.id}/file`} reloadDocument>{upload.file_name}</Link>
                </p>
                <p>
                  Status: <strong>{NOTES_STATUS_LABELS[upload.status]}</strong>
                  {upload.status === "approved" && upload.reward_tokens ? <> — you earned {upload.reward_tokens} tokens</> : null}
                  {upload.status === "rejected" && upload.rejection_reason ? <> — {upload.rejection_reason}</> : null}
                </p>
                {upload.status === "approved" ? <ShareForm resourceType="notes_package" resourceId={upload.id} what="these notes" /> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Upload notes", description: "Share your notes for a course you take; approved notes earn tokens.", path: "/upload-notes", noindex: true });
