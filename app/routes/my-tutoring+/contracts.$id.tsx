import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { hasRole } from "~/accounts/roles";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { formatPrice } from "~/formatting/price";
import { notFound } from "~/errors/not-found.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { bookableSlots } from "~/tutoring/availability";
import { loadTutorCalendar, slotQuery } from "~/tutoring/availability.server";
import { bookTutoringSession } from "~/tutoring/booking.server";
import { cancelTutoringSession, contractSummary, findContract, payContractWithTokens, type ContractRecord } from "~/tutoring/contracts.server";
import { contractSchema } from "~/tutoring/forms";
import { OpenTimes, shownTimeZone, timeLabel, useShownTimeZone } from "~/tutoring/open-times";
import { bookingRefusal, CANCEL_NOTICE_HOURS, cancellationRefusal } from "~/tutoring/rules";
import { parseRecordId } from "~/utils/record-id";
import { siteOrigin } from "~/utils/site-origin.server";

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
  const facts = { purchaseStatus: contract.purchase_status, purchasedMinutes: contract.purchased_minutes, sessionMinutes: contract.session_minutes, sessions: summary.sessions.map((s) => ({ status: s.status, startsAt: s.starts_at, endsAt: s.ends_at })) };
  const canBook = side === "student" && bookingRefusal(facts) === null;
  const calendar = canBook ? await loadTutorCalendar(contract.tutor_id, now) : null;
  const slots = calendar ? bookableSlots(slotQuery({ ...calendar, sessionMinutes: contract.session_minutes }, now)).slice(0, TIMES_OFFERED) : [];
  return {
    contract: { ...view(contract), ...summary, sessions: summary.sessions.map((s) => ({ ...s, cancellable: side !== null && cancellationRefusal({ status: s.status, startsAt: s.starts_at, endsAt: s.ends_at }, side, now) === null })) },
    side,
    bookingRefusal: side === "student" ? bookingRefusal(facts)?.message ?? null : null,
    slots: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
    tutorTimeZone: contract.tutor_time_zone ?? "UTC",
  };
}

function view(contract: ContractRecord) {
  return {
    id: contract.id,
    tutor: `${contract.tutor_first_name} ${contract.tutor_last_name}`,
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

/** POST: pay with tokens, book a time, or cancel a session — each by `intent`. */
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
  if (command.intent === "cancel") {
    const cancelled = await cancelTutoringSession({ contractId: contract.id, sessionId: command.session_id, by: { id: session.user.id, side }, now: new Date() });
    if (cancelled.kind === "refused") return refuse(cancelled.message, cancelled.status);
    throw await redirectWithToast(back, { type: "success", message: "The session is cancelled and its time is back on the contract." });
  }
  if (side !== "student") return refuse("Only the student pays for and books sessions.", 403);
  if (command.intent === "pay_tokens") {
    const paid = await payContractWithTokens(contract.id, session.user.id);
    if (paid.kind === "refused") return refuse(paid.message, paid.status);
    throw await redirectWithToast(back, { type: "success", message: "Paid with tokens. Book your first session below." });
  }
  const booked = await bookTutoringSession({ contractId: contract.id, studentId: session.user.id, start: command.start, now: new Date(), origin: siteOrigin(request) });
  if (booked.kind === "refused") return refuse(booked.message, booked.status);
  throw await redirectWithToast(back, { type: "success", message: "Your session is booked. You and your tutor have it by email, with a calendar file." });
}

const PHASE_LABELS = { upcoming: "Upcoming", live: "Happening now", past: "Done", cancelled: "Cancelled" } as const;

export default function ContractPage() {
  const { contract, side, bookingRefusal: notBookable, slots, tutorTimeZone } = useLoaderData<typeof loader>();
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
          <strong>{contract.purchaseStatus === "paid" ? `Paid${contract.paymentMethod === "tokens" ? " with tokens" : " by card"}` : contract.purchaseStatus === "refunded" ? "Refunded" : "Not paid yet"}</strong>
          {contract.purchaseStatus === "paid" ? ` · ${Math.max(0, contract.minutesLeft) / 60} hours left to book` : ""}
        </p>
        {side === "student" && contract.purchaseStatus === "unpaid" ? (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="pay_tokens" />
            <p className="muted">You have {contract.tokenBalance} tokens.</p>
            <button type="submit" className="button" disabled={busy}>
              Pay {contract.tokenPrice} tokens
            </button>
          </Form>
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
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Tutoring contract — Marketplace" }];
