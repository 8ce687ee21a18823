import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db/db.server";
import { readBookletFile } from "~/online-courses/booklets.server";
import { requireManagedCourse } from "~/online-courses/course-access.server";
import { parseRecordId } from "~/utils/record-id";

/** GET /online-courses/{id}/booklets/{bookletId}: a ready booklet's PDF, for those who manage the course. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { course } = await requireManagedCourse(request, "routes/online-courses+/$id_.booklets.$bookletId", params.id);
  const bookletId = parseRecordId(params.bookletId);
  const pdf = bookletId === null ? null : await readBookletFile(db(), course.id, bookletId);
  if (!pdf) throw new Response("There is no such booklet, or it is not ready yet.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const fileName = `${course.slug}-booklet.pdf`.replace(/[^a-z0-9.-]/g, "-");
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `inline; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
