import { describe, expect, it } from "vitest";
import { minutesToBook, startOfMonthUtc, tutorEarnings, type HeldSession } from "~/tutoring/ledger";

const now = new Date("2026-11-20T15:00:00Z");
const at = (iso: string, minutes: number, extra: Partial<HeldSession> = {}): HeldSession => ({
  status: "booked",
  startsAt: new Date(iso),
  endsAt: new Date(new Date(iso).getTime() + minutes * 60_000),
  rateCents: 4000,
  currency: "USD",
  ...extra,
});

describe("a tutor's earnings (their rate for the minutes of sessions held)", () => {
  it.each<[string, HeldSession[], object[]]>([
    ["nothing booked", [], []],
    ["one hour held at $40", [at("2026-11-19T15:00:00Z", 60)], [{ currency: "USD", heldMinutes: 60, earnedCents: 4000, upcomingMinutes: 0, upcomingCents: 0 }]],
    ["a session that ended counts even if never marked completed", [at("2026-11-20T14:00:00Z", 60)], [{ heldMinutes: 60, earnedCents: 4000 }]],
    ["a completed session counts", [at("2026-11-18T15:00:00Z", 90, { status: "completed" })], [{ heldMinutes: 90, earnedCents: 6000 }]],
    ["a cancelled session counts nothing", [at("2026-11-19T15:00:00Z", 60, { status: "cancelled" })], []],
    ["a session under way is still upcoming", [at("2026-11-20T14:30:00Z", 60)], [{ heldMinutes: 0, earnedCents: 0, upcomingMinutes: 60, upcomingCents: 4000 }]],
    ["a future session is upcoming", [at("2026-11-25T15:00:00Z", 30)], [{ upcomingMinutes: 30, upcomingCents: 2000 }]],
    ["45 minutes at $35 rounds to the cent per session", [at("2026-11-19T15:00:00Z", 45, { rateCents: 3500 }), at("2026-11-18T15:00:00Z", 45, { rateCents: 3500 })], [{ heldMinutes: 90, earnedCents: 2625 * 2 }]],
    ["an odd rate rounds half up per session", [at("2026-11-19T15:00:00Z", 30, { rateCents: 3333 })], [{ earnedCents: 1667 }]],
    [
      "two currencies are kept apart, sorted",
      [at("2026-11-19T15:00:00Z", 60, { currency: "USD" }), at("2026-11-18T15:00:00Z", 60, { currency: "CAD", rateCents: 5000 })],
      [
        { currency: "CAD", earnedCents: 5000 },
        { currency: "USD", earnedCents: 4000 },
      ],
    ],
  ])("%s", (_name, sessions, expected) => {
    const earnings = tutorEarnings(sessions, now);
    expect(earnings).toHaveLength(expected.length);
    expected.forEach((entry, index) => expect(earnings[index]).toMatchObject(entry));
  });

  it("this month counts only sessions starting from the first of the month (UTC)", () => {
    const since = startOfMonthUtc(now);
    expect(since.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    const sessions = [at("2026-10-31T23:00:00Z", 60), at("2026-11-01T00:00:00Z", 60), at("2026-11-25T15:00:00Z", 60)];
    expect(tutorEarnings(sessions, now, since)).toEqual([{ currency: "USD", heldMinutes: 60, earnedCents: 4000, upcomingMinutes: 60, upcomingCents: 4000 }]);
    expect(tutorEarnings(sessions, now)[0]).toMatchObject({ heldMinutes: 120, earnedCents: 8000 });
  });

  it.each([
    ["2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000Z"],
    ["2026-12-31T23:59:59Z", "2026-12-01T00:00:00.000Z"],
    ["2028-02-29T12:00:00Z", "2028-02-01T00:00:00.000Z"],
  ])("the month of %s starts %s", (instant, start) => {
    expect(startOfMonthUtc(new Date(instant)).toISOString()).toBe(start);
  });
});

describe("a student's hours still to book", () => {
  const session = (minutes: number, status: "booked" | "cancelled" | "completed" = "booked") => ({ status, startsAt: new Date("2026-11-19T15:00:00Z"), endsAt: new Date(new Date("2026-11-19T15:00:00Z").getTime() + minutes * 60_000) });
  it.each<[string, Parameters<typeof minutesToBook>[0], number]>([
    ["no contract", [], 0],
    ["a paid contract with nothing booked", [{ purchaseStatus: "paid", purchasedMinutes: 180, sessions: [] }], 180],
    ["booked and held sessions use the hours", [{ purchaseStatus: "paid", purchasedMinutes: 180, sessions: [session(60), session(60, "completed")] }], 60],
    ["cancelled sessions give their time back", [{ purchaseStatus: "paid", purchasedMinutes: 180, sessions: [session(60, "cancelled")] }], 180],
    ["an unpaid contract has nothing to book yet", [{ purchaseStatus: "unpaid", purchasedMinutes: 120, sessions: [] }], 0],
    ["a refunded contract has nothing to book", [{ purchaseStatus: "refunded", purchasedMinutes: 120, sessions: [] }], 0],
    [
      "summed over contracts",
      [
        { purchaseStatus: "paid", purchasedMinutes: 120, sessions: [session(60)] },
        { purchaseStatus: "paid", purchasedMinutes: 90, sessions: [] },
      ],
      150,
    ],
    ["never below zero", [{ purchaseStatus: "paid", purchasedMinutes: 60, sessions: [session(60), session(60)] }], 0],
  ])("%s", (_name, contracts, minutes) => {
    expect(minutesToBook(contracts)).toBe(minutes);
  });
});
