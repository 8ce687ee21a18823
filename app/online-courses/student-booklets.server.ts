import { sql, type Kysely } from "kysely";
import type { Viewer } from "~/accounts/roles";
import { findCourseDetail } from "~/catalog/courses.server";
import { db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { readStoredFile } from "~/files/storage.server";
import { enqueueJob } from "~/jobs/queue.server";
import { courseAccessLevel, courseFactsOf } from "~/online-courses/access";
import { BOOKLET_QUEUE } from "~/online-courses/booklets.server";
import { enrolmentFacts } from "~/online-courses/enrolments.server";
import {
  mayHaveStudentBooklet,
  needsGenerating,
  sessionBooklets,
  studentBookletDownloadPath,
  studentBookletState,
  type BookletFacts,
  type StudentBookletState,
} from "~/online-courses/student-booklets";
import { myEnrolmentsFromRows, myEnrolmentsQuery } from "~/study-sessions/my-sessions.server";
import { hasAccess } from "~/study-sessions/access";
import { subscriptionFactsFor } from "~/subscriptions/subscriptions.server";

/**
 * The students' booklets (rules in student-booklets.ts): one booklet per online course and content
 * version, made by the booklet job (booklets.server.ts) and shared by every student who may have it.
 */

type BookletRow = { id: number; online_course_id: number; status: BookletFacts["status"]; content_version: number | null; created_at: Date };
const facts = (row: BookletRow | undefined): BookletFacts | null =>
  row ? { id: row.id, status: row.status, contentVersion: row.content_version, createdAt: row.created_at } : null;

/** Each online course's booklet state, in two queries whatever the number of courses. */
export async function studentBookletStates(executor: Kysely<Database>, courses: readonly { id: number; content_version: number }[], now: Date) {
  const states = new Map<number, StudentBookletState>();
  if (courses.length === 0) return states;
  const ids = courses.map((course) => course.id);
  const newest = (readyOnly: boolean) =>
    executor
      .selectFrom("online_course_booklets")
      .distinctOn("online_course_id")
      .select(["id", "online_course_id", "status", "content_version", "created_at"])
      .where("online_course_id", "in", ids)
      .where("edition", "=", "student")
      .$if(readyOnly, (query) => query.where("status", "=", "ready"))
      .orderBy("online_course_id")
      .orderBy("id", "desc")
      .execute();
  const [latest, ready] = await Promise.all([newest(false), newest(true)]);
  const latestBy = new Map(latest.map((row) => [row.online_course_id, row]));
  const readyBy = new Map(ready.map((row) => [row.online_course_id, row]));
  for (const course of courses) states.set(course.id, studentBookletState(facts(latestBy.get(course.id)), facts(readyBy.get(course.id)), course.content_version, now));
  return states;
}

export type StudentBookletRequest = { kind: "ready"; bookletId: number } | { kind: "generating"; bookletId: number; created: boolean };

/**
 * Asks for the course's students' booklet for this user: a current ready one is answered as it is;
 * else the booklet being made (or a new one, with its job, in the same transaction) gets the user
 * on its list of people to tell. Two requests at once make one booklet and one job: the partial
 * unique index on a generating booklet per course and edition lets one insert through.
 */
export async function requestStudentBooklet(executor: Kysely<Database>, onlineCourseId: number, userId: number, now: Date): Promise<StudentBookletRequest> {
  return executor.transaction().execute(async (trx) => {
    const course = await trx.selectFrom("online_courses").select(["id", "content_version"]).where("id", "=", onlineCourseId).executeTakeFirstOrThrow();
    const state = (await studentBookletStates(trx, [course], now)).get(course.id)!;
    if (state.kind === "ready") return { kind: "ready", bookletId: state.bookletId };
    let bookletId: number;
    let created = false;
    if (needsGenerating(state)) {
      const inserted = await trx
        .insertInto("online_course_booklets")
        .values({ online_course_id: course.id, requested_by_id: userId, edition: "student", content_version: course.content_version })
        .onConflict((conflict) => conflict.columns(["online_course_id", "edition"]).where("status", "=", sql.lit("generating")).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) {
        await enqueueJob(trx, BOOKLET_QUEUE, { bookletId: inserted.id });
        bookletId = inserted.id;
        created = true;
      } else {
        bookletId = (await pendingBooklet(trx, course.id))!;
      }
    } else {
      bookletId = state.kind === "generating" ? state.bookletId : (await pendingBooklet(trx, course.id))!;
    }
    await trx.insertInto("online_course_booklet_requests").values({ booklet_id: bookletId, user_id: userId }).onConflict((conflict) => conflict.doNothing()).execute();
    return { kind: "generating", bookletId, created };
  });
}

async function pendingBooklet(executor: Kysely<Database>, onlineCourseId: number) {
  const row = await executor
    .selectFrom("online_course_booklets")
    .select("id")
    .where("online_course_id", "=", onlineCourseId)
    .where("edition", "=", "student")
    .where("status", "=", "generating")
    .executeTakeFirst();
  return row?.id;
}

/** The PDF of a ready students' booklet of this course, or null. */
export async function readStudentBookletFile(onlineCourseId: number, bookletId: number) {
  const row = await db()
    .selectFrom("online_course_booklets")
    .select(["file_name", "status"])
    .where("id", "=", bookletId)
    .where("online_course_id", "=", onlineCourseId)
    .where("edition", "=", "student")
    .executeTakeFirst();
  if (!row || row.status !== "ready" || !row.file_name) return null;
  return readStoredFile("booklets", row.file_name);
}

/** An online course row with what the access module needs. */
function onlineCourseColumns() {
  return [
    "oc.id",
    "oc.slug",
    "oc.name",
    "oc.status",
    "oc.purchase_type",
    "oc.read_access",
    "oc.instructor_id",
    "oc.instructor_intro",
    "oc.packages_config",
    "oc.content_version",
  ] as const;
}

/** Whether this user may have the students' booklet of this online course now. */
export async function mayOpenStudentBooklet(viewer: Viewer & { id: number }, onlineCourseId: number, now: Date): Promise<boolean> {
  const [course, enrolment, subscription] = await Promise.all([
    db().selectFrom("online_courses as oc").select(onlineCourseColumns()).where("oc.id", "=", onlineCourseId).executeTakeFirst(),
    db().selectFrom("online_course_users").selectAll().where("user_id", "=", viewer.id).where("online_course_id", "=", onlineCourseId).executeTakeFirst(),
    subscriptionFactsFor(viewer.id, now),
  ]);
  if (!course) return false;
  const courseFacts = courseFactsOf(course);
  const enrolled = enrolmentFacts(enrolment);
  return mayHaveStudentBooklet({ viewer, course: courseFacts, enrolment: enrolled, subscription, accessLevel: courseAccessLevel(viewer, courseFacts, enrolled), now });
}

export interface OnlineCourseBooklet {
  id: number;
  slug: string;
  name: string;
  state: StudentBookletState;
  downloadPath: string | null;
}

export interface SessionBooklets {
  sessionId: number;
  title: string;
  booklets: { id: number; name: string; href: string }[];
}

/** The course's online courses whose students' booklet the viewer may have now, by name. */
async function openOnlineCourses(viewer: Viewer & { id: number }, courseId: number, now: Date) {
  const [onlineCourses, subscription] = await Promise.all([
    db()
      .selectFrom("online_courses as oc")
      .innerJoin("online_course_courses as occ", "occ.online_course_id", "oc.id")
      .leftJoin("online_course_users as ocu", (join) => join.onRef("ocu.online_course_id", "=", "oc.id").on("ocu.user_id", "=", viewer.id))
      .where("occ.course_id", "=", courseId)
      .select(onlineCourseColumns())
      .select(["ocu.status as enrolment_status", "ocu.package_type", "ocu.elite_payment_status", "ocu.expires_at", "ocu.extended_access_date"])
      .orderBy("oc.name")
      .execute(),
    subscriptionFactsFor(viewer.id, now),
  ]);
  return onlineCourses.filter((row) => {
    const courseFacts = courseFactsOf(row);
    const enrolment = row.enrolment_status
      ? enrolmentFacts({ status: row.enrolment_status, package_type: row.package_type!, elite_payment_status: row.elite_payment_status, expires_at: row.expires_at, extended_access_date: row.extended_access_date })
      : null;
    return mayHaveStudentBooklet({ viewer, course: courseFacts, enrolment, subscription, accessLevel: courseAccessLevel(viewer, courseFacts, enrolment), now });
  });
}

/** The booklets of the course's live sessions the viewer is enrolled in with access (none the session excludes). */
async function sessionBookletsOf(userId: number, courseId: number, now: Date): Promise<SessionBooklets[]> {
  const [enrolments, sessionRows, attachments] = await Promise.all([
    myEnrolmentsQuery(userId).execute(),
    db().selectFrom("study_session_courses as ssc").innerJoin("study_sessions as s", "s.id", "ssc.study_session_id").where("ssc.course_id", "=", courseId).select(["s.id", "s.booklet_excluded", "s.solutions_excluded", "s.recording_excluded"]).execute(),
    db()
      .selectFrom("study_session_attachments as a")
      .innerJoin("study_session_courses as ssc", "ssc.study_session_id", "a.study_session_id")
      .where("ssc.course_id", "=", courseId)
      .where("a.kind", "=", "booklet")
      .select(["a.id", "a.study_session_id", "a.kind", "a.position", "a.name"])
      .orderBy("a.position")
      .execute(),
  ]);
  const exclusions = new Map(sessionRows.map((row) => [row.id, row]));
  return myEnrolmentsFromRows(enrolments)
    .filter((enrolment) => exclusions.has(enrolment.session_id))
    .flatMap((enrolment) => {
      const session = { expires_at: enrolment.expires_at, disable_zoom: enrolment.disable_zoom, dates: enrolment.dates };
      const own = attachments.filter((attachment) => attachment.study_session_id === enrolment.session_id);
      const list = sessionBooklets(own, exclusions.get(enrolment.session_id)!, hasAccess(enrolment, session, now));
      if (list.length === 0) return [];
      return [
        {
          sessionId: enrolment.session_id,
          title: enrolment.title,
          booklets: list.map((attachment) => ({ id: attachment.id, name: attachment.name, href: `/study-sessions/${enrolment.session_id}/attachments/${attachment.id}` })),
        },
      ];
    });
}

/** Whether the viewer has any booklet of the course (the course page links to the booklet page then). */
export async function hasCourseBooklets(viewer: Viewer & { id: number }, courseId: number, now: Date): Promise<boolean> {
  const [open, sessions] = await Promise.all([openOnlineCourses(viewer, courseId, now), sessionBookletsOf(viewer.id, courseId, now)]);
  return open.length > 0 || sessions.length > 0;
}

/**
 * /courses/{idOrSlug}/booklet for one viewer: the booklets of the course's online courses they may
 * study in full, and of its live sessions they are enrolled in with access; for a viewer with
 * neither, what they could buy (the course page's online courses and upcoming sessions).
 * Undefined for an unknown course.
 */
export async function courseBookletsFor(viewer: Viewer & { id: number }, idOrSlug: string, now: Date) {
  const detail = await findCourseDetail(idOrSlug);
  if (!detail) return undefined;
  const [open, sessions] = await Promise.all([openOnlineCourses(viewer, detail.course.id, now), sessionBookletsOf(viewer.id, detail.course.id, now)]);
  const states = await studentBookletStates(db(), open, now);
  const onlineCourses: OnlineCourseBooklet[] = open.map((row) => {
    const state = states.get(row.id)!;
    return { id: row.id, slug: row.slug, name: row.name, state, downloadPath: state.kind === "ready" ? studentBookletDownloadPath(row.id, state.bookletId) : null };
  });
  return {
    course: { id: detail.course.id, slug: detail.course.slug, code: detail.course.code, name: detail.course.name },
    onlineCourses,
    sessions,
    // What to buy, for the empty page.
    offers: {
      onlineCourses: detail.onlineCourses.map((course) => ({ slug: course.slug, name: course.name })),
      sessions: detail.studySessions.map((session) => ({ id: session.id, title: session.title })),
    },
  };
}
