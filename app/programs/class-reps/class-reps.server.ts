import { sql } from "kysely";
import type { AuditedRequest } from "~/accounts/audit.server";
import { changeRole } from "~/accounts/admin-user-account.server";
import { checkRoleChange } from "~/accounts/role-changes";
import type { Viewer } from "~/accounts/roles";
import { db } from "~/db/db.server";
import type { ClassRepApplicationStatus, ClassRepReportStatus, ClassRepWizardStep } from "~/db/schema";
import { mailLink } from "~/mail/links.server";
import { sendMail } from "~/mail/mailer.server";
import { classRepApprovedMail, classRepDeclinedMail } from "~/mail/templates";
import { parseRecordId } from "~/utils/record-id";
import {
  decideApplication,
  periodLabel,
  reviewReport,
  wantsClassRep,
  wizardProgressAfter,
  type ApplicationDecision,
  type ApplicationInput,
  type ReportInput,
  type ReportPeriod,
  type WizardFormStep,
} from "./rules";

/**
 * The class-rep programme's server side: applications, staff decisions (the rep's course row,
 * the class_rep role and the mail in one transaction), the wizard's progress and the reps'
 * reports. Rules are in ./rules.ts.
 */

function isUniqueViolation(error: unknown, constraint: string) {
  const e = error as { code?: string; constraint?: string } | undefined;
  return e?.code === "23505" && e.constraint === constraint;
}

const courseLabel = (course: { code: string; name: string }) => `${course.code} ${course.name}`;

/** The course an application is for, with whether it is looking for a rep. */
export async function findClassRepCourse(idOrSlug: string) {
  const id = parseRecordId(idOrSlug);
  const course = await db()
    .selectFrom("courses")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .where(id !== null ? "courses.id" : "courses.slug", "=", id ?? idOrSlug)
    .select(["courses.id", "courses.slug", "courses.code", "courses.name", "courses.high_priority", "courses.has_class_rep", "schools.name as school_name"])
    .executeTakeFirst();
  return course ? { ...course, wanted: wantsClassRep(course) } : undefined;
}

/** Where a user stands with a course: their open application, or their rep row. */
export async function applicantStanding(userId: number, courseId: number) {
  const [open, rep] = await Promise.all([
    db().selectFrom("class_rep_applications").select(["id", "created_at"]).where("user_id", "=", userId).where("course_id", "=", courseId).where("status", "=", "pending").executeTakeFirst(),
    db().selectFrom("class_rep_courses").select(["id", "wizard_step"]).where("user_id", "=", userId).where("course_id", "=", courseId).executeTakeFirst(),
  ]);
  return { open: open ?? null, rep: rep ?? null };
}

export type ApplyOutcome = { kind: "applied"; id: number } | { kind: "not-wanted" } | { kind: "already-rep" } | { kind: "already-open" };

/** A student applies; the database keeps one open application per user and course. */
export async function applyForClassRep(userId: number, course: { id: number; wanted: boolean }, input: ApplicationInput): Promise<ApplyOutcome> {
  const standing = await applicantStanding(userId, course.id);
  if (standing.rep) return { kind: "already-rep" };
  if (standing.open) return { kind: "already-open" };
  if (!course.wanted) return { kind: "not-wanted" };
  try {
    const row = await db()
      .insertInto("class_rep_applications")
      .values({ user_id: userId, course_id: course.id, motivation: input.motivation, year: input.year, outreach: input.outreach })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { kind: "applied", id: row.id };
  } catch (error) {
    if (isUniqueViolation(error, "class_rep_applications_open_idx")) return { kind: "already-open" };
    throw error;
  }
}

/** Staff's list: applications (pending first, then the latest decided). */
export async function listApplications(status: ClassRepApplicationStatus | null) {
  let query = db()
    .selectFrom("class_rep_applications as a")
    .innerJoin("users", "users.id", "a.user_id")
    .innerJoin("courses", "courses.id", "a.course_id")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .leftJoin("class_rep_courses as crc", "crc.application_id", "a.id")
    .select([
      "a.id",
      "a.status",
      "a.motivation",
      "a.year",
      "a.outreach",
      "a.created_at",
      "a.reviewed_at",
      "users.email",
      sql<string>`trim(users.first_name || ' ' || users.last_name)`.as("applicant_name"),
      "courses.code as course_code",
      "courses.name as course_name",
      "courses.slug as course_slug",
      "schools.name as school_name",
      "crc.id as crc_id",
    ]);
  if (status) query = query.where("a.status", "=", status);
  return query
    .orderBy(sql`a.status = 'pending'`, "desc")
    .orderBy(sql`coalesce(a.reviewed_at, a.created_at)`, "desc")
    .orderBy("a.id", "desc")
    .limit(200)
    .execute();
}

export type DecisionOutcome = { kind: "approved"; crcId: number; roleGranted: boolean } | { kind: "declined" } | { kind: "not-found" } | { kind: "refused"; status: 409; reason: string };

/**
 * Approves or declines a pending application. One conditional update decides it, so two staff
 * pressing at once decide it once and the applicant gets one mail. Approving creates the rep's
 * course row, marks the course as having a rep and grants class_rep when they lack it.
 */
export async function decideClassRepApplication(
  applicationId: number,
  decision: ApplicationDecision,
  actor: { viewer: Viewer; request?: AuditedRequest },
  origin: string,
): Promise<DecisionOutcome> {
  const reviewerId = actor.viewer.id;
  if (reviewerId === null) throw new Error("A guest cannot decide a class-rep application");
  return db()
    .transaction()
    .execute(async (trx): Promise<DecisionOutcome> => {
      const application = await trx
        .selectFrom("class_rep_applications as a")
        .innerJoin("users", "users.id", "a.user_id")
        .innerJoin("courses", "courses.id", "a.course_id")
        .select(["a.id", "a.status", "a.user_id", "a.course_id", "users.email", "users.first_name", "users.roles", "courses.code", "courses.name"])
        .where("a.id", "=", applicationId)
        .executeTakeFirst();
      if (!application) return { kind: "not-found" };
      const move = decideApplication(application.status, decision);
      if (!move.ok) return { kind: "refused", status: move.status, reason: move.reason };
      const now = new Date();
      const updated = await trx
        .updateTable("class_rep_applications")
        .set({ status: move.next, reviewed_by: reviewerId, reviewed_at: now })
        .where("id", "=", application.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return { kind: "refused", status: 409, reason: "Someone else decided that application a moment ago." };
      const label = courseLabel(application);
      if (move.next === "declined") {
        const mail = classRepDeclinedMail({ name: application.first_name, courseLabel: label, url: mailLink("/class-rep-positions", {}, origin) });
        await sendMail({ to: application.email, kind: "class_rep_declined", ...mail }, { executor: trx });
        return { kind: "declined" };
      }
      const inserted = await trx
        .insertInto("class_rep_courses")
        .values({ user_id: application.user_id, course_id: application.course_id, application_id: application.id })
        .onConflict((conflict) => conflict.columns(["user_id", "course_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      const crcId =
        inserted?.id ??
        (await trx.selectFrom("class_rep_courses").select("id").where("user_id", "=", application.user_id).where("course_id", "=", application.course_id).executeTakeFirstOrThrow()).id;
      await trx.updateTable("courses").set({ has_class_rep: true }).where("id", "=", application.course_id).execute();
      const grant = checkRoleChange(actor.viewer, { id: application.user_id, roles: application.roles }, { role: "class_rep", grant: true });
      const roleGranted = grant.ok ? await changeRole(application.user_id, "class_rep", true, { actorId: reviewerId, request: actor.request }, trx) : false;
      const mail = classRepApprovedMail({ name: application.first_name, courseLabel: label, url: mailLink(`/class-rep-wizard/${crcId}`, {}, origin) });
      await sendMail({ to: application.email, kind: "class_rep_approved", ...mail }, { executor: trx });
      return { kind: "approved", crcId, roleGranted };
    });
}

// ── The rep's course row and the wizard ────────────────────────────────────────────────────

/** One rep's course row with its course, or undefined. */
export async function findRepCourse(crcId: number) {
  return db()
    .selectFrom("class_rep_courses as crc")
    .innerJoin("courses", "courses.id", "crc.course_id")
    .innerJoin("schools", "schools.id", "courses.school_id")
    .select([
      "crc.id",
      "crc.user_id",
      "crc.course_id",
      "crc.wizard_step",
      "crc.announcement_title",
      "crc.announcement_body",
      "crc.announced_at",
      "courses.code as course_code",
      "courses.name as course_name",
      "courses.slug as course_slug",
      "schools.name as school_name",
    ])
    .where("crc.id", "=", crcId)
    .executeTakeFirst();
}

export type RepCourse = NonNullable<Awaited<ReturnType<typeof findRepCourse>>>;

/** Records one saved step (and the announcement, on its step); the progress never goes back. */
export async function saveWizardStep(crc: { id: number; wizard_step: ClassRepWizardStep }, step: WizardFormStep, announcement?: { title: string; body: string }): Promise<ClassRepWizardStep> {
  const next = wizardProgressAfter(crc.wizard_step, step);
  await db()
    .updateTable("class_rep_courses")
    .set({
      wizard_step: next,
      ...(announcement ? { announcement_title: announcement.title, announcement_body: announcement.body, announced_at: new Date() } : {}),
    })
    .where("id", "=", crc.id)
    .execute();
  return next;
}

/** The latest announcement of each rep of a course, for its page. */
export async function classRepAnnouncements(courseId: number) {
  return db()
    .selectFrom("class_rep_courses as crc")
    .innerJoin("users", "users.id", "crc.user_id")
    .select(["crc.id", "crc.announcement_title as title", "crc.announcement_body as body", "crc.announced_at", "users.first_name"])
    .where("crc.course_id", "=", courseId)
    .where("crc.announced_at", "is not", null)
    .orderBy("crc.announced_at", "desc")
    .limit(3)
    .execute();
}

// ── Reports ─────────────────────────────────────────────────────────────────────────────────

const REPORT_COLUMNS = [
  "r.id",
  "r.class_rep_course_id",
  "r.period_kind",
  sql<string>`to_char(r.period_start, 'YYYY-MM-DD')`.as("period_start"),
  "r.activities",
  "r.classmates_reached",
  "r.notes",
  "r.status",
  "r.review_comment",
  "r.reviewed_at",
  "r.created_at",
] as const;

/** A report row with its period's label ("Week of 23 Nov 2026"). */
const withPeriod = <R extends { period_kind: ReportPeriod["kind"]; period_start: string }>(report: R) => ({ ...report, period: periodLabel({ kind: report.period_kind, start: report.period_start }) });

export type FileReportOutcome = { kind: "filed"; id: number } | { kind: "duplicate" };

/** A rep files a report; the database keeps one per period per course. */
export async function fileReport(crcId: number, period: ReportPeriod, input: ReportInput): Promise<FileReportOutcome> {
  try {
    const row = await db()
      .insertInto("class_rep_course_reports")
      .values({ class_rep_course_id: crcId, period_kind: period.kind, period_start: period.start, activities: input.activities, classmates_reached: input.classmates_reached, notes: input.notes })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { kind: "filed", id: row.id };
  } catch (error) {
    if (isUniqueViolation(error, "class_rep_course_reports_period_key")) return { kind: "duplicate" };
    throw error;
  }
}

/** One rep course's reports, newest period first. */
export async function reportsOf(crcId: number) {
  const reports = await db().selectFrom("class_rep_course_reports as r").select(REPORT_COLUMNS).where("r.class_rep_course_id", "=", crcId).orderBy("r.period_start", "desc").orderBy("r.period_kind").execute();
  return reports.map(withPeriod);
}

/** What the class-rep tab shows: each of the rep's courses, with the wizard's progress and its reports. */
export async function classRepCoursesOf(userId: number) {
  const courses = await db()
    .selectFrom("class_rep_courses as crc")
    .innerJoin("courses", "courses.id", "crc.course_id")
    .select(["crc.id", "crc.wizard_step", "courses.code as course_code", "courses.name as course_name", "courses.slug as course_slug"])
    .where("crc.user_id", "=", userId)
    .orderBy("crc.created_at")
    .execute();
  if (courses.length === 0) return [];
  const reports = await db()
    .selectFrom("class_rep_course_reports as r")
    .select(REPORT_COLUMNS)
    .where(
      "r.class_rep_course_id",
      "in",
      courses.map((course) => course.id),
    )
    .orderBy("r.period_start", "desc")
    .execute();
  return courses.map((course) => ({ ...course, reports: reports.filter((report) => report.class_rep_course_id === course.id).slice(0, 5).map(withPeriod) }));
}

/** Staff's list of reports: waiting ones first. */
export async function listReportsForStaff(status: ClassRepReportStatus | null) {
  let query = db()
    .selectFrom("class_rep_course_reports as r")
    .innerJoin("class_rep_courses as crc", "crc.id", "r.class_rep_course_id")
    .innerJoin("users", "users.id", "crc.user_id")
    .innerJoin("courses", "courses.id", "crc.course_id")
    .select([...REPORT_COLUMNS, "users.email", sql<string>`trim(users.first_name || ' ' || users.last_name)`.as("rep_name"), "courses.code as course_code", "courses.name as course_name"]);
  if (status) query = query.where("r.status", "=", status);
  const reports = await query.orderBy(sql`r.status = 'submitted'`, "desc").orderBy("r.created_at", "desc").limit(200).execute();
  return reports.map(withPeriod);
}

export type ReviewOutcome = { kind: "reviewed" } | { kind: "not-found" } | { kind: "refused"; status: 409; reason: string };

/** Staff mark a report reviewed with their comment, once. */
export async function reviewClassRepReport(reportId: number, comment: string, reviewerId: number): Promise<ReviewOutcome> {
  const report = await db().selectFrom("class_rep_course_reports").select(["id", "status"]).where("id", "=", reportId).executeTakeFirst();
  if (!report) return { kind: "not-found" };
  const move = reviewReport(report.status);
  if (!move.ok) return { kind: "refused", status: move.status, reason: move.reason };
  const updated = await db()
    .updateTable("class_rep_course_reports")
    .set({ status: move.next, review_comment: comment, reviewed_by: reviewerId, reviewed_at: new Date() })
    .where("id", "=", reportId)
    .where("status", "=", "submitted")
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return { kind: "refused", status: 409, reason: "That report was already reviewed." };
  return { kind: "reviewed" };
}
