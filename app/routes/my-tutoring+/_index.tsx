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
  const [standing, requests, contracts] = await Promise.all([tutorStanding(userId), listStudentRequests(userId), listContracts(userId, "student")]);
  const [incoming, teaching] = standing ? await Promise.all([listRequestsForTutor(userId, standing), listContracts(userId, "tutor")]) : [[], []];
  return {
    requests,
    contracts,
    tutor: standing ? { refusal: takingRequestsRefusal(standing)?.message ?? null, agreementAccepted: standing.agreementAccepted, incoming, contracts: teaching } : null,
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

/** Contracts with the other person, hours, rate, payment and the next session (in UTC: this list has no zone form). */
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
            {contract.purchased_minutes / 60} hours at {formatPrice(contract.rate_cents, contract.currency)} / hour · {PAYMENT_LABELS[contract.purchase_status]}
            {contract.next_session_at ? ` · next session ${formatDate(contract.next_session_at, "MMM d, HH:mm")} UTC` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function MyTutoringPage() {
  const { requests, contracts, tutor } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="wrapper wrapper--wide page">
      <h1 className="page-heading">My tutoring</h1>
      <FormErrors errors={answer?.result.error?.[""] ?? answer?.result.error?.agree ?? undefined} />

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
          <ContractList contracts={contracts} />
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "My tutoring — Marketplace" }];
