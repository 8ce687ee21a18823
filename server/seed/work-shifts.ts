import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Demo work shifts, all upcoming: one online, one at a campus place, one with exactly one seat
 * left and one full. The demo tutor is signed up for one; the seat counts match the signups.
 */
const shifts: { title: string; dayOffset: number; startHourUtc: number; hours: number; location: string | null; seats: number; people: string[] }[] = [
  { title: "Online homework help desk", dayOffset: 2, startHourUtc: 20, hours: 2, location: null, seats: 6, people: [`tutor@${DEMO_EMAIL_DOMAIN}`] },
  { title: "Orientation week info booth", dayOffset: 4, startHourUtc: 14, hours: 4, location: "Student Life Centre, University of Waterloo", seats: 4, people: [`class_rep@${DEMO_EMAIL_DOMAIN}`] },
  { title: "Exam prep session check-in", dayOffset: 6, startHourUtc: 17, hours: 3, location: "McGill Redpath Library, room 101", seats: 3, people: [`instructor@${DEMO_EMAIL_DOMAIN}`, `brand_ambassador@${DEMO_EMAIL_DOMAIN}`] },
  { title: "Campus tour guide", dayOffset: 9, startHourUtc: 15, hours: 2, location: "UBC Nest, main entrance", seats: 2, people: [`ss_instructor@${DEMO_EMAIL_DOMAIN}`, `mcat_instructor@${DEMO_EMAIL_DOMAIN}`] },
];

export async function seedWorkShifts(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date,
): Promise<{ work_shifts: number; work_shift_users: number }> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows = await trx
    .insertInto("work_shifts")
    .values(
      shifts.map((shift) => {
        const start = today + shift.dayOffset * DAY_MS + shift.startHourUtc * HOUR_MS;
        return {
          title: shift.title,
          starts_at: new Date(start),
          ends_at: new Date(start + shift.hours * HOUR_MS),
          location: shift.location,
          seats: shift.seats,
          seats_taken: shift.people.length,
          created_by: ids.user(`admin@${DEMO_EMAIL_DOMAIN}`),
        };
      }),
    )
    .returning(["id", "title"])
    .execute();
  const signups = shifts.flatMap((shift) => {
    const shiftId = rows.find((row) => row.title === shift.title)!.id;
    return shift.people.map((email) => ({ work_shift_id: shiftId, user_id: ids.user(email) }));
  });
  await trx.insertInto("work_shift_users").values(signups).execute();
  return { work_shifts: rows.length, work_shift_users: signups.length };
}
