import { sql, type Kysely, type Transaction } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import type { Executor } from "~/db/executor";
import type { ActivityType, Database, OnlineCourse, OnlineCourseStatus, PackagesConfig } from "~/db/schema";
import type { CourseDetailsInput, EditorCommand, NewCourseInput } from "~/online-courses/editor-forms";
import { checkCourseDeletion, checkStatusChange, CLOSED_MESSAGE, isEditable, moveOrder, swapTarget, type Direction } from "~/online-courses/editor-rules";
import { notifiesPreRegistrants } from "~/online-courses/pre-registration";
import { notifyPreRegistrants } from "~/online-courses/pre-registrations.server";

/**
 * The course editor's changes (issue 5 item 6). Every change runs in one transaction that first
 * locks the course row, so concurrent edits of one course queue up and positions stay dense
 * (0…n-1 within their parent) whatever the interleaving.
 */


/**
 * A refusal the page shows as is: 404 (not in this course), 409 (the course's state forbids it),
 * 422 (a value that only the course's current state can judge, such as a position past the end).
 */
export class EditorError extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export async function findCourse(executor: Executor, id: number): Promise<OnlineCourse | undefined> {
  return executor.selectFrom("online_courses").selectAll().where("id", "=", id).executeTakeFirst();
}

function slugify(text: string) {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "course"
  );
}

/** A new hidden course, its instructor the person creating it when they teach. */
export async function createCourse(db: Kysely<Database>, input: NewCourseInput, instructorId: number | null): Promise<OnlineCourse> {
  const base = slugify(`${input.name} ${input.course_code}`);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom("online_courses")
      .select("slug")
      .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
      .execute();
    const used = new Set(taken.map((row) => row.slug));
    let slug = base;
    for (let n = 2; used.has(slug); n += 1) slug = `${base}-${n}`;
    return trx
      .insertInto("online_courses")
      .values({
        name: input.name,
        slug,
        course_code: input.course_code,
        course_type: input.course_type,
        description: input.description,
        status: "hidden",
        instructor_id: instructorId,
        packages_config: JSON.stringify({}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Locks the course for this transaction and refuses when it is gone or closed. */
async function lockEditableCourse(trx: Transaction<Database>, courseId: number) {
  const course = await trx.selectFrom("online_courses").select(["id", "status"]).where("id", "=", courseId).forUpdate().executeTakeFirst();
  if (!course) throw new EditorError(404, "There is no such course.");
  if (!isEditable(course.status)) throw new EditorError(409, CLOSED_MESSAGE);
  return course;
}

export function packagesFrom(input: CourseDetailsInput): PackagesConfig {
  return {
    pro: { enabled: input.pro_enabled, price_cents: input.pro_price ?? 0, regular_price_cents: input.pro_regular_price },
    practice: { enabled: input.practice_enabled, price_cents: input.practice_price ?? 0, regular_price_cents: input.practice_regular_price },
  };
}

export async function updateCourseDetails(db: Kysely<Database>, courseId: number, input: CourseDetailsInput) {
  await updateCourse(db, courseId, { details: input });
}

/**
 * Changes a course's details and/or moves its status on, in one transaction: either both happen
 * or neither (the details first, so a course can be saved and closed at once, never edited once closed).
 */
export async function updateCourse(
  db: Kysely<Database>,
  courseId: number,
  change: { details?: CourseDetailsInput; status?: OnlineCourseStatus },
  audited?: StaffActor,
): Promise<{ preRegistrantsNotified: number }> {
  return db.transaction().execute(async (trx) => {
    if (change.details) await saveDetails(trx, courseId, change.details);
    const preRegistrantsNotified = change.status ? await moveStatus(trx, courseId, change.status) : 0;
    // A staff member's change and its audit record stand or fall together.
    if (audited && change.status) {
      await recordAuditEvent({ action: "online_course.change", actorId: audited.actorId, request: audited.request, details: { online_course_id: courseId, status: change.status } }, trx);
    }
    return { preRegistrantsNotified };
  });
}

async function saveDetails(trx: Transaction<Database>, courseId: number, input: CourseDetailsInput) {
  await lockEditableCourse(trx, courseId);
  await trx
    .updateTable("online_courses")
    .set({
      name: input.name,
      course_code: input.course_code,
      course_type: input.course_type,
      description: input.description,
      purchase_type: input.purchase_type,
      read_access: input.read_access,
      currency: input.currency,
      price_cents: input.price,
      regular_price_cents: input.regular_price,
      packages_config: JSON.stringify(packagesFrom(input)),
      updated_at: new Date(),
    })
    .where("id", "=", courseId)
    .execute();
}

/**
 * Moves the course one step along hidden → preparing → published → closed. Publishing tells
 * the pre-registered students in the same transaction; answers how many will be told.
 */
export async function changeStatus(db: Kysely<Database>, courseId: number, to: OnlineCourseStatus, audited?: StaffActor) {
  return updateCourse(db, courseId, { status: to }, audited);
}

/** Who made a back-office change, for the audit record written with it. */
export type StaffActor = { actorId: number; request?: AuditedRequest };

async function moveStatus(trx: Transaction<Database>, courseId: number, to: OnlineCourseStatus): Promise<number> {
  const course = await trx.selectFrom("online_courses").select(["id", "status"]).where("id", "=", courseId).forUpdate().executeTakeFirst();
  if (!course) throw new EditorError(404, "There is no such course.");
  const change = checkStatusChange(course.status, to);
  if (!change.ok) throw new EditorError(409, change.reason);
  await trx.updateTable("online_courses").set({ status: to, updated_at: new Date() }).where("id", "=", courseId).execute();
  return notifiesPreRegistrants(course.status, to) ? notifyPreRegistrants(trx, courseId) : 0;
}

/** Deletes a course nobody has seen or joined (editor-rules `checkCourseDeletion`); its curriculum goes with it. */
export async function deleteCourse(db: Kysely<Database>, courseId: number) {
  await db.transaction().execute(async (trx) => {
    const course = await trx.selectFrom("online_courses").select(["id", "status"]).where("id", "=", courseId).forUpdate().executeTakeFirst();
    if (!course) throw new EditorError(404, "There is no such course.");
    const { enrolments } = await trx
      .selectFrom("online_course_users")
      .select(sql<number>`count(*)::int`.as("enrolments"))
      .where("online_course_id", "=", courseId)
      .executeTakeFirstOrThrow();
    const deletion = checkCourseDeletion({ status: course.status, enrolments });
    if (!deletion.ok) throw new EditorError(409, deletion.reason);
    await trx.deleteFrom("online_courses").where("id", "=", courseId).execute();
  });
}

// ── Curriculum ───────────────────────────────────────────────────────────────────────────────

export interface CurriculumActivity {
  id: number;
  section_id: number;
  activity_type: ActivityType;
  position: number;
  title: string;
  can_preview: boolean;
}
export interface CurriculumSection {
  id: number;
  chapter_id: number;
  section_type: "core" | "additional";
  position: number;
  title: string;
  activities: CurriculumActivity[];
}
export interface CurriculumChapter {
  id: number;
  kind: "intro" | "chapter" | "mock_exam";
  position: number;
  title: string;
  sections: CurriculumSection[];
}

/** The whole tree in three queries, whatever its size. */
export async function loadCurriculum(executor: Executor, courseId: number): Promise<CurriculumChapter[]> {
  const chapters = await executor
    .selectFrom("chapters")
    .select(["id", "kind", "position", "title"])
    .where("online_course_id", "=", courseId)
    .orderBy("position")
    .execute();
  if (chapters.length === 0) return [];
  const sections = await executor
    .selectFrom("sections")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .select(["sections.id", "sections.chapter_id", "sections.section_type", "sections.position", "sections.title"])
    .where("chapters.online_course_id", "=", courseId)
    .orderBy("sections.chapter_id")
    .orderBy("sections.position")
    .execute();
  const activities = await executor
    .selectFrom("activities")
    .innerJoin("sections", "sections.id", "activities.section_id")
    .innerJoin("chapters", "chapters.id", "sections.chapter_id")
    .select(["activities.id", "activities.section_id", "activities.activity_type", "activities.position", "activities.title", "activities.can_preview"])
    .where("chapters.online_course_id", "=", courseId)
    .orderBy("activities.section_id")
    .orderBy("activities.position")
    .execute();
  const activitiesBySection = new Map<number, CurriculumActivity[]>();
  for (const activity of activities) {
    const list = activitiesBySection.get(activity.section_id) ?? [];
    list.push(activity);
    activitiesBySection.set(activity.section_id, list);
  }
  const sectionsByChapter = new Map<number, CurriculumSection[]>();
  for (const section of sections) {
    const list = sectionsByChapter.get(section.chapter_id) ?? [];
    list.push({ ...section, activities: activitiesBySection.get(section.id) ?? [] });
    sectionsByChapter.set(section.chapter_id, list);
  }
  return chapters.map((chapter) => ({ ...chapter, sections: sectionsByChapter.get(chapter.id) ?? [] }));
}

type Level = "chapters" | "sections" | "activities";
const PARENT_COLUMN = { chapters: "online_course_id", sections: "chapter_id", activities: "section_id" } as const;
const NOUN = { chapters: "chapter", sections: "section", activities: "activity" } as const;

/** The item's parent id and position, when it belongs to the course. */
async function locate(trx: Transaction<Database>, level: Level, itemId: number, courseId: number) {
  let row: { parent: number; position: number } | undefined;
  if (level === "chapters") {
    row = await trx
      .selectFrom("chapters")
      .select(["online_course_id as parent", "position"])
      .where("id", "=", itemId)
      .where("online_course_id", "=", courseId)
      .executeTakeFirst();
  } else if (level === "sections") {
    row = await trx
      .selectFrom("sections")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .select(["sections.chapter_id as parent", "sections.position"])
      .where("sections.id", "=", itemId)
      .where("chapters.online_course_id", "=", courseId)
      .executeTakeFirst();
  } else {
    row = await trx
      .selectFrom("activities")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .select(["activities.section_id as parent", "activities.position"])
      .where("activities.id", "=", itemId)
      .where("chapters.online_course_id", "=", courseId)
      .executeTakeFirst();
  }
  if (!row) throw new EditorError(404, `That ${NOUN[level]} is not part of this course (it may have been deleted).`);
  return row;
}

async function countIn(trx: Transaction<Database>, level: Level, parent: number) {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(level)} where ${sql.ref(PARENT_COLUMN[level])} = ${parent}`.execute(trx);
  return rows[0]!.count;
}

/** Swaps the item with its neighbour; one statement, so the (deferrable) unique position holds at its end. */
async function move(trx: Transaction<Database>, level: Level, itemId: number, courseId: number, direction: Direction) {
  const { parent, position } = await locate(trx, level, itemId, courseId);
  const target = swapTarget(position, await countIn(trx, level, parent), direction);
  if (target === null) return;
  await sql`update ${sql.table(level)} set position = case when position = ${position} then ${target}::int else ${position}::int end
    where ${sql.ref(PARENT_COLUMN[level])} = ${parent} and position in (${position}, ${target})`.execute(trx);
}

/**
 * Puts the item at `to` among its siblings (0-based), shifting those in between by one; one
 * statement, so the (deferrable) unique position holds at its end. A place past the end is refused.
 */
async function place(trx: Transaction<Database>, level: Level, itemId: number, courseId: number, to: number) {
  const { parent, position } = await locate(trx, level, itemId, courseId);
  const count = await countIn(trx, level, parent);
  const order = moveOrder(count, position, to);
  if (order === null) throw new EditorError(422, `position: choose a place from 0 to ${count - 1}.`);
  // order[i] is the old position of the item now at i: only the ones that change are rewritten.
  const changes = order.flatMap((from, now) => (from === now ? [] : [sql`when ${from}::int then ${now}::int`]));
  if (changes.length === 0) return;
  await sql`update ${sql.table(level)} set position = case position ${sql.join(changes, sql` `)} else position end
    where ${sql.ref(PARENT_COLUMN[level])} = ${parent}`.execute(trx);
}

/** Deletes the item (and what it holds) and closes the gap it leaves. */
async function remove(trx: Transaction<Database>, level: Level, itemId: number, courseId: number) {
  const { parent, position } = await locate(trx, level, itemId, courseId);
  await sql`delete from ${sql.table(level)} where id = ${itemId}`.execute(trx);
  await sql`update ${sql.table(level)} set position = position - 1 where ${sql.ref(PARENT_COLUMN[level])} = ${parent} and position > ${position}`.execute(trx);
}

export interface EditorOutcome {
  /** Where the change happened, for the page to scroll back to. */
  anchor: string;
  message: string;
  /** The chapter, section or activity changed or added (null when it was deleted). */
  id: number | null;
}

/** Applies one editor command to the course. */
export async function applyEditorCommand(db: Kysely<Database>, courseId: number, command: EditorCommand): Promise<EditorOutcome> {
  const outcomes = await applyEditorCommands(db, courseId, [command]);
  return outcomes[0]!;
}

/** Applies several commands to the course in one transaction: all of them, or none when one is refused. */
export async function applyEditorCommands(db: Kysely<Database>, courseId: number, commands: readonly EditorCommand[]): Promise<EditorOutcome[]> {
  return db.transaction().execute(async (trx) => {
    await lockEditableCourse(trx, courseId);
    const outcomes: EditorOutcome[] = [];
    for (const command of commands) outcomes.push(await apply(trx, courseId, command));
    return outcomes;
  });
}

async function apply(trx: Transaction<Database>, courseId: number, command: EditorCommand): Promise<EditorOutcome> {
  switch (command.intent) {
    case "add-chapter": {
      const position = await countIn(trx, "chapters", courseId);
      const chapter = await trx
        .insertInto("chapters")
        .values({ online_course_id: courseId, title: command.title, kind: command.kind, position })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (command.position !== undefined) await place(trx, "chapters", chapter.id, courseId, command.position);
      return { anchor: `chapter-${chapter.id}`, message: `Chapter “${command.title}” added.`, id: chapter.id };
    }
    case "edit-chapter":
      await locate(trx, "chapters", command.chapter_id, courseId);
      await trx.updateTable("chapters").set({ title: command.title, kind: command.kind }).where("id", "=", command.chapter_id).execute();
      return { anchor: `chapter-${command.chapter_id}`, message: "Chapter saved.", id: command.chapter_id };
    case "move-chapter":
      await move(trx, "chapters", command.chapter_id, courseId, command.direction);
      return { anchor: `chapter-${command.chapter_id}`, message: `Chapter moved ${command.direction}.`, id: command.chapter_id };
    case "place-chapter":
      await place(trx, "chapters", command.chapter_id, courseId, command.position);
      return { anchor: `chapter-${command.chapter_id}`, message: "Chapter moved.", id: command.chapter_id };
    case "delete-chapter":
      await remove(trx, "chapters", command.chapter_id, courseId);
      return { anchor: "curriculum", message: "Chapter deleted.", id: null };
    case "add-section": {
      await locate(trx, "chapters", command.chapter_id, courseId);
      const position = await countIn(trx, "sections", command.chapter_id);
      const section = await trx
        .insertInto("sections")
        .values({ chapter_id: command.chapter_id, title: command.title, section_type: command.section_type, position })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (command.position !== undefined) await place(trx, "sections", section.id, courseId, command.position);
      return { anchor: `section-${section.id}`, message: `Section “${command.title}” added.`, id: section.id };
    }
    case "edit-section":
      await locate(trx, "sections", command.section_id, courseId);
      await trx.updateTable("sections").set({ title: command.title, section_type: command.section_type }).where("id", "=", command.section_id).execute();
      return { anchor: `section-${command.section_id}`, message: "Section saved.", id: command.section_id };
    case "move-section":
      await move(trx, "sections", command.section_id, courseId, command.direction);
      return { anchor: `section-${command.section_id}`, message: `Section moved ${command.direction}.`, id: command.section_id };
    case "place-section":
      await place(trx, "sections", command.section_id, courseId, command.position);
      return { anchor: `section-${command.section_id}`, message: "Section moved.", id: command.section_id };
    case "delete-section":
      await remove(trx, "sections", command.section_id, courseId);
      return { anchor: "curriculum", message: "Section deleted.", id: null };
    case "add-activity": {
      await locate(trx, "sections", command.section_id, courseId);
      const position = await countIn(trx, "activities", command.section_id);
      const activity = await trx
        .insertInto("activities")
        .values({
          section_id: command.section_id,
          title: command.title,
          activity_type: command.activity_type,
          can_preview: command.can_preview,
          position,
          content: JSON.stringify({}),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (command.position !== undefined) await place(trx, "activities", activity.id, courseId, command.position);
      return { anchor: `activity-${activity.id}`, message: `Activity “${command.title}” added.`, id: activity.id };
    }
    case "edit-activity":
      await locate(trx, "activities", command.activity_id, courseId);
      await trx
        .updateTable("activities")
        .set({ title: command.title, activity_type: command.activity_type, can_preview: command.can_preview })
        .where("id", "=", command.activity_id)
        .execute();
      return { anchor: `activity-${command.activity_id}`, message: "Activity saved.", id: command.activity_id };
    case "move-activity":
      await move(trx, "activities", command.activity_id, courseId, command.direction);
      return { anchor: `activity-${command.activity_id}`, message: `Activity moved ${command.direction}.`, id: command.activity_id };
    case "place-activity":
      await place(trx, "activities", command.activity_id, courseId, command.position);
      return { anchor: `activity-${command.activity_id}`, message: "Activity moved.", id: command.activity_id };
    case "delete-activity":
      await remove(trx, "activities", command.activity_id, courseId);
      return { anchor: "curriculum", message: "Activity deleted.", id: null };
  }
}

