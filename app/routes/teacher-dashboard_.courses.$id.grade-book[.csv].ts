import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { requireTaughtClass } from "~/classes/class-access.server";
import { gradeBook } from "~/classes/grade-book.server";
import { gradeBookCsv } from "~/classes/grades-csv";

const ROUTE = "routes/teacher-dashboard_.courses.$id.grade-book[.csv]";

/** GET /teacher-dashboard/courses/{id}/grade-book.csv: the grade book as a CSV file, to the class's teachers. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const klass = await requireTaughtClass(session, params.id);
  const fileName = `${klass.label
    .replace(/[^\p{L}\p{N} _-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()} grades.csv`;
  return new Response(gradeBookCsv(await gradeBook(klass.id)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="grades.csv"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
