import { describe, expect, it } from "vitest";
import { action as tourAction, loader as tourLoader } from "~/routes/admin+/site-tours.$tourKey";
import { loader as toursLoader } from "~/routes/admin+/site-tours._index";
import { loader as userLoader } from "~/routes/admin+/users.$id._index";
import { action as userToursAction, loader as userToursLoader } from "~/routes/admin+/users.$id.site-tours";
import { action as platformAction } from "~/routes/platform";
import { loader as siteTourLoader } from "~/routes/site-tour";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * Staff editing the site tours' steps and starting or ending a user's tours (SPEC §4), and a
 * browser reporting the marketplace extension's version (SPEC §3 platform, §7), as a browser
 * without JavaScript and the page's script use them.
 */
const database = useTestDatabase();
const db = () => database().db;

async function userId(email: string) {
  return (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}
const signedIn = async (email: string) => routeVisitor({ session: await sessionCookieFor(await userId(email)) });

const PATH = "/admin/site-tours/video";
const params = { tourKey: "video" };
const post = (browser: ReturnType<typeof routeVisitor>, fields: Record<string, string>) => browser.form(tourAction, PATH, fields, { params });

async function videoSteps() {
  return db()
    .selectFrom("site_tour_steps as s")
    .innerJoin("site_tours as t", "t.id", "s.tour_id")
    .select(["s.id", "s.position", "s.selector", "s.title"])
    .where("t.key", "=", "video")
    .orderBy("s.position")
    .execute();
}
const titles = async () => (await videoSteps()).map((step) => step.title);
const positions = async () => (await videoSteps()).map((step) => step.position);

describe("who edits the site tours", () => {
  it("refuses a student, a manager and a guest", async () => {
    for (const browser of [await signedIn("student@demo.test"), await signedIn("manager@demo.test"), routeVisitor()]) {
      expect([401, 403, 302, 303]).toContain((await browser.get(toursLoader, "/admin/site-tours")).status);
      expect([401, 403, 302, 303]).toContain((await post(browser, { intent: "add", selector: "main", title: "x", body: "y" })).status);
    }
    expect(await titles()).toEqual(["The player", "Notes and completion"]);
  });
});

describe("an admin edits a tour's steps", () => {
  it("lists the tours with their step counts", async () => {
    const answer = await (await signedIn("admin@demo.test")).get(toursLoader, "/admin/site-tours");
    expect(answer.status).toBe(200);
    expect(answer.data.tours).toEqual([
      { key: "site_help", name: "Site help", stepCount: 5 },
      { key: "online_course_experience", name: "Online course experience", stepCount: 4 },
      { key: "video", name: "Video lessons", stepCount: 2 },
      { key: "study_room", name: "Study rooms", stepCount: 3 },
    ]);
  });

  it("adds, edits, moves and removes steps; the tour's page shows them in order", async () => {
    const admin = await signedIn("admin@demo.test");
    const added = await post(admin, { intent: "add", selector: '[data-tour="lesson-search"]', title: "Find a lesson", body: "Search the course." });
    const first = (await videoSteps()).find((step) => step.title === "Find a lesson")!;
    await expectRedirectWithToast(added, `${PATH}#step-${first.id}`, "Step added.");
    expect(await titles()).toEqual(["The player", "Notes and completion", "Find a lesson"]);

    await post(admin, { intent: "add", selector: "main h1", title: "The lesson", body: "Its title.", position: "1" });
    expect(await titles()).toEqual(["The lesson", "The player", "Notes and completion", "Find a lesson"]);
    expect(await positions()).toEqual([0, 1, 2, 3]);

    const moved = await post(admin, { intent: "move", step_id: String(first.id), direction: "up" });
    await expectRedirectWithToast(moved, `${PATH}#step-${first.id}`, "Order saved.");
    expect(await titles()).toEqual(["The lesson", "The player", "Find a lesson", "Notes and completion"]);

    const edited = await post(admin, { intent: "update", step_id: String(first.id), selector: "#lesson-search", title: "Search", body: "Find any lesson." });
    await expectRedirectWithToast(edited, `${PATH}#step-${first.id}`, "Step saved.");

    const removed = await post(admin, { intent: "remove", step_id: String(first.id) });
    await expectRedirectWithToast(removed, PATH, "Step removed.");
    expect(await titles()).toEqual(["The lesson", "The player", "Notes and completion"]);
    expect(await positions()).toEqual([0, 1, 2]);

    const page = await routeVisitor().get(siteTourLoader, "/site-tour?tour=video");
    expect(page.data.tour.steps.map((step: { title: string }) => step.title)).toEqual(["The lesson", "The player", "Notes and completion"]);
    const editor = await admin.get(tourLoader, PATH, { params });
    expect(editor.data.tour.steps.map((step: { title: string }) => step.title)).toEqual(["The lesson", "The player", "Notes and completion"]);
  });

  it("refuses bad input with a reason and changes nothing", async () => {
    const admin = await signedIn("admin@demo.test");
    const before = await videoSteps();
    const [top, bottom] = [before[0]!, before[before.length - 1]!];
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ intent: "add", selector: "<script>", title: "x", body: "y" }, 400, /not markup/],
      [{ intent: "add", selector: '[data-tour="x"', title: "x", body: "y" }, 400, /not closed/],
      [{ intent: "add", selector: "", title: "x", body: "y" }, 400, /selector/],
      [{ intent: "add", selector: "main", title: "", body: "y" }, 400, /title/],
      [{ intent: "add", selector: "main", title: "x", body: "y", position: "zero" }, 400, /position/i],
      [{ intent: "update", step_id: "999999", selector: "main", title: "x", body: "y" }, 404, /gone/],
      [{ intent: "remove", step_id: "abc" }, 400, /step/],
      [{ intent: "move", step_id: String(top.id), direction: "up" }, 409, /already the first/],
      [{ intent: "move", step_id: String(bottom.id), direction: "down" }, 409, /already the last/],
      [{ intent: "explode" }, 400, /Unknown action/],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await post(admin, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(JSON.stringify(answer.data.result.error), JSON.stringify(fields)).toMatch(message);
    }
    // A step of another tour cannot be changed through this one.
    const otherTourStep = await db()
      .selectFrom("site_tour_steps as s")
      .innerJoin("site_tours as t", "t.id", "s.tour_id")
      .select("s.id")
      .where("t.key", "=", "site_help")
      .executeTakeFirstOrThrow();
    expect((await post(admin, { intent: "remove", step_id: String(otherTourStep.id) })).status).toBe(404);
    expect(await videoSteps()).toEqual(before);
  });

  it("answers 404 for a tour that does not exist", async () => {
    const admin = await signedIn("admin@demo.test");
    expect((await admin.get(tourLoader, "/admin/site-tours/nope", { params: { tourKey: "nope" } })).status).toBe(404);
  });
});

describe("start all and end all tours for a user", () => {
  it("ends all (every tour seen) and starts all (every tour offered again), with an audit record", async () => {
    const admin = await signedIn("admin@demo.test");
    const studentId = await userId("student@demo.test");
    const tourParams = { params: { id: String(studentId) } };
    const here = `/admin/users/${studentId}/site-tours`;
    const views = async () => (await db().selectFrom("site_tour_views").select("tour_id").where("user_id", "=", studentId).execute()).length;

    const ended = await admin.form(userToursAction, here, { intent: "end_all" }, tourParams);
    await expectRedirectWithToast(ended, `/admin/users/${studentId}#site-tours-heading`, "All tours ended: none will be offered to them.");
    expect(await views()).toBe(4);
    expect((await admin.get(userLoader, `/admin/users/${studentId}`, tourParams)).data.tours).toEqual({ seen: 4, total: 4 });

    const started = await admin.form(userToursAction, here, { intent: "start_all" }, tourParams);
    await expectRedirectWithToast(started, `/admin/users/${studentId}#site-tours-heading`, "All tours started: each will be offered to them again.");
    expect(await views()).toBe(0);

    const audit = await db().selectFrom("audit_events").select(["action", "actor_id", "details"]).where("action", "in", ["site_tours.start_all", "site_tours.end_all"]).orderBy("id").execute();
    expect(audit).toEqual([
      { action: "site_tours.end_all", actor_id: await userId("admin@demo.test"), details: { target_user_id: studentId } },
      { action: "site_tours.start_all", actor_id: await userId("admin@demo.test"), details: { target_user_id: studentId } },
    ]);
  });

  it("refuses anyone but an admin, bad input and unknown users", async () => {
    const studentId = await userId("student@demo.test");
    const here = `/admin/users/${studentId}/site-tours`;
    const student = await signedIn("student@demo.test");
    expect((await student.form(userToursAction, here, { intent: "start_all" }, { params: { id: String(studentId) } })).status).toBe(403);
    const admin = await signedIn("admin@demo.test");
    expect((await admin.form(userToursAction, here, { intent: "reset" }, { params: { id: String(studentId) } })).status).toBe(400);
    expect((await admin.form(userToursAction, "/admin/users/999999/site-tours", { intent: "start_all" }, { params: { id: "999999" } })).status).toBe(404);
    expect((await admin.get(userToursLoader, here, { params: { id: String(studentId) } })).status).toBe(405);
  });
});

describe("the browser extension's version", () => {
  it("is stored with the browser's platform record and shown on the user's admin page", async () => {
    const student = await signedIn("student@demo.test");
    const studentId = await userId("student@demo.test");
    const sent = await student.api(platformAction, "PUT", "/platform", { client_id: "3f1c2d4e-aaaa-bbbb-cccc-000000000001", extension_version: "1.4.2" }, { headers: { "User-Agent": "TestBrowser/1.0" } });
    expect(sent.status).toBe(200);
    const again = await student.api(platformAction, "PUT", "/platform", { client_id: "3f1c2d4e-aaaa-bbbb-cccc-000000000001", extension_version: "1.5.0" }, { headers: { "User-Agent": "TestBrowser/1.0" } });
    expect(again.status).toBe(200);
    const page = await (await signedIn("admin@demo.test")).get(userLoader, `/admin/users/${studentId}`, { params: { id: String(studentId) } });
    expect(page.data.platforms).toEqual([expect.objectContaining({ clientId: "3f1c2d4e-aaaa-bbbb-cccc-000000000001", browserInfo: "TestBrowser/1.0", extensionVersion: "1.5.0" })]);
  });

  it("refuses a guest and bad input, storing nothing", async () => {
    const before = await db().selectFrom("user_platforms").selectAll().execute();
    expect([302, 401, 403]).toContain((await routeVisitor().api(platformAction, "PUT", "/platform", { client_id: "abcdefgh12", extension_version: "1.0" })).status);
    const student = await signedIn("student@demo.test");
    for (const body of [{ client_id: "no", extension_version: "1.0" }, { client_id: "abcdefgh12", extension_version: "<b>" }, { client_id: "abcdefgh12" }, "not json"]) {
      const answer = await student.api(platformAction, "PUT", "/platform", body);
      expect([400, 422], JSON.stringify(body)).toContain(answer.status);
    }
    expect((await student.api(platformAction, "POST", "/platform", { client_id: "abcdefgh12", extension_version: "1.0" })).status).toBe(405);
    expect(await db().selectFrom("user_platforms").selectAll().execute()).toEqual(before);
  });
});
