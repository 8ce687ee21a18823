import { afterAll, describe, expect, it } from "vitest";
import { closeRealtime } from "~/realtime/hub.server";
import { WORK_SHIFTS_CHANNEL } from "~/realtime/channels";
import { parseSignupPush, REFUSAL_MESSAGES } from "~/work-shifts/rules";
import { createShift, listUpcomingShifts, signUp, withdraw } from "~/work-shifts/work-shifts.server";
import { useTestDatabase } from "../../support/database";
import { listen } from "../../support/realtime-listener";
import { createTestUser } from "../accounts/helpers";

/**
 * Signups race for seats: the seat count on the shift, changed by one conditional update in the
 * signup's transaction, gives the last seat to exactly one of them (on PostgreSQL the requests
 * truly run at once; on the embedded database one after another).
 */
const database = useTestDatabase();
const db = () => database().db;

afterAll(async () => {
  await closeRealtime();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function shift(seats: number, startsInMs = 2 * DAY_MS) {
  const startsAt = new Date(Date.now() + startsInMs);
  return createShift({ title: `Shift ${Math.random().toString(36).slice(2, 8)}`, starts_at: startsAt, ends_at: new Date(startsAt.getTime() + 2 * 60 * 60 * 1000), seats, location: null }, (await createTestUser(db(), { roles: ["admin"] })).id);
}

async function rows(shiftId: number) {
  const [signups, counted] = await Promise.all([
    db().selectFrom("work_shift_users").select(["id", "user_id"]).where("work_shift_id", "=", shiftId).execute(),
    db().selectFrom("work_shifts").select(["seats", "seats_taken"]).where("id", "=", shiftId).executeTakeFirstOrThrow(),
  ]);
  return { signups, ...counted };
}

describe("signing up for work shifts", () => {
  it("gives the last seat to exactly one of 20 people asking at once", async () => {
    const { id } = await shift(3);
    const early = await Promise.all([createTestUser(db(), { roles: ["tutor"] }), createTestUser(db(), { roles: ["tutor"] })]);
    for (const user of early) expect((await signUp(id, user.id)).kind).toBe("done");
    const racers = await Promise.all(Array.from({ length: 20 }, () => createTestUser(db(), { roles: ["tutor"] })));

    const outcomes = await Promise.all(racers.map((user) => signUp(id, user.id)));

    const winners = outcomes.filter((outcome) => outcome.kind === "done");
    const refusals = outcomes.flatMap((outcome) => (outcome.kind === "refused" ? [outcome.refusal] : []));
    expect(winners).toHaveLength(1);
    expect(refusals).toHaveLength(19);
    expect(new Set(refusals.map((refusal) => refusal.code))).toEqual(new Set(["full"]));
    expect(refusals[0]!.message).toBe(REFUSAL_MESSAGES.full);
    const after = await rows(id);
    expect(after.signups).toHaveLength(3);
    expect(after.seats_taken).toBe(after.seats);
    const winner = racers[outcomes.findIndex((outcome) => outcome.kind === "done")]!;
    expect(after.signups.map((row) => row.user_id)).toContain(winner.id);
  });

  it("frees the seat on withdrawal, for the next person", async () => {
    const { id } = await shift(1);
    const [ann, ben] = await Promise.all([createTestUser(db(), { roles: ["tutor"] }), createTestUser(db(), { roles: ["instructor"] })]);
    expect((await signUp(id, ann.id)).kind).toBe("done");
    expect(await signUp(id, ben.id)).toEqual({ kind: "refused", refusal: { code: "full", message: REFUSAL_MESSAGES.full } });

    const withdrawn = await withdraw(id, ann.id);
    expect(withdrawn).toMatchObject({ kind: "done", update: { work_shift_id: id, seats_taken: 0, signups: [] } });
    expect(await rows(id)).toMatchObject({ signups: [], seats_taken: 0 });
    expect(await withdraw(id, ann.id)).toEqual({ kind: "refused", refusal: { code: "not_signed_up", message: REFUSAL_MESSAGES.not_signed_up } });

    expect((await signUp(id, ben.id)).kind).toBe("done");
    expect(await rows(id)).toMatchObject({ signups: [{ user_id: ben.id }], seats_taken: 1 });
  });

  it("keeps one signup when the same person asks twice, even at once", async () => {
    const { id } = await shift(5);
    const user = await createTestUser(db(), { roles: ["tutor"] });
    const outcomes = await Promise.all([signUp(id, user.id), signUp(id, user.id)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["done", "refused"]);
    expect(outcomes.find((outcome) => outcome.kind === "refused")).toEqual({ kind: "refused", refusal: { code: "already_signed_up", message: REFUSAL_MESSAGES.already_signed_up } });
    expect(await signUp(id, user.id)).toMatchObject({ kind: "refused", refusal: { code: "already_signed_up" } });
    expect(await rows(id)).toMatchObject({ signups: [{ user_id: user.id }], seats_taken: 1 });
  });

  it("refuses a shift that has started, both ways", async () => {
    const { id } = await shift(5, 2 * DAY_MS);
    const user = await createTestUser(db(), { roles: ["tutor"] });
    expect((await signUp(id, user.id)).kind).toBe("done");
    await db().updateTable("work_shifts").set({ starts_at: new Date(Date.now() - 60_000) }).where("id", "=", id).execute();
    expect(await withdraw(id, user.id)).toMatchObject({ kind: "refused", refusal: { code: "started" } });
    const other = await createTestUser(db(), { roles: ["tutor"] });
    expect(await signUp(id, other.id)).toMatchObject({ kind: "refused", refusal: { code: "started" } });
    expect(await signUp(999_999_999, other.id)).toMatchObject({ kind: "refused", refusal: { code: "not_found" } });
    expect(await rows(id)).toMatchObject({ signups: [{ user_id: user.id }], seats_taken: 1 });
  });

  it("pushes each committed change to the work shifts' channel, and lists upcoming shifts with first names and initials", async () => {
    const { id } = await shift(2);
    const user = await createTestUser(db(), { roles: ["tutor"], firstName: "Leah" });
    const channel = await listen([WORK_SHIFTS_CHANNEL]);
    const signedUp = await signUp(id, user.id);
    await withdraw(id, user.id);
    await channel.next(2);
    channel.stop();
    const [joined, left] = channel.heard.map((event) => ({ action: event.action, update: parseSignupPush(event.payload) }));
    const signupId = signedUp.kind === "done" ? signedUp.update.signups[0]!.id : 0;
    expect(joined).toEqual({ action: "STANDARD_PUSH_UPDATE", update: { work_shift_id: id, seats_taken: 1, signups: [{ id: signupId, work_shift_id: id, user_id: user.id, name: "Leah T." }], deleted_id: null } });
    expect(left).toEqual({ action: "STANDARD_PUSH_UPDATE", update: { work_shift_id: id, seats_taken: 0, signups: [], deleted_id: signupId } });

    await signUp(id, user.id);
    const listed = (await listUpcomingShifts()).find((upcoming) => upcoming.id === id);
    expect(listed).toMatchObject({ seats: 2, seats_taken: 1, location: null, signups: [{ user_id: user.id, name: "Leah T." }] });
  });

  it("publishes nothing for a refusal", async () => {
    const { id } = await shift(1);
    const [ann, ben] = await Promise.all([createTestUser(db(), { roles: ["tutor"] }), createTestUser(db(), { roles: ["tutor"] })]);
    await signUp(id, ann.id);
    const before = await db().selectFrom("realtime_events").select((eb) => eb.fn.countAll<string>().as("n")).where("channel", "=", WORK_SHIFTS_CHANNEL).executeTakeFirstOrThrow();
    await signUp(id, ben.id);
    await signUp(id, ann.id);
    await withdraw(id, ben.id);
    const after = await db().selectFrom("realtime_events").select((eb) => eb.fn.countAll<string>().as("n")).where("channel", "=", WORK_SHIFTS_CHANNEL).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
