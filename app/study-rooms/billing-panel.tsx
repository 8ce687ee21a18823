import { Form, useNavigation } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormField } from "~/components/form-field";
import { formatPrice } from "~/formatting/price";
import { centsToPriceInput } from "~/online-courses/editor-rules";
import { billingDeadline, describeBilling, DECLINE_REASON_MAX_LENGTH, MAX_BILLING_MINUTES, type BillingState, type BillingTerms } from "~/study-rooms/billing";
import type { BillingSide, BillingView } from "~/study-rooms/billings.server";
import { slotsByDay } from "~/tutoring/availability";
import { useShownTimeZone } from "~/tutoring/open-times";

const CURRENCY_NAMES = { USD: "US dollars", CAD: "Canadian dollars" } as const;
/** What the request form offers first: an hour, a usual session. */
const DEFAULT_MINUTES = 60;

const minutesLabel = (minutes: number) => `${minutes} minute${minutes === 1 ? "" : "s"}`;
const termsLabel = (terms: BillingTerms) =>
  `up to ${minutesLabel(terms.maxMinutes)}${terms.rateCents === 0 ? ", free of charge" : ` at ${formatPrice(terms.rateCents, terms.currency, { forceCents: true })}/hour`}`;
/** "2:02 PM" in `zone`, as the tutoring pages write times. */
const clockLabel = (at: Date, zone: string) => slotsByDay([{ start: at, end: at }], zone)[0]!.slots[0]!.label;

/**
 * A tutoring room's billing, for the side column of the room's page: where it stands, in words,
 * and the forms the viewer's side may send (the tutor requests or withdraws, the student accepts
 * or declines with a reason, either ends running billing). Plain forms posted to the billing
 * route, which answers with a toast back on the room, so they work without JavaScript.
 */
export function BillingPanel({ billing, side, slug }: { billing: BillingView; side: BillingSide | null; slug: string }) {
  const busy = useNavigation().state === "submitting";
  const zone = useShownTimeZone(billing.timeZone, false);
  const action = `/study-rooms/${slug}/billing`;
  const state = billing.state;
  const button = (intent: "accept" | "end", label: string, outline = false) => (
    <Form method="post" action={action}>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={outline ? "button button--outline" : "button"} disabled={busy}>
        {label}
      </button>
    </Form>
  );
  return (
    <section aria-labelledby="billing-heading">
      <h2 className="section-heading" id="billing-heading">
        Billing
      </h2>
      <div className="tutoring-row">
        <BillingStatus billing={billing} zone={zone} />
        {state.status === "pending" && side === "student" ? (
          <div className="tutoring-row__actions">{button("accept", "Accept: billing starts now")}</div>
        ) : null}
        {state.status === "pending" && side === "tutor" ? (
          <>
            <span className="muted">Waiting for {billing.studentName} to answer.</span>
            <div className="tutoring-row__actions">{button("end", "Withdraw the request", true)}</div>
          </>
        ) : null}
        {state.status === "accepted" && side !== null ? <div className="tutoring-row__actions">{button("end", "End billing")}</div> : null}
      </div>
      {state.status === "pending" && side === "student" ? (
        <Form method="post" action={action} className="tutoring-form" style={{ marginTop: "var(--space-3)" }}>
          <CsrfInput />
          <input type="hidden" name="intent" value="decline" />
          <FormField label="Why you decline" id="billing-decline-reason" name="reason" required maxLength={DECLINE_REASON_MAX_LENGTH} hint={`${billing.tutorName} sees your reason.`} />
          <div>
            <button type="submit" className="button button--outline" disabled={busy}>
              Decline
            </button>
          </div>
        </Form>
      ) : null}
      {side === "tutor" && (state.status === "none" || state.status === "declined" || state.status === "ended") ? (
        <Form method="post" action={action} className="tutoring-form" style={{ marginTop: "var(--space-3)" }}>
          <CsrfInput />
          <input type="hidden" name="intent" value="request" />
          <FormField
            label="Bill for up to (minutes)"
            id="billing-max-minutes"
            name="max_minutes"
            type="number"
            min={1}
            max={MAX_BILLING_MINUTES}
            step={1}
            required
            defaultValue={DEFAULT_MINUTES}
          />
          <FormField
            label="Hourly rate"
            id="billing-rate"
            name="rate"
            inputMode="decimal"
            required
            defaultValue={centsToPriceInput(billing.contractRateCents)}
            hint={`In ${CURRENCY_NAMES[billing.currency]}, e.g. 40 or 40.50. Billing starts when ${billing.studentName} accepts.`}
          />
          <div>
            <button type="submit" className="button" disabled={busy}>
              Request billing
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

function BillingStatus({ billing, zone }: { billing: BillingView; zone: string }) {
  const state: BillingState = billing.state;
  switch (state.status) {
    case "none":
      return <span className="muted">No billing requested.</span>;
    case "pending":
      return (
        <strong>
          {billing.tutorName} asks to bill {termsLabel(state)}.
        </strong>
      );
    case "accepted":
      return (
        <strong>
          Billing since <time dateTime={state.startedAt.toISOString()}>{clockLabel(state.startedAt, zone)}</time>, {termsLabel(state)} (until{" "}
          <time dateTime={billingDeadline(state)!.toISOString()}>{clockLabel(billingDeadline(state)!, zone)}</time>).
        </strong>
      );
    case "declined":
      return (
        <span>
          {billing.studentName} declined billing: {state.declineReason}
        </span>
      );
    case "ended":
      return (
        <span>
          {describeBilling(state)}
          {billing.settlement?.kind === "tokens" ? ` Paid with ${billing.settlement.tokens} token${billing.settlement.tokens === 1 ? "" : "s"}.` : null}
          {billing.settlement?.kind === "owed" ? " Not paid yet: it is owed on the contract." : null}
        </span>
      );
  }
}
