import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { notFound, orNotFound } from "~/errors/not-found.server";
import { formatDate, formatPrice } from "~/formatting/format";
import { refundFormSchema } from "~/payments/back-office-filters";
import { newRefundKey, purchaseForStaff, refundInvoice } from "~/payments/back-office.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/invoices.$id";

/** /admin/invoices/{id}: one purchase, its refunds and the refund form (with a fresh one-time key each time it is shown). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const id = parseRecordId(params.id);
  const found = await orNotFound(id === null ? Promise.resolve(undefined) : purchaseForStaff(id), "No such invoice.");
  const { purchase } = found;
  return {
    id: purchase.id,
    buyer: { id: purchase.user_id, name: purchase.name, email: purchase.email },
    product: purchase.course_name ? `${purchase.kind.replace(/_/g, " ")}: ${purchase.course_name}` : purchase.kind.replace(/_/g, " "),
    status: purchase.status,
    currency: purchase.currency,
    subtotalCents: purchase.subtotal_cents,
    discountCents: purchase.discount_cents,
    discountCode: purchase.discount_code,
    creditsCents: purchase.credits_cents,
    taxCents: purchase.tax_cents,
    totalCents: purchase.total_cents,
    createdAt: purchase.created_at,
    paidAt: purchase.paid_at,
    refundedAt: purchase.refunded_at,
    refunds: found.refunds,
    refundedCents: found.refundedCents,
    refundableCents: found.refundableCents,
    requestKey: newRefundKey(),
  };
}

/** POST: refunds part or all of what is left; the same form sent twice refunds once. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const id = parseRecordId(params.id);
  if (id === null) throw notFound("No such invoice.");
  const submission = parseWithZod(await request.formData(), { schema: refundFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await refundInvoice(
    { purchaseId: id, amountCents: submission.value.amount, reason: submission.value.reason, requestKey: submission.value.request_key },
    { id: session.user.id, request: auditedRequest(request.method, request.url) }
  );
  if (!outcome) throw notFound("No such invoice.");
  if (outcome.kind === "refused") return data({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: 409 });
  const message =
    outcome.kind === "repeat"
      ? "This refund was already made; nothing more was refunded."
      : `${formatPrice(outcome.amountCents, "USD", { forceCents: true })} refunded${outcome.full ? " in full" : ""}.`;
  throw await redirectWithToast(`/admin/invoices/${id}`, { type: outcome.kind === "repeat" ? "info" : "success", message }, { status: 303 });
}

export default function AdminInvoicePage() {
  const invoice = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const money = (cents: number) => formatPrice(cents, invoice.currency, { forceCents: true });
  const errors = answer?.result.error;
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader trail={[{ to: "/admin/invoices", label: "Invoices" }]} mb="3">
        Invoice #{invoice.id}
      </AdminHeader>
      <table className="data-table">
        <tbody>
          <tr>
            <th scope="row">Buyer</th>
            <td>
              {invoice.buyer.name} ({invoice.buyer.email})
            </td>
          </tr>
          <tr>
            <th scope="row">Product</th>
            <td>{invoice.product}</td>
          </tr>
          <tr>
            <th scope="row">Status</th>
            <td>{invoice.status}</td>
          </tr>
          <tr>
            <th scope="row">Date</th>
            <td>
              {formatDate(invoice.createdAt)}
              {invoice.paidAt ? `, paid ${formatDate(invoice.paidAt)}` : ""}
              {invoice.refundedAt ? `, refunded in full ${formatDate(invoice.refundedAt)}` : ""}
            </td>
          </tr>
          <tr>
            <th scope="row">Price</th>
            <td>{money(invoice.subtotalCents)}</td>
          </tr>
          {invoice.discountCents ? (
            <tr>
              <th scope="row">Discount{invoice.discountCode ? ` (${invoice.discountCode})` : ""}</th>
              <td>−{money(invoice.discountCents)}</td>
            </tr>
          ) : null}
          {invoice.creditsCents ? (
            <tr>
              <th scope="row">Referral credit</th>
              <td>−{money(invoice.creditsCents)}</td>
            </tr>
          ) : null}
          {invoice.taxCents ? (
            <tr>
              <th scope="row">Sales tax</th>
              <td>{money(invoice.taxCents)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">Total</th>
            <td>{money(invoice.totalCents)}</td>
          </tr>
          <tr>
            <th scope="row">Refunded</th>
            <td>{invoice.refundedCents ? money(invoice.refundedCents) : "nothing"}</td>
          </tr>
        </tbody>
      </table>

      <section aria-labelledby="refunds-heading">
        <Heading as="h2" size="5" id="refunds-heading" mt="5" mb="2">
          Refunds
        </Heading>
        {invoice.refunds.length === 0 ? (
          <Text as="p">No refunds.</Text>
        ) : (
          <ul>
            {invoice.refunds.map((refund) => (
              <li key={refund.id}>
                {money(refund.amount_cents)} on {formatDate(refund.created_at)}
                {refund.refunded_by ? ` by ${refund.refunded_by}` : ""}
                {refund.reason ? `: ${refund.reason}` : ""}
              </li>
            ))}
          </ul>
        )}
        {invoice.refundableCents > 0 ? (
          <Form method="post" aria-label="Refund">
            <CsrfInput />
            <input type="hidden" name="request_key" value={invoice.requestKey} />
            <FormErrors errors={errors?.[""] ?? errors?.request_key ?? undefined} />
            <Flex direction="column" gap="3" maxWidth="420px">
              <FormField
                label="Amount to refund"
                name="amount"
                inputMode="decimal"
                defaultValue={(invoice.refundableCents / 100).toFixed(2)}
                hint={`Up to ${money(invoice.refundableCents)}. A refund of all that is left ends the access the purchase gave.`}
                errors={errors?.amount ?? undefined}
                required
              />
              <TextAreaField label="Reason (optional)" name="reason" rows={2} maxLength={500} errors={errors?.reason ?? undefined} />
              <div>
                <button type="submit" className="button" disabled={busy}>
                  Refund
                </button>
              </div>
            </Flex>
          </Form>
        ) : (
          <Text as="p" color="gray">
            Nothing is left to refund.
          </Text>
        )}
      </section>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Invoice", description: "An invoice and its refunds.", path: "/admin/invoices", noindex: true });
