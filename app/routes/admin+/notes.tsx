import { parseWithZod } from "@conform-to/zod/v4";
import { Container } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { termLabel } from "~/classes/terms";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { FilterSelect } from "~/components/filter-select";
import { allMessages, FormErrors, TextAreaField } from "~/components/form-field";
import type { NotesPackageStatus } from "~/db/schema";
import { displayDate, isoOf } from "~/formatting/display";
import { fileSizeText } from "~/formatting/file-size";
import { NOTES_MESSAGES, NOTES_STATUS_LABELS, notesReviewSchema } from "~/notes/notes-packages";
import { notesForReview, reviewNotes } from "~/notes/notes-packages.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/admin+/notes";
const HERE = "/admin/notes";
const STATUSES = Object.keys(NOTES_STATUS_LABELS) as NotesPackageStatus[];

/** /admin/notes: the notes students uploaded, waiting for review first (?status= for the others). */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const wanted = new URL(request.url).searchParams.get("status");
  const status = STATUSES.find((option) => option === wanted) ?? "pending";
  return { status, notes: await notesForReview(status), adminHome: mayOpen(viewerFor(session), "routes/admin+/_index") };
}

/** POST: approve (the uploader is credited tokens) or reject with a reason the uploader reads. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: notesReviewSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const command = submission.value;
  const outcome = await reviewNotes(
    command.id,
    session.user.id,
    command.decision === "approve" ? { decision: "approve" } : { decision: "reject", reason: command.reason },
    auditedRequest(request.method, request.url),
  );
  if (outcome.kind === "not-found") return data({ result: submission.reply({ formErrors: ["These notes are gone."] }) }, { status: 404 });
  if (outcome.kind === "already-reviewed") return data({ result: submission.reply({ formErrors: [NOTES_MESSAGES.alreadyReviewed] }) }, { status: 409 });
  const message = outcome.status === "approved" ? `Approved: the notes are on the course page${outcome.rewardTokens ? ` and the student earned ${outcome.rewardTokens} tokens` : ""}.` : "Rejected: the student sees your reason.";
  throw await redirectWithToast(HERE, { type: "success", message }, { status: 303 });
}

export default function AdminNotesPage() {
  const { status, notes, adminHome } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader home={adminHome ? { to: "/admin", label: "Admin" } : { to: "/upload-notes", label: "Upload notes" }}>Uploaded notes</AdminHeader>
      <FormErrors errors={allMessages(answer?.result)} />
      <Form method="get" className="inline-form" aria-label="Filter notes">
        <FilterSelect id="notes-status" label="Status" name="status" value={status} anyLabel="Waiting for review" options={STATUSES.filter((option) => option !== "pending")} text={(option) => NOTES_STATUS_LABELS[option as NotesPackageStatus]} />
        <button type="submit" className="button button--soft">
          Show
        </button>
      </Form>
      <h2 className="section-heading">
        {NOTES_STATUS_LABELS[status]} ({notes.length})
      </h2>
      {notes.length === 0 ? (
        <p className="muted">No notes here.</p>
      ) : (
        <ul className="stack-list">
          {notes.map((note) => (
            <li key={note.id} id={`notes-${note.id}`}>
              <p>
                <strong>{note.title}</strong> — {note.course_code} {note.course_name} · {termLabel({ term: note.term, year: note.term_year })}
              </p>
              <p className="muted">
                By {`${note.uploader_first_name} ${note.uploader_last_name}`.trim() || note.uploader_email} ({note.uploader_email}) · sent{" "}
                <time dateTime={isoOf(note.created_at)}>{displayDate(note.created_at)}</time> ·{" "}
                <Link to={`/upload-notes/${note.id}/file`} reloadDocument>
                  {note.file_name}
                </Link>{" "}
                ({fileSizeText(note.size_bytes)})
              </p>
              {note.status === "rejected" && note.rejection_reason ? <p>Reason: {note.rejection_reason}</p> : null}
              {note.status === "approved" && note.reward_tokens ? <p>Earned {note.reward_tokens} tokens.</p> : null}
              {note.status === "pending" ? (
                <div className="stack">
                  <Form method="post" className="inline-form">
                    <CsrfInput />
                    <input type="hidden" name="id" value={note.id} />
                    <button type="submit" name="decision" value="approve" className="button" disabled={busy}>
                      Approve<span className="visually-hidden"> {note.title}</span>
                    </button>
                  </Form>
                  <Form method="post" className="stack">
                    <CsrfInput />
                    <input type="hidden" name="id" value={note.id} />
                    <TextAreaField label="Reason, if you reject them" id={`reject-reason-${note.id}`} name="reason" rows={2} maxLength={500} />
                    <p>
                      <button type="submit" name="decision" value="reject" className="button button--soft" disabled={busy}>
                        Reject<span className="visually-hidden"> {note.title}</span>
                      </button>
                    </p>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Uploaded notes", description: "Notes students uploaded, to approve or reject.", path: HERE, noindex: true });
