import { sql } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import { WORK_SHIFTS_CHANNEL } from "~/realtime/channels";
import { publish } from "~/realtime/events.server";
import { refusal, signUpRefusal, signupName, signupPushPayload, withdrawRefusal, type Refusal, type ShiftSignup, type SignupUpdate } from "~/work-shifts/rules";
import type { WorkShiftInput } from "~/work-shifts/shift-form";

/**
 * Work shifts on the database: the upcoming list with who signed up, signing up and withdrawing,
 * and publishing a shift. The seat count lives on the shift (a check keeps it within its seats),
 * and a signup takes its seat with one conditional update in the signup's transaction, so the
 * last seat goes to exactly one request however many race for it. Every committed change is
 * pushed to the work shifts' channel (STANDARD_PUSH_UPDATE), which every viewer of the list hears.
 */

export interface UpcomingShift {
  id: number;
  title: string;
  starts_at: Date;
  ends_at: Date;
  location: string | null;
  seats: number;
  seats_taken: number;
  signups: ShiftSignup[];
}

const UPCOMING_LIMIT = 100;

/** Shifts that have not started, soonest first, each with its signups in the order they came. Two queries. */
export async function listUpcomingShifts(now: Date = new Date()): Promise<UpcomingShift[]> {
  const shifts = await db()
    .selectFrom("work_shifts")
    .select(["id", "title", "starts_at", "ends_at", "location", "seats", "seats_taken"])
    .where("starts_at", ">", now)
    .orderBy("starts_at")
    .orderBy("id")
    .limit(UPCOMING_LIMIT)
    .execute();
  if (shifts.length === 0) return [];
  const signups = await signupsOf(
    db(),
    shifts.map((shift) => shift.id),
  );
  return shifts.map((shift) => ({ ...shift, signups: signups.filter((signup) => signup.work_shift_id === shift.id) }));
}

async function signupsOf(executor: Executor, shiftIds: readonly number[], only?: { signupId: number }): Promise<ShiftSignup[]> {
  let query = executor
    .selectFrom("work_shift_users as wsu")
    .innerJoin("users", "users.id", "wsu.user_id")
    .select(["wsu.id", "wsu.work_shift_id", "wsu.user_id", "users.first_name", "users.last_name"])
    .where("wsu.work_shift_id", "in", shiftIds);
  if (only) query = query.where("wsu.id", "=", only.signupId);
  const rows = await query.orderBy("wsu.created_at").orderBy("wsu.id").execute();
  return rows.map((row) => ({ id: row.id, work_shift_id: row.work_shift_id, user_id: row.user_id, name: signupName(row.first_name, row.last_name) }));
}

export type SignupOutcome = { kind: "done"; title: string; update: SignupUpdate } | { kind: "refused"; refusal: Refusal };

/**
 * Why a change did not happen, read after its conditional statement found nothing to change. The
 * rule names the reason; when the row read now passes it, a concurrent change decided (`lost`).
 */
async function refusalFor(executor: Executor, shiftId: number, userId: number, rule: typeof signUpRefusal, lost: Refusal): Promise<Refusal> {
  const shift = await executor.selectFrom("work_shifts").select(["starts_at", "seats", "seats_taken"]).where("id", "=", shiftId).executeTakeFirst();
  const mine = await executor.selectFrom("work_shift_users").select("id").where("work_shift_id", "=", shiftId).where("user_id", "=", userId).executeTakeFirst();
  return rule(shift, mine !== undefined, new Date()) ?? lost;
}

const UNIQUE_VIOLATION = "23505";

/**
 * Signs the user up: takes a seat (only while one is left and the shift has not started) and
 * records the signup in one transaction. A second signup of the same person violates the unique
 * key and rolls the seat back.
 */
export async function signUp(shiftId: number, userId: number): Promise<SignupOutcome> {
  try {
    return await db()
      .transaction()
      .execute(async (trx): Promise<SignupOutcome> => {
        const taken = await trx
          .updateTable("work_shifts")
          .set((eb) => ({ seats_taken: eb("seats_taken", "+", 1) }))
          .where("id", "=", shiftId)
          .where(sql<boolean>`seats_taken < seats`)
          .where(sql<boolean>`starts_at > now()`)
          .returning(["id", "title", "seats_taken"])
          .executeTakeFirst();
        if (!taken) return { kind: "refused", refusal: await refusalFor(trx, shiftId, userId, signUpRefusal, refusal("full")) };
        const row = await trx.insertInto("work_shift_users").values({ work_shift_id: shiftId, user_id: userId }).returning("id").executeTakeFirstOrThrow();
        const signups = await signupsOf(trx, [shiftId], { signupId: row.id });
        const update: SignupUpdate = { work_shift_id: shiftId, seats_taken: taken.seats_taken, signups, deleted_id: null };
        await publish(trx, WORK_SHIFTS_CHANNEL, "STANDARD_PUSH_UPDATE", signupPushPayload(update));
        return { kind: "done", title: taken.title, update };
      });
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return { kind: "refused", refusal: refusal("already_signed_up") };
    throw error;
  }
}

/** Withdraws the user before the shift starts: the signup goes and its seat frees, in one transaction. */
export async function withdraw(shiftId: number, userId: number): Promise<SignupOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<SignupOutcome> => {
      const removed = await trx
        .deleteFrom("work_shift_users")
        .where("work_shift_id", "=", shiftId)
        .where("user_id", "=", userId)
        .where((eb) => eb.exists(eb.selectFrom("work_shifts").select("id").where("id", "=", shiftId).where(sql<boolean>`starts_at > now()`)))
        .returning("id")
        .executeTakeFirst();
      if (!removed) return { kind: "refused", refusal: await refusalFor(trx, shiftId, userId, withdrawRefusal, refusal("not_signed_up")) };
      const freed = await trx
        .updateTable("work_shifts")
        .set((eb) => ({ seats_taken: eb("seats_taken", "-", 1) }))
        .where("id", "=", shiftId)
        .returning(["title", "seats_taken"])
        .executeTakeFirstOrThrow();
      const update: SignupUpdate = { work_shift_id: shiftId, seats_taken: freed.seats_taken, signups: [], deleted_id: removed.id };
      await publish(trx, WORK_SHIFTS_CHANNEL, "STANDARD_PUSH_UPDATE", signupPushPayload(update));
      return { kind: "done", title: freed.title, update };
    });
}

/** Staff publish a shift. */
export async function createShift(input: WorkShiftInput, createdBy: number): Promise<{ id: number; title: string }> {
  return db()
    .insertInto("work_shifts")
    .values({ title: input.title, starts_at: input.starts_at, ends_at: input.ends_at, location: input.location, seats: input.seats, created_by: createdBy })
    .returning(["id", "title"])
    .executeTakeFirstOrThrow();
}
