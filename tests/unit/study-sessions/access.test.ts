import { describe, expect, it } from "vitest";
import { accessExpiry, hasAccess, openableAttachments, type EnrolmentFacts, type SessionAccessFacts } from "~/study-sessions/access";
import type { StudySessionUserStatus } from "~/db/schema";

const day = (n: number) => new Date(Date.UTC(2026, 11, n, 18));
const session = (overrides: Partial<SessionAccessFacts> = {}): SessionAccessFacts => ({
  expires_at: null,
  disable_zoom: false,
  dates: [
    { start_time: day(1), end_time: new Date(day(1).getTime() + 2 * 3600_000) },
    { start_time: day(8), end_time: new Date(day(8).getTime() + 2 * 3600_000) },
  ],
  ...overrides,
});
const enrolment = (status: StudySessionUserStatus, extended: Date | null = null): EnrolmentFacts => ({ status, extended_access_date: extended });
const lastEndPlus21 = new Date(day(8).getTime() + 2 * 3600_000 + 21 * 86_400_000);

describe("access expiry", () => {
  it.each([
    ["no enrolment, no expiry: 21 days after the last date's end", null, session(), lastEndPlus21],
    ["active, no extension", enrolment("active"), session(), lastEndPlus21],
    ["active, extended", enrolment("active", day(30)), session({ expires_at: day(20) }), day(30)],
    ["pending payment, extended", enrolment("pending_payment", day(30)), session({ expires_at: day(20) }), day(30)],
    ["refunded, extended: the extension no longer counts", enrolment("refunded", day(30)), session({ expires_at: day(20) }), day(20)],
    ["removed, extended, no expires_at", enrolment("removed", day(30)), session(), lastEndPlus21],
    ["the session's expires_at before 21 days", enrolment("active"), session({ expires_at: day(10) }), day(10)],
    ["Zoom disabled: from the last start", enrolment("active"), session({ disable_zoom: true }), new Date(day(8).getTime() + 21 * 86_400_000)],
    ["no dates and no expiry: unknown", enrolment("active"), session({ dates: [] }), null],
  ] as const)("%s", (_, enrolled, facts, expected) => {
    expect(accessExpiry(enrolled, facts)).toEqual(expected);
  });
});

describe("has access", () => {
  it.each([
    ["active before expiry", enrolment("active"), new Date(lastEndPlus21.getTime() - 1), true],
    ["active at the expiry instant", enrolment("active"), lastEndPlus21, false],
    ["active, extended past the usual end", enrolment("active", day(31)), day(30), true],
    ["pending payment", enrolment("pending_payment", day(31)), day(2), false],
    ["refunded", enrolment("refunded"), day(2), false],
    ["removed", enrolment("removed"), day(2), false],
    ["not enrolled", null, day(2), false],
  ] as const)("%s: %s", (_, enrolled, now, expected) => {
    expect(hasAccess(enrolled, session(), now)).toBe(expected);
  });

  it("lasts while the expiry is unknown (no dates yet)", () => {
    expect(hasAccess(enrolment("active"), session({ dates: [] }), day(2))).toBe(true);
  });
});

describe("attachments", () => {
  const all = [
    { id: 1, kind: "preview" as const, position: 0 },
    { id: 2, kind: "recording" as const, position: 1 },
    { id: 3, kind: "recording" as const, position: 0 },
    { id: 4, kind: "solution" as const, position: 0 },
    { id: 5, kind: "booklet" as const, position: 0 },
  ];
  const none = { booklet_excluded: false, solutions_excluded: false, recording_excluded: false };
  it.each([
    ["with access: every kind, in order", none, true, [5, 4, 3, 2, 1]],
    ["without access: previews only", none, false, [1]],
    ["booklet excluded", { ...none, booklet_excluded: true }, true, [4, 3, 2, 1]],
    ["solutions excluded", { ...none, solutions_excluded: true }, true, [5, 3, 2, 1]],
    ["recording excluded", { ...none, recording_excluded: true }, true, [5, 4, 1]],
    ["all excluded, without access", { booklet_excluded: true, solutions_excluded: true, recording_excluded: true }, false, [1]],
  ] as const)("%s", (_, exclusions, withAccess, ids) => {
    expect(openableAttachments(all, exclusions, withAccess).map((attachment) => attachment.id)).toEqual(ids);
  });
});
