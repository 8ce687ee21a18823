import { db } from "~/db/db.server";
import type { TextbookLevel } from "~/db/schema";

export { TEXTBOOK_LEVELS } from "./textbooks";

export async function listTextbooks(level?: TextbookLevel) {
  let query = db()
    .selectFrom("textbooks")
    .leftJoin("online_courses", (join) => join.onRef("online_courses.id", "=", "textbooks.online_course_id").on("online_courses.status", "=", "published"))
    .select([
      "textbooks.id",
      "textbooks.slug",
      "textbooks.title",
      "textbooks.level",
      "textbooks.subject",
      "textbooks.summary",
      "textbooks.chapters",
      "online_courses.slug as online_course_slug",
      "online_courses.name as online_course_name",
    ]);
  if (level) query = query.where("textbooks.level", "=", level);
  return query.orderBy("textbooks.level").orderBy("textbooks.title").execute();
}
