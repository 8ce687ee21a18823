import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRealtime } from "~/realtime/hub.server";
import { action as listAction, loader as listLoader } from "~/routes/work-shifts+/_index";
import { action as newAction, loader as newLoader } from "~/routes/work-shifts+/new";
import { REFUSAL_MESSAGES, SIGNUP_DONE_MESSAGES } from "~/work-shifts/rules";
import { createShift } from "~/work-shifts/work-shifts.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * The work shift pages as their loaders and actions answer: the list with its signups, the
 * toggle as a plain form (redirect with a toast) and as the page's script asks for it (data),
 * refusals and bad input beside the form with nothing changed, who may open what, and staff
 * publishing a shift.
 */
const database = useTestDatabase();
const db = () => database().db;
const ids = { tutor: 0, student: 0, admin: 0, manager: 0, instructor: 0 };

beforeAll(async () => {
  for (const role of Object.keys(ids) as (keyof typeof ids)[]) {
    ids[role] = (await db().selectFrom("users").select("id").where("email", "=", `${role}@demo.test`).executeTakeFirstOrThrow()).id;
  }
});

afterAll(async () => {
  await closeRealtime();
});

const browserFor = async (userId: number) => routeVisitor({ session: await sessionCookieFor(userId) });

async function newShift(seats: number, title = `Route shift ${Math.random().toString(36).slice(2, 8)}`) {
  const startsAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  return createShift({ title, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 60 * 60 * 1000), seats, location: "Room 4" }, ids.admin);
}

const signupRows = (shiftId: number) => db().selectFrom("work_shift_users").select("user_id").where("work_shift_id", "=", shiftId).execute();

describe("/work-shifts", () => {
  it("lists upcoming shifts in UTC with their place, seats and people, and offers staff the publish link", async () => {
    const tutor = await browserFor(ids.tutor);
    const page = await tutor.get(listLoader, "/work-shifts");
    expect(page.status).toBe(200);
    const online = page.data.shifts.find((shift: { title: string }) => shift.title === "Online homework help desk");
    expect(online).toMatchObject({ place: "Online", seats: 6, signups: [{ user_id: ids.tutor, name: "Leah O." }] });
    expect(online.when).toMatch(/ UTC$/);
    expect(page.data.shifts.some((shift: { place: string }) => shift.place.includes("Waterloo"))).toBe(true);
    expect(page.data.mayPublish).toBe(false);
    expect((await (await browserFor(ids.manager)).get(listLoader, "/work-shifts")).data.mayPublish).toBe(true);
  });

  it("signs up and withdraws with a plain form: a redirect to the list with a toast", async () => {
    const shift = await newShift(2);
    const tutor = await browserFor(ids.tutor);
    const joined = await tutor.form(listAction, "/work-shifts?index", { intent: "sign_up", shift_id: String(shift.id) });
    await expectRedirectWithToast(joined, "/work-shifts", SIGNUP_DONE_MESSAGES.signed_up(shift.title));
    expect(await signupRows(shift.id)).toEqual([{ user_id: ids.tutor }]);

    const left = await tutor.form(listAction, "/work-shifts?index", { intent: "withdraw", shift_id: String(shift.id) });
    await expectRedirectWithToast(left, "/work-shifts", SIGNUP_DONE_MESSAGES.withdrawn(shift.title));
    expect(await signupRows(shift.id)).toEqual([]);
  });

  it("answers the page's script with the signup update instead of a redirect", async () => {
    const shift = await newShift(3);
    const instructor = await browserFor(ids.instructor);
    const answer = await instructor.form(listAction, "/work-shifts?index", { intent: "sign_up", shift_id: String(shift.id), respond: "data" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ shiftId: shift.id, update: { work_shift_id: shift.id, seats_taken: 1, signups: [{ user_id: ids.instructor, name: "Priya R." }], deleted_id: null } });
  });

  it("refuses a full shift beside its form, with nothing changed", async () => {
    const shift = await newShift(1);
    await (await browserFor(ids.instructor)).form(listAction, "/work-shifts?index", { intent: "sign_up", shift_id: String(shift.id) });
    for (const respond of [{}, { respond: "data" }] as Record<string, string>[]) {
      const refused = await (await browserFor(ids.tutor)).form(listAction, "/work-shifts?index", { intent: "sign_up", shift_id: String(shift.id), ...respond });
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({ shiftId: shift.id, update: null, result: { error: { "": [REFUSAL_MESSAGES.full] } } });
    }
    const unknown = await (await browserFor(ids.tutor)).form(listAction, "/work-shifts?index", { intent: "withdraw", shift_id: "999999999" });
    expect(unknown.status).toBe(404);
    expect(await signupRows(shift.id)).toEqual([{ user_id: ids.instructor }]);
  });

  it("answers bad input 400 with a message and changes nothing", async () => {
    const shift = await newShift(2);
    const tutor = await browserFor(ids.tutor);
    for (const fields of [{ intent: "steal", shift_id: String(shift.id) }, { intent: "sign_up", shift_id: "first" }, { intent: "sign_up" }] as Record<string, string>[]) {
      const answer = await tutor.form(listAction, "/work-shifts?index", fields);
      expect(answer.status).toBe(400);
      expect(answer.data.shiftId).toBeNull();
      expect(Object.values(answer.data.result.error).flat().length).toBeGreaterThan(0);
    }
    expect(await signupRows(shift.id)).toEqual([]);
  });

  it("is closed to students (403), and to guests (sign in first)", async () => {
    const shift = await newShift(2);
    const student = await browserFor(ids.student);
    expect((await student.get(listLoader, "/work-shifts")).status).toBe(403);
    expect((await student.form(listAction, "/work-shifts?index", { intent: "sign_up", shift_id: String(shift.id) })).status).toBe(403);
    const guest = routeVisitor();
    expect((await guest.get(listLoader, "/work-shifts")).status).toBe(302);
    expect(await signupRows(shift.id)).toEqual([]);
  });
});

describe("/work-shifts/new", () => {
  const fields = { title: "Welcome desk", day: "2030-03-04", start: "09:30", end: "12:00", time_zone: "America/Toronto", seats: "3", location: "" };

  it("lets staff publish a shift, then shows the list with a toast", async () => {
    const admin = await browserFor(ids.admin);
    expect((await admin.get(newLoader, "/work-shifts/new")).data.timeZones[0]).toBe("UTC");
    const answer = await admin.form(newAction, "/work-shifts/new", fields);
    await expectRedirectWithToast(answer, "/work-shifts", SIGNUP_DONE_MESSAGES.created("Welcome desk"));
    const stored = await db().selectFrom("work_shifts").selectAll().where("title", "=", "Welcome desk").executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ seats: 3, seats_taken: 0, location: null, created_by: ids.admin, starts_at: new Date("2030-03-04T14:30:00Z"), ends_at: new Date("2030-03-04T17:00:00Z") });
  });

  it("keeps bad input on the form (400) and stores nothing", async () => {
    const manager = await browserFor(ids.manager);
    const answer = await manager.form(newAction, "/work-shifts/new", { ...fields, title: "Never stored", seats: "900", end: "08:00" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({ seats: ["A shift has at most 500 seats"] });
    expect(await db().selectFrom("work_shifts").select("id").where("title", "=", "Never stored").execute()).toEqual([]);
  });

  it("is staff only: a tutor and a student get 403", async () => {
    for (const userId of [ids.tutor, ids.student]) {
      const person = await browserFor(userId);
      expect((await person.get(newLoader, "/work-shifts/new")).status).toBe(403);
      expect((await person.form(newAction, "/work-shifts/new", { ...fields, title: "Not staff" })).status).toBe(403);
    }
    expect(await db().selectFrom("work_shifts").select("id").where("title", "=", "Not staff").execute()).toEqual([]);
  });
});
