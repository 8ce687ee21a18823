import { describe, expect, it } from "vitest";
import {
  bookingRefusal,
  cancellationRefusal,
  contractTokenPrice,
  contractTotalCents,
  feedbackContentErrors,
  feedbackRefusal,
  minutesLeft,
  requestActionRefusal,
  requestIsForTutor,
  sessionPhase,
  takingRequestsRefusal,
  type RequestFacts,
  type SessionFacts,
  type TutorStanding,
} from "~/tutoring/rules";

const ready: TutorStanding = { agreementAccepted: true, tutoredCourseIds: [7, 8], acceptingStudents: true };
const open: RequestFacts = { status: "open", studentId: 1, courseId: 7, tutorId: null, declinedBy: [] };
const at = (iso: string) => new Date(iso);
const session = (start: string, end: string, status: SessionFacts["status"] = "booked"): SessionFacts => ({ status, startsAt: at(start), endsAt: at(end) });

describe("a tutor's standing to take requests", () => {
  it.each([
    [ready, null],
    [{ ...ready, agreementAccepted: false }, "Accept the contractor agreement before you take tutoring requests."],
    [{ ...ready, tutoredCourseIds: [] }, "Add the courses you tutor to your profile before you take tutoring requests."],
    [{ ...ready, agreementAccepted: false, tutoredCourseIds: [] }, "Accept the contractor agreement before you take tutoring requests."],
    // Not accepting new students does not stop a tutor from seeing requests; it stops accepting them.
    [{ ...ready, acceptingStudents: false }, null],
  ])("%o → %s", (tutor, message) => {
    expect(takingRequestsRefusal(tutor)?.message ?? null).toBe(message);
  });
});

describe("which requests a tutor sees", () => {
  it.each([
    ["an open request for a course they tutor", open, 5, true],
    ["a request for a course they do not tutor", { ...open, courseId: 9 }, 5, false],
    ["a request asked of them, whatever the course", { ...open, courseId: 9, tutorId: 5 }, 5, true],
    ["a request asked of another tutor", { ...open, tutorId: 6 }, 5, false],
    ["a request they declined", { ...open, declinedBy: [5] }, 5, false],
    ["a request another tutor declined", { ...open, declinedBy: [6] }, 5, true],
    ["their own request as a student", { ...open, studentId: 5 }, 5, false],
  ])("%s: %s", (_label, request, tutorId, seen) => {
    expect(requestIsForTutor(request as RequestFacts, tutorId, ready)).toBe(seen);
  });
});

describe("accepting, declining and withdrawing a request", () => {
  it.each([
    ["a ready tutor accepts an open request", open, "accept", { id: 5, tutor: ready }, null],
    ["a ready tutor declines it", open, "decline", { id: 5, tutor: ready }, null],
    ["a tutor without the agreement cannot accept", open, "accept", { id: 5, tutor: { ...ready, agreementAccepted: false } }, [403, "Accept the contractor agreement before you take tutoring requests."]],
    ["a tutor not accepting students cannot accept", open, "accept", { id: 5, tutor: { ...ready, acceptingStudents: false } }, [409, "Turn on “accepting students” on your profile to accept requests."]],
    ["a student who is no tutor cannot accept", open, "accept", { id: 2, tutor: null }, [404, "This request is not for you."]],
    ["a tutor of another course cannot accept", { ...open, courseId: 9 }, "accept", { id: 5, tutor: ready }, [404, "This request is not for you."]],
    ["a taken request cannot be accepted again", { ...open, status: "accepted" }, "accept", { id: 5, tutor: ready }, [409, "This request has been taken."]],
    ["the tutor asked cannot accept a withdrawn request", { ...open, tutorId: 5, status: "withdrawn" }, "accept", { id: 5, tutor: ready }, [409, "This request is already withdrawn."]],
    ["the student withdraws an open request", open, "withdraw", { id: 1, tutor: null }, null],
    ["another student cannot withdraw it", open, "withdraw", { id: 2, tutor: null }, [403, "Only the student who asked can withdraw this request."]],
    ["an accepted request cannot be withdrawn", { ...open, status: "accepted" }, "withdraw", { id: 1, tutor: null }, [409, "This request is already accepted."]],
  ] as const)("%s", (_label, request, action, actor, expected) => {
    const refusal = requestActionRefusal(request as RequestFacts, action, actor as { id: number; tutor: TutorStanding | null });
    expect(refusal ? [refusal.status, refusal.message] : null).toEqual(expected);
  });
});

describe("a contract's price", () => {
  it.each([
    [4000, 60, 4000, 40],
    [4000, 180, 12000, 120],
    [3550, 90, 5325, 54],
    [3333, 60, 3333, 34],
    // Half a cent rounds up: 25.5 cents for a minute at $15.30 an hour.
    [1530, 1, 26, 1],
    [0, 120, 0, 0],
  ])("%i cents an hour for %i minutes is %i cents or %i tokens", (rate, minutes, cents, tokens) => {
    expect(contractTotalCents(rate, minutes)).toBe(cents);
    expect(contractTokenPrice(cents)).toBe(tokens);
  });
});

describe("minutes left and booking", () => {
  const sessions = [
    session("2026-12-01T15:00:00Z", "2026-12-01T16:00:00Z"),
    session("2026-12-03T15:00:00Z", "2026-12-03T16:30:00Z", "completed"),
    session("2026-12-05T15:00:00Z", "2026-12-05T16:00:00Z", "cancelled"),
  ];
  it("count booked and completed sessions, not cancelled ones", () => {
    expect(minutesLeft(180, sessions)).toBe(30);
    expect(minutesLeft(180, [])).toBe(180);
  });
  it.each([
    [{ purchaseStatus: "paid", purchasedMinutes: 180, sessionMinutes: 60, sessions: [] }, null],
    [{ purchaseStatus: "paid", purchasedMinutes: 180, sessionMinutes: 30, sessions }, null],
    [{ purchaseStatus: "paid", purchasedMinutes: 180, sessionMinutes: 60, sessions }, "All the hours of this contract are booked. Request more tutoring to book again."],
    [{ purchaseStatus: "unpaid", purchasedMinutes: 180, sessionMinutes: 60, sessions: [] }, "Pay for this contract before you book a session."],
    [{ purchaseStatus: "refunded", purchasedMinutes: 180, sessionMinutes: 60, sessions: [] }, "This contract was refunded: request tutoring again to book."],
  ] as const)("%o → %s", (contract, message) => {
    expect(bookingRefusal(contract)?.message ?? null).toBe(message);
  });
});

describe("a session's phase, cancelling and feedback", () => {
  const booked = session("2026-12-10T15:00:00Z", "2026-12-10T16:00:00Z");
  it.each([
    ["2026-12-10T14:59:59Z", "upcoming"],
    ["2026-12-10T15:00:00Z", "live"],
    ["2026-12-10T15:59:59Z", "live"],
    ["2026-12-10T16:00:00Z", "past"],
  ])("at %s a booked session is %s", (now, phase) => {
    expect(sessionPhase(booked, at(now))).toBe(phase);
  });
  it("a cancelled session stays cancelled and a completed one is past", () => {
    expect(sessionPhase({ ...booked, status: "cancelled" }, at("2026-12-01T00:00:00Z"))).toBe("cancelled");
    expect(sessionPhase({ ...booked, status: "completed" }, at("2026-12-10T15:30:00Z"))).toBe("past");
  });

  const tooLate = "Sessions can be cancelled up to 24 hours before they start. Message your tutor to ask them to cancel.";
  it.each([
    ["student", "2026-12-09T15:00:00Z", null],
    ["student", "2026-12-09T15:00:01Z", tooLate],
    ["student", "2026-12-10T14:00:00Z", tooLate],
    ["tutor", "2026-12-10T14:59:00Z", null],
    ["tutor", "2026-12-10T15:00:00Z", "A session that has started can no longer be cancelled."],
    ["student", "2026-12-11T00:00:00Z", "A session that has started can no longer be cancelled."],
  ] as const)("the %s cancelling at %s: %s", (by, now, message) => {
    expect(cancellationRefusal(booked, by, at(now))?.message ?? null).toBe(message);
  });
  it("nobody cancels a cancelled session", () => {
    expect(cancellationRefusal({ ...booked, status: "cancelled" }, "tutor", at("2026-12-01T00:00:00Z"))?.message).toBe("This session is already cancelled.");
  });

  it.each([
    ["2026-12-10T15:30:00Z", "booked", "Feedback opens when the session has ended."],
    ["2026-12-10T16:00:00Z", "booked", null],
    ["2026-12-10T16:00:00Z", "cancelled", "This session was cancelled."],
  ] as const)("feedback at %s on a %s session: %s", (now, status, message) => {
    expect(feedbackRefusal({ ...booked, status }, at(now))?.message ?? null).toBe(message);
  });

  const once = "You have already left feedback on this session.";
  it.each([
    ["2026-12-10T16:00:00Z", "booked", false, null],
    ["2026-12-10T16:00:00Z", "booked", true, once],
    // A session marked completed has taken place even if its planned end is still ahead.
    ["2026-12-10T15:30:00Z", "completed", false, null],
    ["2026-12-10T15:30:00Z", "completed", true, once],
    ["2026-12-10T14:00:00Z", "booked", true, "Feedback opens when the session has ended."],
    ["2026-12-11T00:00:00Z", "cancelled", true, "This session was cancelled."],
  ] as const)("feedback at %s on a %s session, already written %s: %s", (now, status, written, message) => {
    const refusal = feedbackRefusal({ ...booked, status }, at(now), written);
    expect(refusal?.message ?? null).toBe(message);
    if (refusal) expect(refusal.status).toBe(409);
  });

  it.each([
    ["student", { rating: 5, wentWell: "", toImprove: "" }, null],
    ["student", { rating: 1, wentWell: "Clear", toImprove: "Slower" }, null],
    ["student", { rating: null, wentWell: "Clear", toImprove: "" }, { rating: ["Choose a rating from 1 to 5"] }],
    ["student", { rating: 0, wentWell: "", toImprove: "" }, { rating: ["Choose a rating from 1 to 5"] }],
    ["student", { rating: 6, wentWell: "", toImprove: "" }, { rating: ["Choose a rating from 1 to 5"] }],
    ["student", { rating: 2.5, wentWell: "", toImprove: "" }, { rating: ["Choose a rating from 1 to 5"] }],
    ["tutor", { rating: null, wentWell: "Prepared questions", toImprove: "" }, null],
    ["tutor", { rating: null, wentWell: "", toImprove: "More practice problems" }, null],
    ["tutor", { rating: null, wentWell: "  ", toImprove: "\n" }, { went_well: ["Write what went well or what could be better"] }],
    ["tutor", { rating: 4, wentWell: "Prepared questions", toImprove: "" }, { rating: ["Only the student rates the session"] }],
  ] as const)("the %s's feedback %o: %o", (side, content, errors) => {
    expect(feedbackContentErrors(side, content)).toEqual(errors);
  });
});
