import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { acceptContract } from "~/accounts/profile.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { formatDate } from "~/formatting/format";
import { formatPrice } from "~/formatting/price";
import { redirectWithToast } from "~/toasts/toast.server";
import { listContracts } from "~/tutoring/contracts.server";
import { timeLabel, useShownTimeZone } from "~/tutoring/open-times";
import { tutoringOverview } from "~/tutoring/schedule.server";
import { myTutoringSchema } from "~/tutoring/forms";
import { actOnTutorRequest, listRequestsForTutor, listStudentRequests, tutorStanding } from "~/tutoring/requests.server";
import { takingRequestsRefusal } from "~/tutoring/rules";

const ROUTE = "routes/my-tutoring+/_index";

const MESSAGES = {
  accept: "You accepted the request. The student pays, then books sessions with you.",
  decline: "You declined the request.",
  withdraw: "Your request is withdrawn.",
  accept_agreement: "You accepted the contractor agreement.",
} as const;

/** /my-tutoring: a student's requests and contracts; a tutor's incoming requests and contracts too. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const userId = session.user.id;
  const [standing, requests, contracts, overview] = await Promise.all([tutorStanding(userId), listStudentRequests(userId), listContracts(userId, "student"), tutoringOverview(userId, new Date())]);
  const [incoming, teaching] = standing ? await Promise.all([listRequestsForTutor(userId, standing), listContracts(userId, "tutor")]) : [[], []];
  return {
    requests,
    contracts,
    upcoming: overview.upcoming,
    recent: overview.recent,
    balance: overview.balance,
    timeZone: overview.timeZone,
    tutor: standing
      ? { refusal: takingRequestsRefusal(standing)?.message ?? null, agreementAccepted: standing.agreementAccepted, incoming, contracts: teaching, earnings: overview.earnings }
      : null,
  };
}

/** POST: accept / decline / withdraw a request (request_id), or accept the contractor agreement. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: myTutoringSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const command = submission.value;
  if (command.intent === "accept_agreement") {
    if (!(await tutorStanding(session.user.id))) return data({ result: submission.reply({ formErrors: ["Only tutors accept the contractor agreement."] }) }, { status: 403 });
    await acceptContract(session.user.id);
    throw await redirectWithToast("/my-tutoring", { type: "success", message: MESSAGES.accept_agreement });
  }
  const outcome = await actOnTutorRequest(command.request_id, session.user.id, command.intent);
  if (outcome.kind === "refused") return data({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
  const next = outcome.contractId ? `/my-tutoring/contracts/${outcome.contractId}` : "/my-tutoring";
  throw await redirectWithToast(next, { type: "success", message: MESSAGES[command.intent] });
}

const STATUS_LABELS = { open: "Waiting for a tutor", accepted: "Accepted", withdrawn: "Withdrawn", declined: "Declined" } as const;
const PAYMENT_LABELS = { unpaid: "Not paid yet", paid: "Paid", refunded: "Refunded" } as const;

function RequestAction({ id, intent, label, secondary }: { id: number; intent: "accept" | "decline" | "withdraw"; label: string; secondary?: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="request_id" value={id} />
      <button type="submit" className={secondary ? "button button--outline" : "button"} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

type ContractRow = ReturnType<typeof useLoaderData<typeof loader>>["contracts"][number];

const hoursText = (minutes: number) => `${minutes / 60} ${minutes === 60 ? "hour" : "hours"}`;

type SessionRow = ReturnType<typeof useLoaderData<typeof loader>>["upcoming"][number];

/** Sessions on either side, each with the other person and a link to its contract; times in the viewer's zone. */
function SessionList({ sessions, zone }: { sessions: SessionRow[]; zone: string }) {
  return (
    <ul className="tutoring-list">
      {sessions.map((session) => (
        <li key={session.id} className="tutoring-row">
          <strong>
            <time dateTime={new Date(session.startsAt).toISOString()}>{timeLabel(new Date(session.startsAt), zone)}</time>
          </strong>
          <span>
            {session.side === "tutor" ? "Tutoring" : "With"} {session.with}
            {session.courseCode ? ` · ${session.courseCode}` : ""}
            {session.phase === "live" ? " · happening now" : ""}
          </span>
          <span className="muted">
            <Link to={`/my-tutoring/contracts/${session.contractId}`}>Open the contract</Link>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Contracts with the other person, hours, rate and payment. */
function ContractList({ contracts }: { contracts: ContractRow[] }) {
  return (
    <ul className="tutoring-list">
      {contracts.map((contract) => (
        <li key={contract.id} className="tutoring-row">
          <Link to={`/my-tutoring/contracts/${contract.id}`}>
            {contract.other_first_name} {contract.other_last_name}
            {contract.course_code ? ` · ${contract.course_code}` : ""}
          </Link>
          <span className="muted">
            {hoursText(contract.purchased_minutes)} at {formatPrice(contract.rate_cents, contract.currency)} / hour · {PAYMENT_LABELS[contract.purchase_status]}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function MyTutoringPage() {
  const { requests, contracts, upcoming, recent, balance, timeZone, tutor } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // Without JavaScript times read in a tutor's own zone (or UTC); with it, in the browser's.
  const zone = useShownTimeZone(timeZone, false);
  const zoneNote = <p className="muted">Times in {zone.replaceAll("_", " ")} time.</p>;
  return (
    <div className="wrapper wrapper--wide page">
      <h1 className="page-heading">My tutoring</h1>
      <FormErrors errors={answer?.result.error?.[""] ?? answer?.result.error?.agree ?? undefined} />

      <section aria-labelledby="schedule-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="schedule-heading">
          Upcoming sessions
        </h2>
        {upcoming.length === 0 ? (
          <p className="muted">No session booked. Book one from a paid contract below.</p>
        ) : (
          <>
            {zoneNote}
            <SessionList sessions={upcoming} zone={zone} />
          </>
        )}
        {recent.length > 0 ? (
          <>
            <h3 style={{ marginBottom: "var(--space-2)" }}>Recent sessions</h3>
            <SessionList sessions={recent} zone={zone} />
          </>
        ) : null}
      </section>

      {tutor ? (
        <section aria-labelledby="tutor-heading" style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading" id="tutor-heading">
            As a tutor
          </h2>
          {!tutor.agreementAccepted ? (
            <Form method="post" className="tutoring-row">
              <CsrfInput />
              <input type="hidden" name="intent" value="accept_agreement" />
              <p>Before you take requests, accept the contractor agreement: you tutor as an independent contractor, keep sessions you accept, and are paid your hourly rate for sessions held.</p>
              <label>
                <input type="checkbox" name="agree" value="on" required /> I accept the contractor agreement
              </label>
              <div>
                <button type="submit" className="button">
                  Accept the agreement
                </button>
              </div>
            </Form>
          ) : tutor.refusal ? (
            <p role="status">{tutor.refusal}</p>
          ) : null}
          <p>
            <Link to="/my-tutoring/availability">Your hours</Link>: when students may book you, in your time zone.
          </p>
          <h3 style={{ marginBottom: "var(--space-2)" }}>Earnings</h3>
          {tutor.earnings.allTime.length === 0 ? (
            <p className="muted">No session yet: you earn your hourly rate for each session you hold.</p>
          ) : (
            <table className="history-table">
              <caption className="visually-hidden">Your earnings from tutoring sessions</caption>
              <thead>
                <tr>
                  <th scope="col">Currency</th>
                  <th scope="col">This month</th>
                  <th scope="col">All time</th>
                  <th scope="col">Booked, still to come</th>
                </tr>
              </thead>
              <tbody>
                {tutor.earnings.allTime.map((entry) => {
                  const month = tutor.earnings.thisMonth.find((candidate) => candidate.currency === entry.currency);
                  return (
                    <tr key={entry.currency}>
                      <th scope="row">{entry.currency}</th>
                      <td>
                        {formatPrice(month?.earnedCents ?? 0, entry.currency, { forceCents: true })} ({hoursText(month?.heldMinutes ?? 0)})
                      </td>
                      <td>
                        {formatPrice(entry.earnedCents, entry.currency, { forceCents: true })} ({hoursText(entry.heldMinutes)})
                      </td>
                      <td>
                        {formatPrice(entry.upcomingCents, entry.currency, { forceCents: true })} ({hoursText(entry.upcomingMinutes)})
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          <h3 style={{ marginBottom: "var(--space-2)" }}>Requests you can take</h3>
          {tutor.incoming.length === 0 ? (
            <p className="muted">No open request for your courses right now.</p>
          ) : (
            <ul className="tutoring-list">
              {tutor.incoming.map((entry) => (
                <li key={entry.id} className="tutoring-row">
                  <strong>
                    {entry.course_code}: {entry.hours} {entry.hours === 1 ? "hour" : "hours"} for {entry.student_first_name}
                    {entry.tutor_id !== null ? " (asked of you)" : ""}
                  </strong>
                  <span>{entry.goals}</span>
                  {entry.preferred_times ? <span className="muted">Usually free: {entry.preferred_times}</span> : null}
                  <span className="muted">Asked {formatDate(entry.created_at)}</span>
                  <div className="tutoring-row__actions">
                    <RequestAction id={entry.id} intent="accept" label="Accept" />
                    <RequestAction id={entry.id} intent="decline" label="Decline" secondary />
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h3 style={{ marginBottom: "var(--space-2)" }}>Your students</h3>
          {tutor.contracts.length === 0 ? <p className="muted">No contract yet.</p> : <ContractList contracts={tutor.contracts} />}
        </section>
      ) : null}

      <section aria-labelledby="requests-heading" style={{ marginTop: "var(--space-5)" }}>
        <h2 className="section-heading" id="requests-heading">
          {tutor ? "As a student: your requests" : "Your requests"}
        </h2>
        {requests.length === 0 ? (
          <p className="muted">
            You have not asked for tutoring yet. <Link to="/tutoring">Request tutoring</Link>.
          </p>
        ) : (
          <ul className="tutoring-list">
            {requests.map((entry) => (
              <li key={entry.id} className="tutoring-row">
                <strong>
                  {entry.course_code}: {entry.hours} {entry.hours === 1 ? "hour" : "hours"}
                </strong>
                <span>{entry.goals}</span>
                <span className="muted">
                  {STATUS_LABELS[entry.status]}
                  {entry.tutor_first_name ? ` · ${entry.status === "open" ? "asked of" : "tutor"} ${entry.tutor_first_name} ${entry.tutor_last_name}` : ""} · asked {formatDate(entry.created_at)}
                </span>
                <div className="tutoring-row__actions">
                  {entry.contract_id ? <Link to={`/my-tutoring/contracts/${entry.contract_id}`}>Open the contract</Link> : null}
                  {entry.status === "open" ? <RequestAction id={entry.id} intent="withdraw" label="Withdraw" secondary /> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <p style={{ marginTop: "var(--space-3)" }}>
          <Link to="/tutoring">Request tutoring</Link>
        </p>
      </section>

      {contracts.length > 0 ? (
        <section aria-labelledby="contracts-heading" style={{ marginTop: "var(--space-5)" }}>
          <h2 className="section-heading" id="contracts-heading">
            Your tutors
          </h2>
          <p>
            Your balance: {hoursText(balance.minutesToBook)} paid for and not booked yet · {balance.tokens} tokens (<Link to="/tokens">your tokens</Link>)
          </p>
          <ContractList contracts={contracts} />
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "My tutoring — Marketplace" }];
