import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { notFound, orNotFound } from "~/errors/not-found.server";
import { formatDate, formatPrice } from "~/formatting/format";
import { cancelSubscriptionAsAdmin, subscriptionForStaff } from "~/payments/back-office.server";
import { metaFor } from "~/seo/page-meta";
import { SubscriptionActionError } from "~/subscriptions/subscriptions.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/subscriptions.$id";

/** /admin/subscriptions/{id}: the plan, its status, its purchases and the buyer's invoices, and the admin's cancel. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const id = parseRecordId(params.id);
  const found = await orNotFound(id === null ? Promise.resolve(undefined) : subscriptionForStaff(id, requestNow(request)), "No such subscription.");
  const { row, status, buyer, purchases, invoices } = found;
  return {
    id: row.id,
    plan: row.is_premed_plus ? "Pre-Med Plus" : "Plus",
    interval: row.billing_interval,
    status,
    ended: row.status === "canceled",
    startedAt: row.created_at,
    currentPeriodEnd: row.current_period_end,
    cancelAt: row.cancel_at,
    buyer,
    purchases,
    invoices,
  };
}

/** POST: SPEC §6's admin cancel, which ends the subscription at once (the admin_cancel API's rule). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const id = parseRecordId(params.id);
  if (id === null) throw notFound("No such subscription.");
  try {
    const cancelled = await cancelSubscriptionAsAdmin(id, { id: session.user.id, request: auditedRequest(request.method, request.url) });
    if (!cancelled) throw notFound("No such subscription.");
  } catch (error) {
    if (error instanceof SubscriptionActionError) return data({ formErrors: [error.message] }, { status: 409 });
    throw error;
  }
  throw await redirectWithToast(`/admin/subscriptions/${id}`, { type: "success", message: "The subscription has been cancelled." }, { status: 303 });
}

export default function AdminSubscriptionPage() {
  const subscription = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader trail={[{ to: "/admin/subscriptions", label: "Subscriptions" }]} mb="2">
        {subscription.plan} subscription of {subscription.buyer.name}
      </AdminHeader>
      <dl className="definition-list">
        <dt>Buyer</dt>
        <dd>{subscription.buyer.email}</dd>
        <dt>Billing</dt>
        <dd>{subscription.interval}</dd>
        <dt>Status</dt>
        <dd>{subscription.status}</dd>
        <dt>Started</dt>
        <dd>{formatDate(subscription.startedAt)}</dd>
        {subscription.currentPeriodEnd ? (
          <>
            <dt>Current period ends</dt>
            <dd>{formatDate(subscription.currentPeriodEnd)}</dd>
          </>
        ) : null}
        {subscription.cancelAt ? (
          <>
            <dt>Cancels on</dt>
            <dd>{formatDate(subscription.cancelAt)}</dd>
          </>
        ) : null}
      </dl>
      <FormErrors errors={answer?.formErrors} />
      {subscription.ended ? null : (
        <Form method="post">
          <CsrfInput />
          <button type="submit" className="button button--outline" disabled={busy}>
            Cancel the subscription now
          </button>
        </Form>
      )}
      <Heading as="h2" size="5" mt="5" mb="2">
        Purchases
      </Heading>
      {subscription.purchases.length === 0 ? (
        <Text as="p">No purchases recorded for this subscription.</Text>
      ) : (
        <ul>
          {subscription.purchases.map((purchase) => (
            <li key={purchase.id}>
              <Link to={`/admin/invoices/${purchase.id}`}>Invoice #{purchase.id}</Link>: {formatPrice(purchase.total_cents, purchase.currency, { forceCents: true })}, {purchase.status},{" "}
              {formatDate(purchase.created_at)}
            </li>
          ))}
        </ul>
      )}
      <Heading as="h2" size="5" mt="5" mb="2">
        Invoices at Stripe
      </Heading>
      {subscription.invoices.length === 0 ? (
        <Text as="p">No invoices.</Text>
      ) : (
        <ul>
          {subscription.invoices.map((invoice) => (
            <li key={invoice.id}>
              {invoice.number ?? invoice.id}: {formatPrice(invoice.totalCents, invoice.currency === "CAD" ? "CAD" : "USD", { forceCents: true })}, {invoice.status ?? "unknown"},{" "}
              {formatDate(invoice.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Subscription", description: "A subscription.", path: "/admin/subscriptions", noindex: true });
