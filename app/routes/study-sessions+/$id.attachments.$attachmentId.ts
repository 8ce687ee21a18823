import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor } from "~/accounts/session.server";
import { byteRange } from "~/files/byte-range";
import { readStoredRange, storedFileSize } from "~/files/storage.server";
import { hasAccess, openableAttachments } from "~/study-sessions/access";
import { findEnrolment } from "~/study-sessions/enrolments.server";
import { findStudySession } from "~/study-sessions/sessions.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/study-sessions+/$id.attachments.$attachmentId";

/** One answer for every refusal, so a file the viewer may not open cannot be told from one that does not exist. */
function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/** "MATH 137 Booklet" → "math-137-booklet.pdf": a download name made of safe characters only. */
function downloadName(name: string, fileName: string) {
  const extension = fileName.split(".").pop() ?? "bin";
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80) || "attachment";
  return `${base}.${extension}`;
}

/**
 * GET and HEAD /study-sessions/{id}/attachments/{attachmentId}: a session's booklet, solutions,
 * preview or recording, to whoever access.ts lets open it (previews to anyone; the rest to an
 * enrolled student until access ends; never a kind the session excludes) and to whoever runs the
 * session. Everything else is 404.
 * Recordings stream by byte range (206) so the player can seek. Never cached: access ends.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const sessionId = parseRecordId(params.id);
  const attachmentId = parseRecordId(params.attachmentId);
  const studySession = sessionId === null || attachmentId === null ? undefined : await findStudySession(sessionId);
  if (!studySession) throw notFound();
  // Whoever runs the session opens every file of it, excluded kinds too (they manage them).
  const manages = can(viewerFor(session), "manage_study_session", { instructor_id: studySession.instructor?.id ?? null });
  const enrolment = session && !manages ? await findEnrolment(studySession.id, session.user.id) : undefined;
  const withAccess = hasAccess(enrolment ?? null, studySession, new Date());
  const attachment = (manages ? studySession.attachments : openableAttachments(studySession.attachments, studySession, withAccess)).find((candidate) => candidate.id === attachmentId);
  if (!attachment) throw notFound();
  const size = await storedFileSize("study-session-files", attachment.file_name);
  if (size === null) throw notFound();

  const etag = `"${attachment.file_name}-${size}"`;
  const ranged = attachment.content_type.startsWith("video/");
  const range = byteRange({ range: ranged ? request.headers.get("Range") : null, ifRange: request.headers.get("If-Range") }, { size, etag });
  const headers = new Headers({
    "Accept-Ranges": ranged ? "bytes" : "none",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; media-src 'self'; object-src 'self'",
  });
  if (range.kind === "unsatisfiable") {
    headers.set("Content-Range", range.contentRange);
    return new Response(null, { status: 416, headers });
  }
  headers.set("Content-Type", attachment.content_type);
  headers.set("Content-Length", String(range.length));
  headers.set("ETag", etag);
  headers.set("Content-Disposition", `inline; filename="${downloadName(attachment.name, attachment.file_name)}"`);
  if (range.kind === "partial") headers.set("Content-Range", range.contentRange);
  const body = request.method === "HEAD" || range.length === 0 ? null : readStoredRange("study-session-files", attachment.file_name, range.start, range.end);
  return new Response(body, { status: range.status, headers });
}
