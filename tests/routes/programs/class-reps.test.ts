import { describe, expect, it } from "vitest";
import { action as staffAction, loader as staffLoader } from "~/routes/admin+/class-reps";
import { action as reportAction, loader as reportLoader } from "~/routes/class-rep-courses.$crcId.reports";
import { action as wizardAction, loader as wizardLoader } from "~/routes/class-rep-wizard.$crcId";
import { action as applyAction, loader as applyLoader } from "~/routes/courses+/$idOrSlug_.class-rep-apply";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { periodKey, periodLabel, reportPeriodChoices } from "~/programs/class-reps/rules";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast, toastOf } from "../../support/toast";

/** The class-rep programme as a browser without JavaScript uses it: apply, staff decide, the wizard, reports. */
const database = useTestDatabase();

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}
async function signedIn(email: string) {
  return routeVisitor({ session: await sessionCookieFor(await userId(email)) });
}
const APPLICATION = { motivation: "I sit in the front row and know everyone.", year: "2", outreach: "The class group chat." };

async function apply(email: string, slug: string) {
  const browser = await signedIn(email);
  return browser.form(applyAction, `/courses/${slug}/class-rep-apply`, APPLICATION, { params: { idOrSlug: slug } });
}
async function applicationOf(email: string, slug: string) {
  return database()
    .db.selectFrom("class_rep_applications as a")
    .innerJoin("courses", "courses.id", "a.course_id")
    .select(["a.id", "a.status"])
    .where("a.user_id", "=", await userId(email))
    .where("courses.slug", "=", slug)
    .orderBy("a.id", "desc")
    .executeTakeFirstOrThrow();
}

describe("/courses/{idOrSlug}/class-rep-apply", () => {
  it("sends guests to sign in and back", async () => {
    const answer = await routeVisitor().get(applyLoader, "/courses/ubc-math-100/class-rep-apply", { params: { idOrSlug: "ubc-math-100" } });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/users/sign_in?redirect_to=${encodeURIComponent("/courses/ubc-math-100/class-rep-apply")}`);
  });

  it("takes one open application per user and course", async () => {
    await expectRedirectWithToast(await apply("tutor@demo.test", "ubc-math-100"), "/courses/ubc-math-100/class-rep-apply", "Your application is sent. We will answer by email.");
    const again = await apply("tutor@demo.test", "ubc-math-100");
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("You already applied");
    const page = await (await signedIn("tutor@demo.test")).get(applyLoader, "/courses/ubc-math-100/class-rep-apply", { params: { idOrSlug: "ubc-math-100" } });
    expect(page.data.standing.open).not.toBeNull();
    // The database keeps it so too, whatever a caller does.
    const application = await applicationOf("tutor@demo.test", "ubc-math-100");
    const course = await database().db.selectFrom("courses").select("id").where("slug", "=", "ubc-math-100").executeTakeFirstOrThrow();
    await expect(
      database().db.insertInto("class_rep_applications").values({ user_id: await userId("tutor@demo.test"), course_id: course.id, motivation: "x", year: "1", outreach: "x" }).execute()
    ).rejects.toThrow();
    expect(application.status).toBe("pending");
  });

  it("refuses a course that is not looking for a rep, and empty answers", async () => {
    const taken = await apply("tutor@demo.test", "waterloo-math-137");
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.data)).toContain("not looking for a class rep");
    const browser = await signedIn("tutor@demo.test");
    const empty = await browser.form(applyAction, "/courses/ubc-cpsc-110/class-rep-apply", { motivation: "", year: "", outreach: "" }, { params: { idOrSlug: "ubc-cpsc-110" } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain("Enter why you want to be the class rep");
  });
});

describe("approving, the wizard and reports", () => {
  it("approve grants the role and emails once; only the rep opens their wizard", async () => {
    const email = "mcat_instructor@demo.test";
    await apply(email, "uoft-mat-135");
    const application = await applicationOf(email, "uoft-mat-135");
    const admin = await signedIn("admin@demo.test");
    const listed = await admin.get(staffLoader, "/admin/class-reps");
    expect(listed.data.applications.map((row: { id: number }) => row.id)).toContain(application.id);

    const approved = await admin.form(staffAction, "/admin/class-reps", { intent: "approve", application_id: String(application.id) });
    await expectRedirectWithToast(approved, "/admin/class-reps", "Approved: the new class rep is emailed a link to set up their workspace.");
    const twice = await admin.form(staffAction, "/admin/class-reps", { intent: "approve", application_id: String(application.id) });
    expect(twice.status).toBe(409);

    const user = await database().db.selectFrom("users").select("roles").where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.roles.filter((role) => role === "class_rep")).toHaveLength(1);
    const crc = await database().db.selectFrom("class_rep_courses").select(["id", "wizard_step"]).where("application_id", "=", application.id).executeTakeFirstOrThrow();
    const mails = await database().db.selectFrom("outbox_emails").select("text_body").where("to_address", "=", email).where("kind", "=", "class_rep_approved").execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`/class-rep-wizard/${crc.id}`);

    // Only the rep (and admins) open the wizard; everyone else gets a 404.
    const params = { crcId: String(crc.id) };
    const path = `/class-rep-wizard/${crc.id}`;
    for (const other of ["student@demo.test", "class_rep@demo.test", "marketing_manager@demo.test"]) {
      expect((await (await signedIn(other)).get(wizardLoader, path, { params })).status, other).toBe(404);
      expect((await (await signedIn(other)).form(wizardAction, path, { step: "schedule" }, { params })).status, other).toBe(404);
    }
    expect((await admin.get(wizardLoader, path, { params })).status).toBe(200);

    const rep = await signedIn(email);
    const first = await rep.get(wizardLoader, path, { params });
    expect(first.data.step).toBe("profile");
    const school = await database().db.selectFrom("schools").select("id").where("slug", "=", "uoft").executeTakeFirstOrThrow();
    await expectRedirectWithToast(await rep.form(wizardAction, path, { step: "profile", school_id: String(school.id), year: "3" }, { params }), path, "Saved.");
    // Left half-way, it resumes where the rep stopped; a step not reached yet is not offered.
    expect((await rep.get(wizardLoader, path, { params })).data.step).toBe("schedule");
    expect((await rep.get(wizardLoader, `${path}?step=announcement`, { params })).data.step).toBe("schedule");
    await rep.form(wizardAction, path, { step: "schedule" }, { params });
    const referral = await rep.get(wizardLoader, path, { params });
    expect(referral.data.link).toMatch(/\/sign-up\?ref=[A-Z2-9]{8}$/);
    await rep.form(wizardAction, path, { step: "referral" }, { params });
    const missing = await rep.form(wizardAction, path, { step: "announcement", announcement_title: "", announcement_body: "" }, { params });
    expect(missing.status).toBe(400);
    const done = await rep.form(wizardAction, path, { step: "announcement", announcement_title: "Hello MAT 135", announcement_body: "I'm your class rep." }, { params });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/dashboard?tab=class-rep");
    expect(await toastOf(done)).toMatchObject({ type: "success", message: "Your class rep workspace for MAT 135 is ready." });
    const tab = await rep.get(dashboardLoader, "/dashboard?tab=class-rep");
    expect(tab.data.repCourses.map((course: { id: number; wizard_step: string }) => [course.id, course.wizard_step])).toEqual([[crc.id, "done"]]);
  });

  it("files one report per period per course, which staff review with a comment", async () => {
    const rep = await signedIn("class_rep@demo.test");
    const crc = await database()
      .db.selectFrom("class_rep_courses")
      .select("id")
      .where("user_id", "=", await userId("class_rep@demo.test"))
      .executeTakeFirstOrThrow();
    const params = { crcId: String(crc.id) };
    const path = `/class-rep-courses/${crc.id}/reports`;
    const thisWeek = reportPeriodChoices(new Date())[0]!;
    const period = periodKey(thisWeek);
    const fields = { period, activities: "Told the class about the review.", classmates_reached: "40", notes: "" };
    await expectRedirectWithToast(await rep.form(reportAction, path, fields, { params }), path, `Your report for ${periodLabel(thisWeek)} is filed.`);
    const again = await rep.form(reportAction, path, fields, { params });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("You already filed a report for that period");
    const future = await rep.form(reportAction, path, { ...fields, period: "month:2999-01-01" }, { params });
    expect(future.status).toBe(400);
    expect((await (await signedIn("admin@demo.test")).get(reportLoader, path, { params })).status).toBe(200);
    expect((await routeVisitor().get(reportLoader, path, { params })).status).toBe(302);

    const report = await database().db.selectFrom("class_rep_course_reports").select("id").where("class_rep_course_id", "=", crc.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    const manager = await signedIn("marketing_manager@demo.test");
    await expectRedirectWithToast(
      await manager.form(staffAction, "/admin/class-reps", { intent: "review_report", report_id: String(report.id), review_comment: "Great reach, keep it up." }),
      "/admin/class-reps",
      "The report is marked reviewed."
    );
    const page = await rep.get(reportLoader, path, { params });
    const reviewed = page.data.reports.find((row: { id: number }) => row.id === report.id);
    expect(reviewed).toMatchObject({ status: "reviewed", review_comment: "Great reach, keep it up." });
  });

  it("declining emails the applicant and grants nothing", async () => {
    const application = await applicationOf("student@demo.test", "mcgill-chem-212");
    const admin = await signedIn("admin@demo.test");
    await expectRedirectWithToast(await admin.form(staffAction, "/admin/class-reps", { intent: "decline", application_id: String(application.id) }), "/admin/class-reps", "Declined: the applicant is emailed.");
    const mails = await database().db.selectFrom("outbox_emails").select("id").where("to_address", "=", "student@demo.test").where("kind", "=", "class_rep_declined").execute();
    expect(mails).toHaveLength(1);
    const user = await database().db.selectFrom("users").select("roles").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
    expect(user.roles).not.toContain("class_rep");
  });
});
