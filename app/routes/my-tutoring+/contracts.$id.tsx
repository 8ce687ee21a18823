import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { hasRole } from "~/accounts/roles";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { ChatError, createChatWithUser } from "~/chats/chats.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, SelectField, TextAreaField } from "~/components/form-field";
import type { Currency } from "~/db/schema";
import { formatPrice } from "~/formatting/price";
import { notFound } from "~/errors/not-found.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { bookableSlots } from "~/tutoring/availability";
import { loadTutorCalendar, slotQuery } from "~/tutoring/availability.server";
import { bookTutoringSession } from "~/tutoring/booking.server";
import { cancelTutoringSession, contractSummary, findContract, payContractWithTokens, type ContractRecord } from "~/tutoring/contracts.server";
import { contractSchema } from "~/tutoring/forms";
import { OpenTimes, shownTimeZone, timeLabel, useShownTimeZone } from "~/tutoring/open-times";
import { bookingRefusal, CANCEL_NOTICE_HOURS, cancellationRefusal, FEEDBACK_TEXT_LIMIT, feedbackContentErrors } from "~/tutoring/rules";
import { saveSessionFeedback, sessionFeedback } from "~/tutoring/session-feedback.server";
import { parseRecordId } from "~/utils/record-id";
import { siteOrigin } from "~/utils/site-origin.server";
import { contractBillingPeriods, payOwedBilling } from "~/study-rooms/billings.server";

const ROUTE = "routes/my-tutoring+/contracts.$id";
/** How many open times the contract's page offers. */
const TIMES_OFFERED = 40;

/** The contract and the viewer's side of it; a 404 for anyone but its two people (and admins, who read it). */
async function contractFor(session: CurrentSession, idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const contract = id === null ? undefined : await findContract(id);
  if (!contract) throw notFound("Contract not found");
  const side: "student" | "tutor" | null = contract.student_id === session.user.id ? "student" : contract.tutor_id === session.user.id ? "tutor" : null;
  if (!side && !hasRole(viewerFor(session), "admin")) throw notFound("Contract not found");
  return { contract, side };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { contract, side } = await contractFor(session, params.id);
  const now = new Date();
  const summary = contractSummary(contract, now);
  const facts = {
    purchaseStatus: contract.purchase_status,
    purchasedMinutes: contract.purchased_minutes,
    sessionMinutes: contract.session_minutes,
    sessions: summary.sessions.map((s) => ({ status: s.status, startsAt: s.starts_at, endsAt: s.ends_at })),
  };
  const canBook = side === "student" && bookingRefusal(facts) === null;
  const calendar = canBook ? await loadTutorCalendar(contract.tutor_id, now) : null;
  const slots = calendar ? bookableSlots(slotQuery({ ...calendar, sessionMinutes: contract.session_minutes }, now)).slice(0, TIMES_OFFERED) : [];
  const [feedback, billed] = await Promise.all([sessionFeedback(contract.id, contract.sessions, side, now), contractBillingPeriods(contract.id)]);
  return {
    contract: {
      ...view(contract),
      ...summary,
      sessions: summary.sessions.map((s) => ({
        ...s,
        cancellable: side !== null && cancellationRefusal({ status: s.status, startsAt: s.starts_at, endsAt: s.ends_at }, side, now) === null,
        feedback: feedback.get(s.id)!,
      })),
    },
    side,
    bookingRefusal: side === "student" ? bookingRefusal(facts)?.message ?? null : null,
    slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
    tutorTimeZone: contract.tutor_time_zone ?? "UTC",
    billed: billed.map((period) => ({ ...period, endedAt: period.endedAt.toISOString() })),
  };
}

function view(contract: ContractRecord) {
  return {
    id: contract.id,
    tutor: `${contract.tutor_first_name} ${contract.tutor_last_name}`,
    tutorFirstName: contract.tutor_first_name,
    studentFirstName: contract.student_first_name,
    student: `${contract.student_first_name} ${contract.student_last_name}`,
    course: contract.course_code ? `${contract.course_code}: ${contract.course_name}` : null,
    rateCents: contract.rate_cents,
    currency: contract.currency,
    hours: contract.purchased_minutes / 60,
    sessionMinutes: contract.session_minutes,
    purchaseStatus: contract.purchase_status,
    paymentMethod: contract.payment_method,
    terms: contract.terms,
    tokenBalance: contract.student_token_balance,
  };
}

/** POST: pay with tokens, pay billed room time, book a time, cancel a session, leave feedback or open the chat with the other person — each by `intent`. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const { contract, side } = await contractFor(session, params.id);
  const submission = parseWithZod(await request.formData(), { schema: contractSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refuse = (message: string, status: number) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  // Back to the page as it was asked for: a zone chosen without JavaScript stays chosen.
  const zone = new URL(request.url).searchParams.get("tz");
  const back = `/my-tutoring/contracts/${contract.id}${zone ? `?tz=${encodeURIComponent(zone)}` : ""}`;
  const command = submission.value;
  if (!side) return refuse("Only the student and the tutor of this contract can change it.", 403);
  if (command.intent === "message") {
    let chatId: number;
    try {
      chatId = await createChatWithUser(session.user.id, side === "student" ? contract.tutor_id : contract.student_id);
    } catch (error) {
      if (error instanceof ChatError) return refuse(error.message, error.status);
      throw error;
    }
    throw redirect(`/chats/${chatId}`);
  }
  if (command.intent === "cancel") {
    const cancelled = await cancelTutoringSession({ contractId: contract.id, sessionId: command.session_id, by: { id: session.user.id, side }, now: new Date() });
    if (cancelled.kind === "refused") return refuse(cancelled.message, cancelled.status);
    throw await redirectWithToast(back, { type: "success", message: "The session is cancelled and its time is back on the contract." });
  }
  if (command.intent === "feedback") {
    const content = { rating: command.rating ?? null, wentWell: command.went_well, toImprove: command.to_improve };
    const missing = feedbackContentErrors(side, content);
    if (missing) return data({ result: submission.reply({ fieldErrors: missing }) }, { status: 400 });
    const saved = await saveSessionFeedback({ contractId: contract.id, sessionId: command.session_id, by: { id: session.user.id, side }, ...content, now: new Date() });
    if (saved.kind === "refused") return refuse(saved.message, saved.status);
    throw await redirectWithToast(back, {
      type: "success",
      message: side === "student" ? `Thank you: ${contract.tutor_first_name} can read your feedback now.` : `Thank you: ${contract.student_first_name} can read your feedback now.`,
    });
  }
  if (side !== "student") return refuse("Only the student pays for and books sessions.", 403);
  if (command.intent === "pay_tokens") {
    const paid = await payContractWithTokens(contract.id, session.user.id);
    if (paid.kind === "refused") return refuse(paid.message, paid.status);
    throw await redirectWithToast(back, { type: "success", message: "Paid with tokens. Book your first session below." });
  }
  if (command.intent === "pay_billing") {
    const paid = await payOwedBilling({ contractId: contract.id, billingId: command.billing_id, studentId: session.user.id, now: new Date() });
    if (paid.kind === "refused") return refuse(paid.message, paid.status);
    throw await redirectWithToast(back, { type: "success", message: `Paid with ${paid.tokens} token${paid.tokens === 1 ? "" : "s"}. You have ${paid.balance} left.` });
  }
  const booked = await bookTutoringSession({ contractId: contract.id, studentId: session.user.id, start: command.start, now: new Date(), origin: siteOrigin(request) });
  if (booked.kind === "refused") return refuse(booked.message, booked.status);
  throw await redirectWithToast(back, { type: "success", message: "Your session is booked. You and your tutor have it by email, with a calendar file." });
}

const PHASE_LABELS = { upcoming: "Upcoming", live: "Happening now", past: "Done", cancelled: "Cancelled" } as const;

export default function ContractPage() {
  const { contract, side, bookingRefusal: notBookable, slots, tutorTimeZone, billed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [searchParams] = useSearchParams();
  const zone = shownTimeZone(searchParams, tutorTimeZone);
  const shown = useShownTimeZone(zone.zone, zone.chosen);
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/my-tutoring">My tutoring</Link>
      </p>
      <h1 className="page-heading">{side === "tutor" ? `Tutoring ${contract.student}` : `Tutoring with ${contract.tutor}`}</h1>
      {contract.course ? <p className="muted">{contract.course}</p> : null}
      {side ? (
        <Form method="post" style={{ marginTop: "var(--space-2)" }}>
          <CsrfInput />
          <input type="hidden" name="intent" value="message" />
          <button type="submit" className="button button--outline" disabled={busy}>
            Message {side === "student" ? contract.tutorFirstName : contract.studentFirstName}
          </button>
        </Form>
      ) : null}
      <FormErrors errors={answer?.result.error?.[""] ?? answer?.result.error?.start ?? undefined} />

      <section aria-labelledby="terms-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="terms-heading">
          The contract
        </h2>
        <p>
          {contract.hours} {contract.hours === 1 ? "hour" : "hours"} at {formatPrice(contract.rateCents, contract.currency)} an hour: {formatPrice(contract.totalCents, contract.currency)} in all, or{" "}
          {contract.tokenPrice} tokens. Sessions last {contract.sessionMinutes} minutes.
        </p>
        <p>{contract.terms}</p>
        <p>
          <strong>
            {contract.purchaseStatus === "paid" ? `Paid${contract.paymentMethod === "tokens" ? " with tokens" : " by card"}` : contract.purchaseStatus === "refunded" ? "Refunded" : "Not paid yet"}
          </strong>
          {contract.purchaseStatus === "paid" ? ` · ${Math.max(0, contract.minutesLeft) / 60} ${contract.minutesLeft === 60 ? "hour" : "hours"} left to book` : ""}
        </p>
        {side === "student" && contract.purchaseStatus === "unpaid" ? (
          <div>
            <p>
              <Link className="button" to={`/checkout?student_tutor_contract_id=${contract.id}`}>
                Pay {formatPrice(contract.totalCents, contract.currency)} by card
              </Link>
            </p>
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="pay_tokens" />
              <p className="muted">Or with tokens: you have {contract.tokenBalance}.</p>
              <button type="submit" className="button button--soft" disabled={busy}>
                Pay {contract.tokenPrice} tokens
              </button>
            </Form>
          </div>
        ) : null}
      </section>

      {side === "student" && contract.purchaseStatus === "paid" ? (
        <section aria-labelledby="book-heading" style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading" id="book-heading">
            Book a session
          </h2>
          {notBookable ? (
            <p className="muted">{notBookable}</p>
          ) : (
            <OpenTimes
              slots={slots}
              tutorTimeZone={tutorTimeZone}
              {...zone}
              renderSlot={(slot) => (
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="book" />
                  <input type="hidden" name="start" value={slot.start.toISOString()} />
                  <button type="submit" className="button button--soft" disabled={busy} aria-label={`Book ${slot.dayLabel} at ${slot.label}`}>
                    {slot.label}
                  </button>
                </Form>
              )}
            />
          )}
        </section>
      ) : null}

      <section aria-labelledby="sessions-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="sessions-heading">
          Sessions
        </h2>
        {contract.sessions.length === 0 ? (
          <p className="muted">No session booked yet.</p>
        ) : (
          <ul className="tutoring-list">
            {contract.sessions.map((entry) => (
              <li key={entry.id} className="tutoring-row">
                <strong>
                  <time dateTime={new Date(entry.starts_at).toISOString()}>{timeLabel(new Date(entry.starts_at), shown)}</time> ({shown.replaceAll("_", " ")} time)
                </strong>
                <span className="muted">{PHASE_LABELS[entry.phase]}</span>
                {side && (entry.phase === "upcoming" || entry.phase === "live") ? (
                  <Link to={`/study-rooms/${entry.room_slug}`} className={entry.phase === "live" ? "button" : undefined}>
                    {entry.phase === "live" ? "Join the study room" : "Open the study room"}
                  </Link>
                ) : null}
                {entry.cancellable ? (
                  <Form method="post" className="tutoring-row__actions">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="cancel" />
                    <input type="hidden" name="session_id" value={entry.id} />
                    <button type="submit" className="button button--outline" disabled={busy}>
                      Cancel this session
                    </button>
                  </Form>
                ) : entry.phase === "upcoming" && side === "student" ? (
                  <span className="muted">Less than {CANCEL_NOTICE_HOURS} hours to go: ask your tutor if you cannot come.</span>
                ) : null}
                {entry.phase === "past" ? (
                  <SessionFeedback sessionId={entry.id} feedback={entry.feedback} side={side} names={{ student: contract.student, tutor: contract.tutor }} result={answer?.result} busy={busy} />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {billed.length > 0 ? <BilledTime billed={billed} side={side} tokenBalance={contract.tokenBalance} shown={shown} busy={busy} /> : null}
    </div>
  );
}

/** Time billed by the minute in the contract's study rooms: each period, paid or owed, and for the student a way to pay what is owed. */
function BilledTime({
  billed,
  side,
  tokenBalance,
  shown,
  busy,
}: {
  billed: { id: number; endedAt: string; minutes: number; amountCents: number; currency: Currency; tokens: number; paid: boolean }[];
  side: "student" | "tutor" | null;
  tokenBalance: number;
  shown: string;
  busy: boolean;
}) {
  const owed = billed.filter((period) => !period.paid);
  return (
    <section aria-labelledby="billed-heading" style={{ marginTop: "var(--space-5)" }}>
      <h2 className="section-heading" id="billed-heading">
        Billed in the study room
      </h2>
      <p className="muted">
        {owed.length === 0
          ? "All paid."
          : side === "student"
          ? `${owed.length === 1 ? "One period is" : `${owed.length} periods are`} still to pay. You have ${tokenBalance} token${tokenBalance === 1 ? "" : "s"}.`
          : `${owed.length === 1 ? "One period is" : `${owed.length} periods are`} not paid yet.`}
        {side === "student" && owed.some((period) => period.tokens > tokenBalance) ? (
          <>
            {" "}
            <Link to="/tokens">Buy tokens</Link>
          </>
        ) : null}
      </p>
      <ul className="tutoring-list">
        {billed.map((period) => (
          <li key={period.id} className="tutoring-row">
            <strong>
              {period.minutes} minute{period.minutes === 1 ? "" : "s"}, {formatPrice(period.amountCents, period.currency, { forceCents: true })}
            </strong>
            <span className="muted">
              Ended <time dateTime={period.endedAt}>{timeLabel(new Date(period.endedAt), shown)}</time> · {period.paid ? "Paid" : "Owed"}
            </span>
            {side === "student" && !period.paid ? (
              <Form method="post" className="tutoring-row__actions">
                <CsrfInput />
                <input type="hidden" name="intent" value="pay_billing" />
                <input type="hidden" name="billing_id" value={period.id} />
                <button type="submit" className="button" disabled={busy}>
                  Pay with {period.tokens} token{period.tokens === 1 ? "" : "s"}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

const RATINGS = [
  [5, "5 – Excellent"],
  [4, "4 – Good"],
  [3, "3 – Fair"],
  [2, "2 – Poor"],
  [1, "1 – Very poor"],
] as const;

type Written = { rating: number | null; wentWell: string; toImprove: string };

/** A past session's feedback: what each side wrote, and the viewer's form until they have written theirs. */
function SessionFeedback({
  sessionId,
  feedback,
  side,
  names,
  result,
  busy,
}: {
  sessionId: number;
  feedback: { student: Written | null; tutor: Written | null; mayWrite: boolean };
  side: "student" | "tutor" | null;
  names: { student: string; tutor: string };
  result: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  // Several sessions have a form each: a refused submission's messages and values go back to the one that sent it.
  const sent = result?.initialValue?.intent === "feedback" && result.initialValue.session_id === String(sessionId) ? result : undefined;
  const errors = (field: string) => sent?.error?.[field] ?? undefined;
  const value = (field: string) => {
    const raw = sent?.initialValue?.[field];
    return typeof raw === "string" ? raw : undefined;
  };
  const headingId = `feedback-${sessionId}-heading`;
  const sides = (["student", "tutor"] as const).filter((author) => feedback[author] !== null);
  return (
    <div aria-labelledby={headingId} role="group" style={{ marginTop: "var(--space-2)" }}>
      <h3 id={headingId} style={{ margin: 0, fontSize: "var(--font-size-2)" }}>
        Feedback
      </h3>
      {sides.map((author) => {
        const written = feedback[author]!;
        return (
          <div key={author}>
            <p style={{ margin: "var(--space-1) 0 0" }}>
              <strong>{author === side ? "Your feedback" : `${names[author]} (${author})`}</strong>
              {written.rating !== null ? ` · rated ${written.rating} out of 5` : ""}
            </p>
            {written.wentWell ? <p style={{ margin: 0 }}>What went well: {written.wentWell}</p> : null}
            {written.toImprove ? <p style={{ margin: 0 }}>What could be better: {written.toImprove}</p> : null}
          </div>
        );
      })}
      {side !== null && feedback[side === "student" ? "tutor" : "student"] === null ? (
        <p className="muted" style={{ margin: "var(--space-1) 0 0" }}>
          {names[side === "student" ? "tutor" : "student"]} has not left feedback yet.
        </p>
      ) : null}
      {side === null && sides.length === 0 ? <p className="muted">No feedback yet.</p> : null}
      {feedback.mayWrite && side !== null ? (
        <Form method="post" className="tutoring-form" style={{ marginTop: "var(--space-2)" }}>
          <CsrfInput />
          <input type="hidden" name="intent" value="feedback" />
          <input type="hidden" name="session_id" value={sessionId} />
          {side === "student" ? (
            <SelectField label="How was the session?" id={`feedback-${sessionId}-rating`} name="rating" defaultValue={value("rating") ?? ""} errors={errors("rating")} required>
              <option value="">Choose a rating</option>
              {RATINGS.map(([rating, label]) => (
                <option key={rating} value={rating}>
                  {label}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextAreaField
            label="What went well"
            id={`feedback-${sessionId}-went_well`}
            name="went_well"
            rows={3}
            maxLength={FEEDBACK_TEXT_LIMIT}
            defaultValue={value("went_well")}
            errors={errors("went_well")}
            hint={side === "tutor" ? "Fill in this box, the next one or both." : undefined}
          />
          <TextAreaField
            label="What could be better"
            id={`feedback-${sessionId}-to_improve`}
            name="to_improve"
            rows={3}
            maxLength={FEEDBACK_TEXT_LIMIT}
            defaultValue={value("to_improve")}
            errors={errors("to_improve")}
          />
          <p className="muted" style={{ margin: 0 }}>
            {side === "student" ? names.tutor : names.student} will read it. Feedback cannot be changed once sent.
          </p>
          <div>
            <button type="submit" className="button" disabled={busy}>
              Send feedback
            </button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Tutoring contract — Marketplace" }];
