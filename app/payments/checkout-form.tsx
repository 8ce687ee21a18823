import type { SubmissionResult } from "@conform-to/react";
import { Badge, Button, Flex, Heading, Separator, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { useId } from "react";
import { PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";
import { CsrfInput } from "~/components/csrf-input";
import type { FormElement } from "~/components/form-element";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { displayDateTime } from "~/formatting/display";
import { formatDate } from "~/formatting/format";
import { formatPrice } from "~/formatting/price";
import { onlineCoursePath } from "~/catalog/course-tiles";
import type { CheckoutView } from "~/payments/checkout-fields";
import { ownCurrency, PACKAGE_NAMES } from "~/payments/quote";
import { useTrackFailedPurchase } from "~/tracking/tracking-host";

/**
 * The checkout of /checkout and of the checkout dialog: the order summary, the account fields
 * for guests, and the form that quotes again or goes on to payment. `action` is left out on the
 * page (it posts to its own URL) and given in the dialog. `result` is the server's reply to the
 * last submission: its errors, and what was typed (never the password).
 */
export function CheckoutForm({
  Form,
  view,
  result,
  busy,
  sectionHeading,
  action,
}: {
  Form: FormElement;
  view: CheckoutView;
  result?: SubmissionResult<string[]> | null;
  busy: boolean;
  sectionHeading: "h2" | "h3";
  action?: string;
}) {
  const { quote } = view;
  useTrackFailedPurchase(view.failedPurchase);
  const isSubscription = view.product.kind === "subscription";
  const returnTo = `/checkout?${new URLSearchParams(view.productQuery).toString()}`;
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const typed = (name: string) => {
    const value = result?.initialValue?.[name];
    return typeof value === "string" ? value : undefined;
  };
  return (
    <>
    {view.lastFailure ? (
      <div role="alert" className="form-errors">
        <Text as="p" size="2">
          Your last payment did not go through: {view.lastFailure}
        </Text>
      </div>
    ) : null}
    {quote ? <OrderSummary view={view} heading={sectionHeading} /> : null}
    {view.blocked ? (
      <Text role="status">
        {view.blocked}{" "}
        {isSubscription ? (
          <Link to="/my-subscription">Your subscription</Link>
        ) : "course" in view.product ? (
          <Link to={onlineCoursePath(view.product.course.id)}>Go to the course</Link>
        ) : view.product.kind === "study_session" ? (
          <Link to={`/study-sessions/${view.product.session.id}`}>Go to the session</Link>
        ) : view.product.kind === "tutoring" ? (
          <Link to={`/my-tutoring/contracts/${view.product.contract.id}`}>Go to the contract</Link>
        ) : null}
      </Text>
    ) : null}
    <Form method="post" action={action} noValidate>
      <Flex direction="column" gap="3">
        <CsrfInput />
        {Object.entries(view.productQuery).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormErrors errors={errors("")} />
        {view.signedIn ? (
          <Text size="2">
            Buying as {view.signedIn.email}. <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(returnTo)}`}>Not you?</Link>
          </Text>
        ) : (
          <fieldset className="plain-fieldset">
            <legend>
              <Text weight="bold">Create your account</Text>
            </legend>
            <Flex direction="column" gap="3">
              <Text size="2">
                Already have an account? <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(returnTo)}`}>Log in</Link>
              </Text>
              <Flex gap="3" wrap="wrap">
                <FormField label="First name" name="first_name" type="text" autoComplete="given-name" defaultValue={typed("first_name")} errors={errors("first_name")} required />
                <FormField label="Last name" name="last_name" type="text" autoComplete="family-name" defaultValue={typed("last_name")} errors={errors("last_name")} required />
              </Flex>
              <FormField label="Email" name="email" type="email" autoComplete="email" defaultValue={typed("email")} errors={errors("email")} required />
              <FormField label="Password" name="password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} errors={errors("password")} required />
            </Flex>
          </fieldset>
        )}
        {/* A course, a live session or tutoring is charged in its own currency; plans and tokens in the buyer's. */}
        {ownCurrency(view.product) ? (
          <SelectField label="Country (sets sales tax)" name="country" defaultValue={view.country ?? "US"} errors={errors("country")}>
            <option value="US">United States</option>
            <option value="CA">Canada (5% sales tax)</option>
          </SelectField>
        ) : (
          <SelectField label="Country (sets currency and sales tax)" name="country" defaultValue={view.country ?? "US"} errors={errors("country")}>
            <option value="US">United States (USD)</option>
            <option value="CA">Canada (CAD, 5% sales tax)</option>
          </SelectField>
        )}
        <FormField label="Discount code" name="discount_code" type="text" defaultValue={view.discountCode} errors={errors("discount_code")} autoComplete="off" />
        {view.creditsAvailableCents > 0 && !isSubscription ? (
          <label className="checkbox-row">
            <input type="checkbox" name="apply_credits" defaultChecked={view.applyCredits} /> Use my referral credit ({formatPrice(view.creditsAvailableCents, quote?.currency ?? "USD", { forceCents: true })})
          </label>
        ) : null}
        <Flex gap="3" wrap="wrap">
          <Button type="submit" name="intent" value="quote" variant="soft" size="3" disabled={busy}>
            Update total
          </Button>
          {/* Nothing to pay for what the buyer already has. */}
          {view.blocked ? null : (
            <Button type="submit" name="intent" value="pay" size="3" loading={busy} disabled={!quote}>
              {isSubscription && quote?.trialDays ? `Start ${quote.trialDays}-day free trial` : quote && quote.totalCents === 0 ? "Get it free" : "Continue to payment"}
            </Button>
          )}
        </Flex>
        <Text size="1" color="gray">
          You pay on our payment provider's secure page; we never see your card number.
        </Text>
      </Flex>
    </Form>
    </>
  );
}

/** When a live session meets, in UTC as on its page ("Dec 6, 2026, 11:00 PM UTC to 2:00 AM UTC"). */
function SessionDates({ dates }: { dates: { startTime: string; endTime: string }[] }) {
  if (dates.length === 0) return <Text as="p" size="2">Live session: dates to be announced.</Text>;
  return (
    <>
      <Text as="p" size="2">
        Live session{dates.length > 1 ? `, ${dates.length} meetings` : ""}:
      </Text>
      <ul className="session-dates">
        {dates.map((date) => (
          <li key={date.startTime}>
            <time dateTime={date.startTime}>{displayDateTime(date.startTime)}</time> to <time dateTime={date.endTime}>{formatDate(date.endTime, "h:mm a")} UTC</time>
          </li>
        ))}
      </ul>
    </>
  );
}

function OrderSummary({ view, heading: SummaryHeading }: { view: CheckoutView; heading: "h2" | "h3" }) {
  const quote = view.quote!;
  const summaryId = useId();
  const money = (cents: number) => (cents === 0 ? `$0.00${quote.currency === "USD" ? "" : ` ${quote.currency}`}` : formatPrice(cents, quote.currency, { forceCents: true }));
  const interval = view.product.kind === "subscription" ? (view.product.interval === "year" ? " / year" : " / month") : "";
  return (
    <section aria-labelledby={summaryId}>
      <Heading as={SummaryHeading} size="4" id={summaryId}>
        {quote.name}
      </Heading>
      {view.product.kind === "study_session" ? <SessionDates dates={view.product.session.dates} /> : null}
      <table className="order-summary">
        <tbody>
          <tr>
            <th scope="row">Price</th>
            <td>
              {quote.regularPriceCents ? (
                <>
                  <span className="visually-hidden">Regular price </span>
                  <s>{money(quote.regularPriceCents)}</s> <span className="visually-hidden">now </span>
                </>
              ) : null}
              <strong>
                {money(quote.priceCents)}
                {interval}
              </strong>
            </td>
          </tr>
          {quote.ownedCents ? (
            <tr>
              <th scope="row">The {PACKAGE_NAMES[quote.ownedPackage!]} package you already have</th>
              <td>−{money(quote.ownedCents)}</td>
            </tr>
          ) : null}
          {quote.perkCents ? (
            <tr>
              <th scope="row">Plus member discount (20% off Grade Boosters)</th>
              <td>−{money(quote.perkCents)}</td>
            </tr>
          ) : null}
          {quote.discountCents ? (
            <tr>
              <th scope="row">Discount code</th>
              <td>−{money(quote.discountCents)}</td>
            </tr>
          ) : null}
          {quote.creditsCents ? (
            <tr>
              <th scope="row">Referral credit</th>
              <td>−{money(quote.creditsCents)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">Sales tax ({quote.taxPercent}%)</th>
            <td>{money(quote.taxCents)}</td>
          </tr>
          <tr>
            <th scope="row">Total ({quote.currency})</th>
            <td>
              <strong data-testid="checkout-total">{money(quote.totalCents)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {quote.trialDays ? (
        <Flex gap="2" align="center" mt="2">
          <Badge color="green">Free trial</Badge>
          <Text size="2">
            {quote.trialDays} days free, nothing due today; then {money(quote.totalCents)}
            {interval} unless you cancel.
          </Text>
        </Flex>
      ) : null}
      <Separator size="4" my="3" />
    </section>
  );
}

