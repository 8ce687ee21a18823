import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { byteRange } from "~/files/byte-range";
import { readStoredRange } from "~/files/storage.server";
import { lessonDownloadName } from "~/online-courses/lesson-media";
import { lessonMediaFile } from "~/online-courses/lesson-media.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/online-course-activities+/$activityId.media.$file";

/** Refusals: never kept by a cache (whether the lesson is open changes with enrolment), never sniffed. */
function refusal(status: 403 | 404, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * GET and HEAD /online-course-activities/{activityId}/media/{file}[?download=1]: a lesson's video
 * or captions, to whoever may open the lesson (app/online-courses/lesson-media.server.ts asks the
 * same access module as the lesson's page). A file the lesson does not name, or a course the
 * viewer may not see, is 404; a lesson locked for the viewer 403 with the reason. The file streams
 * from storage, whole (200) or, for a video, one byte range (206; 416 when the range is past the
 * end), so a player can seek and a download resume. Names are never reused, so the browser keeps
 * a file for good, privately: whether someone may have it is decided per person.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const activityId = parseRecordId(params.activityId);
  const file = activityId === null ? ({ kind: "not-found" } as const) : await lessonMediaFile(viewerFor(session), activityId, params.file ?? "");
  if (file.kind === "not-found") throw refusal(404, "There is no such lesson file.");
  if (file.kind === "locked") throw refusal(403, file.message);

  // The name is unique to its content and its size fixes the rest: a strong validator for If-Range.
  const etag = `"${file.name}-${file.size}"`;
  // Videos are played and downloaded by ranges. Captions are small text the server may compress,
  // and a compressed slice would not be the bytes Content-Range names: always whole.
  const ranged = file.contentType.startsWith("video/");
  const range = byteRange({ range: ranged ? request.headers.get("Range") : null, ifRange: request.headers.get("If-Range") }, { size: file.size, etag });
  const headers = new Headers({
    "Accept-Ranges": ranged ? "bytes" : "none",
    "X-Content-Type-Options": "nosniff",
    // Opened on its own, the file is shown by the browser's player and runs nothing of ours.
    "Content-Security-Policy": "default-src 'none'; media-src 'self'",
  });
  if (range.kind === "unsatisfiable") {
    headers.set("Content-Range", range.contentRange);
    headers.set("Cache-Control", "private, no-store");
    return new Response(null, { status: 416, headers });
  }
  headers.set("Content-Type", file.contentType);
  headers.set("Content-Length", String(range.length));
  headers.set("Cache-Control", "private, max-age=31536000, immutable");
  headers.set("ETag", etag);
  if (range.kind === "partial") headers.set("Content-Range", range.contentRange);
  if (new URL(request.url).searchParams.get("download") === "1") {
    headers.set("Content-Disposition", `attachment; filename="${lessonDownloadName(file.lessonTitle, file.name)}"`);
  }
  const body = request.method === "HEAD" || range.length === 0 ? null : readStoredRange("lesson-media", file.name, range.start, range.end);
  return new Response(body, { status: range.status, headers });
}
