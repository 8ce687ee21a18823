import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Card, Container, Flex, Heading } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { startFreshSession, type SessionUser } from "~/accounts/session.server";
import { EMAIL_TAKEN_MESSAGE, signUp } from "~/accounts/sign-up.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { checkoutSchema, productQueryOf, type CheckoutView } from "~/payments/checkout-fields";
import { CheckoutForm } from "~/payments/checkout-form";
import { priceCheckout, startPricedCheckout } from "~/payments/checkout.server";
import { isSingleUseProduct } from "~/payments/quote";
import { PaymentsUnavailableError } from "~/payments/stripe.server";
import { REFERRAL_COOKIE } from "~/programs/referrals";
import { checkoutProduct, checkoutView, choiceOf, isStripeConnectionError, pricingErrors, type Buyer } from "~/routes/checkout+/checkout-page.server";
import { passRetryAfter, retryAfterHeaders } from "~/security/retry-after";
import { metaFor } from "~/seo/page-meta";
import { isOfflineAnswer, offlineSafeAction } from "~/shell/offline-submission";
import { readCookies } from "~/utils/cookies.server";
import { logger } from "~/utils/logger.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/checkout+/_index";

/** The page's data: the checkout and the last submission's reply, or why nothing can be bought here. */
export interface CheckoutAnswer {
  view: CheckoutView | null;
  result: SubmissionResult<string[]> | null;
  error: string | null;
  /** Where to go instead (a free or past study session's page). */
  link?: { label: string; href: string } | null;
}

const notForSale = (refused: { error: string; status: number; link?: { label: string; href: string } }) =>
  data<CheckoutAnswer>({ view: null, result: null, error: refused.error, link: refused.link ?? null }, { status: refused.status });

const buyerOf = (user: SessionUser): Buyer => ({ id: user.id, email: user.email, firstName: user.first_name, countryCode: user.country_code });

/**
 * /checkout?online_course_id={id}&package=learn|practice|bundle, ?plan=plus|premed_plus&interval=month|year,
 * ?tokens=10|25|50, ?online_course_id={id}&elite=deposit|full, ?study_session_id={id},
 * ?student_tutor_contract_id={id} (its student only): the price
 * with tax before paying, sign-up for guests in the same form, then Stripe's payment page. A seat
 * the buyer already holds is shown with a link to the session and answered 409.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const productQuery = productQueryOf(new URL(request.url).searchParams);
  const loaded = await checkoutProduct(productQuery, session?.user.id ?? null);
  if ("error" in loaded) return notForSale(loaded);
  const buyer = session ? buyerOf(session.user) : null;
  const choice = { country: null, discountCode: "", applyCredits: false };
  const priced = await priceCheckout(buyer?.id ?? null, { product: loaded.product, country: buyer?.countryCode ?? null });
  if ("error" in priced) return notForSale(priced);
  const view = await checkoutView({ product: loaded.product, productQuery, buyer, choice, priced });
  return data<CheckoutAnswer>({ view, result: null, error: null }, { status: view.blocked && isSingleUseProduct(loaded.product) ? 409 : 200 });
}

/** What stops a submission short of the payment page: its status and what the form says. */
interface Refusal {
  status: number;
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
}

/**
 * "Update total" prices again; "Pay" goes on to the payment page. One straight line: parse the
 * form → sign a guest who pays up → price once for the buyer → start the payment → the page
 * (when not redirected), built once for the buyer now known.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: checkoutSchema(session ? "signed-in" : "guest") });
  const productQuery = productQueryOf(submission.payload);
  const loaded = await checkoutProduct(productQuery, session?.user.id ?? null);
  if ("error" in loaded) return notForSale(loaded);
  const { product } = loaded;
  const choice = choiceOf(submission);
  const value = submission.status === "success" ? submission.value : null;
  let refusal: Refusal | null = value ? null : { status: 400 };
  let buyer = session ? buyerOf(session.user) : null;
  const headers = new Headers();
  const origin = siteOrigin(request);

  // A guest who pays signs up with the same form and is the buyer from here on.
  if (value?.intent === "pay" && !buyer && value.account) {
    const { account } = value;
    const signedUp = await signUp(
      { ...account, signup_role: "student" },
      { origin, clientIp: context.clientIp, referralCode: readCookies(request)[REFERRAL_COOKIE] },
    );
    if (signedUp.kind === "rate-limited") refusal = { status: 429, formErrors: [tooManyRequestsMessage], retryAfterSeconds: signedUp.retryAfterSeconds };
    else if (signedUp.kind === "email-taken") refusal = { status: 400, fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } };
    else {
      headers.append("Set-Cookie", await startFreshSession(request, { userId: signedUp.user.id, rememberMe: false, clientIp: context.clientIp }));
      buyer = { id: signedUp.user.id, email: account.email, firstName: account.first_name, countryCode: null };
    }
  }

  const priced = await priceCheckout(buyer?.id ?? null, { product, country: choice.country, discountCode: choice.discountCode, applyCredits: choice.applyCredits });

  if (value?.intent === "pay" && buyer && !refusal) {
    if ("error" in priced) refusal = { status: priced.status };
    else {
      try {
        const outcome = await startPricedCheckout(buyer, { product, country: choice.country, discountCode: choice.discountCode, applyCredits: choice.applyCredits }, priced, origin);
        if (outcome.kind !== "error") {
          headers.set("Location", outcome.kind === "redirect" ? outcome.url : `/checkout/success?purchase_id=${outcome.purchaseId}`);
          return new Response(null, { status: 303, headers });
        }
        refusal = { status: outcome.status, formErrors: [outcome.message] };
      } catch (error) {
        if (!(error instanceof PaymentsUnavailableError) && !isStripeConnectionError(error)) throw error;
        logger().error({ err: error }, "checkout could not reach the payment provider");
        refusal = { status: 503, formErrors: ["Payments are briefly unavailable. Please try again in a few minutes."] };
      }
    }
  }

  if (refusal?.retryAfterSeconds !== undefined) for (const [name, header] of Object.entries(retryAfterHeaders(refusal.retryAfterSeconds))) headers.set(name, header);
  const shown = pricingErrors(priced);
  const result = submission.reply({
    formErrors: [...(refusal?.formErrors ?? []), ...(shown.formErrors ?? [])],
    fieldErrors: { ...shown.fieldErrors, ...refusal?.fieldErrors },
    hideFields: ["password"],
  });
  const view = await checkoutView({ product, productQuery, buyer, choice, priced });
  return data<CheckoutAnswer>({ view, result, error: null }, { status: refusal?.status ?? 200, headers });
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();

export const headers = passRetryAfter;

export default function CheckoutPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { view, result, error, link } = (posted && !isOfflineAnswer(posted) ? posted : loaded) as CheckoutAnswer;
  const navigation = useNavigation();
  if (!view) {
    return (
      <Container size="1" px="4" py="6">
        <Heading as="h1" size="6">
          Checkout
        </Heading>
        <p role="alert">{error}</p>
        {link ? <Link to={link.href}>{link.label}</Link> : <Link to="/courses">Browse courses</Link>}
      </Container>
    );
  }
  return (
    <Container size="2" px="4" py="6">
      <Card size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            Checkout
          </Heading>
          <CheckoutForm Form={Form} view={view} result={result} busy={navigation.state === "submitting"} sectionHeading="h2" />
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...metaFor(matches, { title: "Checkout", description: "Pay for your course, live session, plan or tokens.", path: "/checkout", noindex: true }),
];
