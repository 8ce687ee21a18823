import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { formatDate } from "~/formatting/format";
import { formatPrice } from "~/formatting/price";
import { ONE_OFF_PRODUCTS, planPriceSchema, type PlanPriceRow } from "~/payments/stripe-products";
import { listPlanPrices, setPlanPriceId } from "~/payments/stripe-products.server";
import { stripeMode } from "~/payments/stripe.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/admin+/stripe-products";
const HERE = "/admin/stripe-products";

/** /admin/stripe-products: what checkout sells through Stripe, and the Stripe price of each plan. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return { plans: await listPlanPrices(), oneOff: ONE_OFF_PRODUCTS, mode: stripeMode() };
}

/** POST plan, interval, currency, stripe_price_id: sets the price checkout charges for that plan; back here with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: planPriceSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  const outcome = await setPlanPriceId(input, { id: session.user.id, request: auditedRequest(request.method, request.url) });
  const label = `${input.plan}, ${input.interval}, ${input.currency}`;
  throw await redirectWithToast(
    `${HERE}#${rowId(input)}`,
    outcome.changed ? { type: "success", message: `Stripe price saved for ${label}: checkout now charges ${input.stripe_price_id}.` } : { type: "info", message: `${label} already uses ${input.stripe_price_id}.` },
    { status: 303 },
  );
}

const rowId = (row: { plan: string; interval: string; currency: string }) => `plan-${row.plan}-${row.interval}-${row.currency}`.toLowerCase();

export default function AdminStripeProductsPage() {
  const { plans, oneOff, mode } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const sent = answer?.result.initialValue as Record<string, string> | undefined;
  const errorRow = sent ? rowId({ plan: sent.plan ?? "", interval: sent.interval ?? "", currency: sent.currency ?? "" }) : null;
  const messages = answer?.result.error ? Object.values(answer.result.error).flat().filter((message): message is string => Boolean(message)) : undefined;
  const rowKnown = plans.some((plan) => rowId(plan) === errorRow);
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>Stripe products</AdminHeader>
      <Text as="p" mb="4">
        Checkout talks to {mode === "stripe" ? "Stripe" : "the local Stripe emulator (no STRIPE_SECRET_KEY is set)"}. Subscriptions are charged a Stripe price; everything else is priced at checkout.
      </Text>
      {!rowKnown ? <FormErrors errors={messages} /> : null}
      <section aria-labelledby="plans-heading">
        <Heading as="h2" size="5" id="plans-heading" mb="2">
          Subscription plans
        </Heading>
        <Text as="p" color="gray" mb="3">
          Without a price id here, checkout finds the plan's price at Stripe by its lookup key (and creates it the first time). A price id set here is charged instead: it must be a recurring price of that amount, interval and currency.
        </Text>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Amount</th>
              <th scope="col">Stripe price</th>
              <th scope="col">Set the price id</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((row) => (
              <PlanRow key={rowId(row)} row={row} busy={busy} sentValue={rowId(row) === errorRow ? sent?.stripe_price_id : undefined} errors={rowId(row) === errorRow ? messages : undefined} />
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="one-off-heading">
        <Heading as="h2" size="5" id="one-off-heading" mt="6" mb="2">
          Priced at checkout
        </Heading>
        <Text as="p" color="gray" mb="3">
          These are sent to Stripe with the price of the moment (price_data): Stripe keeps no product or price of ours for them, so there is no id to set.
        </Text>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            {oneOff.map((product) => (
              <tr key={product.kind}>
                <th scope="row">{product.name}</th>
                <td>{product.price}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Container>
  );
}

function PlanRow({ row, busy, sentValue, errors }: { row: PlanPriceRow; busy: boolean; sentValue?: string; errors?: string[] }) {
  const id = rowId(row);
  const label = `${row.planName}, ${row.interval === "month" ? "monthly" : "yearly"}, ${row.currency}`;
  return (
    <tr id={id}>
      <th scope="row">{label}</th>
      <td>{formatPrice(row.amountCents, row.currency)}</td>
      <td>
        {row.stripePriceId ? (
          <>
            <code>{row.stripePriceId}</code>
            {row.updatedAt ? <Text as="div" size="1" color="gray">Set {formatDate(row.updatedAt)}</Text> : null}
          </>
        ) : (
          <Text size="2">
            Looked up by key <code>{row.lookupKey}</code>
          </Text>
        )}
      </td>
      <td>
        <Form method="post" aria-label={`Stripe price of ${label}`}>
          <CsrfInput />
          <input type="hidden" name="plan" value={row.plan} />
          <input type="hidden" name="interval" value={row.interval} />
          <input type="hidden" name="currency" value={row.currency} />
          <label htmlFor={`${id}-price`} className="visually-hidden">
            Stripe price id for {label}
          </label>
          <input
            id={`${id}-price`}
            type="text"
            className="native-input"
            name="stripe_price_id"
            required
            maxLength={206}
            placeholder="price_…"
            defaultValue={sentValue ?? row.stripePriceId ?? ""}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? `${id}-error` : undefined}
          />{" "}
          <button type="submit" className="button button--outline" disabled={busy}>
            Save
          </button>
          {errors?.length ? (
            <div id={`${id}-error`}>
              <FormErrors errors={errors} />
            </div>
          ) : null}
        </Form>
      </td>
    </tr>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Stripe products", description: "What checkout sells through Stripe, and the price of each plan.", path: HERE, noindex: true });
