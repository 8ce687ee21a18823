/**
 * Tutoring's business rules, pure: who may take, accept, decline or withdraw a request, what a
 * contract costs, how much of it is left, when a session may be booked or cancelled. Route modules
 * and the API load the facts, ask here, and answer with the message.
 *
 * The cancellation rule (shown to both sides on every session): a student cancels free of charge
 * until 24 hours before the start, and the time returns to the contract; later, only the tutor can
 * cancel (the student asks them in the chat), since a tutor who kept the hour free is owed it. A
 * tutor may cancel any time before the start, and the student always gets the time back. Nobody
 * cancels a session that has started.
 */

export const CANCEL_NOTICE_HOURS = 24;
/** Slots start this long after now at the earliest, so a tutor is never booked by surprise. */
export const BOOKING_NOTICE_MINUTES = 12 * 60;
/** Start times sit on the tutor's half hours. */
export const SLOT_STEP_MINUTES = 30;
/** How far ahead students may book. */
export const BOOKING_HORIZON_DAYS = 28;
/** A token pays this much of a tutoring contract. */
export const TOKEN_VALUE_CENTS = 100;
export const REQUEST_HOURS = [1, 2, 3, 5, 10] as const;

export type RequestStatus = "open" | "accepted" | "withdrawn" | "declined";
export type Refusal = { message: string; status: number };

export interface TutorStanding {
  agreementAccepted: boolean;
  /** Courses on the tutor's profile (SPEC §5: a tutor profile needs tutored courses). */
  tutoredCourseIds: readonly number[];
  acceptingStudents: boolean;
}

/** Why a tutor may not take requests yet, or null. */
export function takingRequestsRefusal(tutor: TutorStanding): Refusal | null {
  if (!tutor.agreementAccepted) return { message: "Accept the contractor agreement before you take tutoring requests.", status: 403 };
  if (tutor.tutoredCourseIds.length === 0) return { message: "Add the courses you tutor to your profile before you take tutoring requests.", status: 403 };
  return null;
}

export interface RequestFacts {
  status: RequestStatus;
  studentId: number;
  courseId: number;
  /** The tutor it was asked of, or null for any tutor of the course. */
  tutorId: number | null;
  /** Tutors who declined it. */
  declinedBy: readonly number[];
}

/** Whether a tutor sees a request on their side: an open one for a course they tutor, asked of them or of anyone, not declined by them. */
export function requestIsForTutor(request: RequestFacts, tutorId: number, tutor: Pick<TutorStanding, "tutoredCourseIds">): boolean {
  if (request.studentId === tutorId) return false;
  if (request.tutorId !== null) return request.tutorId === tutorId;
  return tutor.tutoredCourseIds.includes(request.courseId) && !request.declinedBy.includes(tutorId);
}

/** Why `actorId` may not accept / decline / withdraw the request, or null. */
export function requestActionRefusal(
  request: RequestFacts,
  action: "accept" | "decline" | "withdraw",
  actor: { id: number; tutor: TutorStanding | null },
): Refusal | null {
  if (action === "withdraw") {
    if (actor.id !== request.studentId) return { message: "Only the student who asked can withdraw this request.", status: 403 };
    if (request.status !== "open") return { message: `This request is already ${request.status}.`, status: 409 };
    return null;
  }
  if (!actor.tutor || !requestIsForTutor(request, actor.id, actor.tutor)) {
    // A request a tutor cannot see is answered like one that does not exist.
    if (request.status === "open" || request.tutorId === actor.id) return { message: "This request is not for you.", status: 404 };
    return { message: "This request has been taken.", status: 409 };
  }
  if (request.status !== "open") return { message: request.status === "accepted" ? "This request has been taken." : `This request is already ${request.status}.`, status: 409 };
  if (action === "accept") return takingRequestsRefusal(actor.tutor) ?? (actor.tutor.acceptingStudents ? null : { message: "Turn on “accepting students” on your profile to accept requests.", status: 409 });
  return null;
}

/** A contract's price: the tutor's hourly rate for the hours bought, in cents (half a cent rounds up). */
export function contractTotalCents(rateCents: number, purchasedMinutes: number): number {
  return Math.round((rateCents * purchasedMinutes) / 60);
}

/** The same price in tokens (a token pays TOKEN_VALUE_CENTS; part of a token counts as one). */
export function contractTokenPrice(totalCents: number): number {
  return Math.ceil(totalCents / TOKEN_VALUE_CENTS);
}

export interface SessionFacts {
  status: "booked" | "cancelled" | "completed";
  startsAt: Date;
  endsAt: Date;
}

const minutesOf = (session: SessionFacts) => Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000);

/** The contract's minutes not yet booked: cancelled sessions give theirs back. */
export function minutesLeft(purchasedMinutes: number, sessions: readonly SessionFacts[]): number {
  return purchasedMinutes - sessions.filter((session) => session.status !== "cancelled").reduce((sum, session) => sum + minutesOf(session), 0);
}

export type SessionPhase = "upcoming" | "live" | "past" | "cancelled";

/** Where a session stands at `now`: a booked session whose end has passed is past (it took place). */
export function sessionPhase(session: SessionFacts, now: Date): SessionPhase {
  if (session.status === "cancelled") return "cancelled";
  if (session.status === "completed" || now >= session.endsAt) return "past";
  return now >= session.startsAt ? "live" : "upcoming";
}

export interface ContractFacts {
  purchaseStatus: "unpaid" | "paid" | "refunded";
  purchasedMinutes: number;
  sessionMinutes: number;
  sessions: readonly SessionFacts[];
}

/** Why the contract's student may not book another session, or null. */
export function bookingRefusal(contract: ContractFacts): Refusal | null {
  if (contract.purchaseStatus === "unpaid") return { message: "Pay for this contract before you book a session.", status: 409 };
  if (contract.purchaseStatus === "refunded") return { message: "This contract was refunded: request tutoring again to book.", status: 409 };
  if (minutesLeft(contract.purchasedMinutes, contract.sessions) < contract.sessionMinutes) return { message: "All the hours of this contract are booked. Request more tutoring to book again.", status: 409 };
  return null;
}

/** Why `by` may not cancel the session at `now`, or null. */
export function cancellationRefusal(session: SessionFacts, by: "student" | "tutor", now: Date): Refusal | null {
  const phase = sessionPhase(session, now);
  if (phase === "cancelled") return { message: "This session is already cancelled.", status: 409 };
  if (phase !== "upcoming") return { message: "A session that has started can no longer be cancelled.", status: 409 };
  if (by === "student" && session.startsAt.getTime() - now.getTime() < CANCEL_NOTICE_HOURS * 3_600_000) {
    return { message: `Sessions can be cancelled up to ${CANCEL_NOTICE_HOURS} hours before they start. Message your tutor to ask them to cancel.`, status: 409 };
  }
  return null;
}

/**
 * Whether feedback may be left: by the session's two people, once it has taken place, once each
 * (what was written stays as written, so neither side sees the other's words change after reading).
 */
export function feedbackRefusal(session: SessionFacts, now: Date, alreadyWritten = false): Refusal | null {
  const phase = sessionPhase(session, now);
  if (phase === "cancelled") return { message: "This session was cancelled.", status: 409 };
  if (phase !== "past") return { message: "Feedback opens when the session has ended.", status: 409 };
  if (alreadyWritten) return { message: "You have already left feedback on this session.", status: 409 };
  return null;
}

export const FEEDBACK_TEXT_LIMIT = 2000;

export interface FeedbackContent {
  rating: number | null;
  wentWell: string;
  toImprove: string;
}

/**
 * What a side's feedback lacks, by field, or null. The student rates the session from 1 to 5;
 * the tutor does not rate (a tutor's score of their own session would say nothing), so a tutor's
 * feedback is its words: at least one of the two notes.
 */
export function feedbackContentErrors(side: "student" | "tutor", content: FeedbackContent): Partial<Record<"rating" | "went_well", string[]>> | null {
  if (side === "student") {
    return content.rating !== null && Number.isInteger(content.rating) && content.rating >= 1 && content.rating <= 5 ? null : { rating: ["Choose a rating from 1 to 5"] };
  }
  if (content.rating !== null) return { rating: ["Only the student rates the session"] };
  return content.wentWell.trim() || content.toImprove.trim() ? null : { went_well: ["Write what went well or what could be better"] };
}
