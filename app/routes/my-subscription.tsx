import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { HistoryTable } from "~/components/history-table";
import { FormErrors, SelectField, TextAreaField } from "~/components/form-field";
import type { Currency } from "~/db/schema";
import { formatDate } from "~/formatting/format";
import { formatPrice } from "~/formatting/price";
import { metaFor } from "~/seo/page-meta";
import { CANCEL_REASONS, PAUSE_DURATIONS } from "~/subscriptions/options";
import { CHECK_FORM_MESSAGE, DONE_MESSAGES, subscriptionFormSchema, type cancelFormSchema, type pauseFormSchema } from "~/subscriptions/subscription-forms";
import { changeSubscription, subscriptionOverview } from "~/subscriptions/subscriptions.server";
import { redirectWithToast } from "~/toasts/toast.server";
import type { z } from "zod";

const ROUTE = "routes/my-subscription";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  return subscriptionOverview(session.user.id, { upgradePreview: new URL(request.url).searchParams.get("upgrade") === "preview" });
}

export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: subscriptionFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ formErrors: [CHECK_FORM_MESSAGE] }), retention: null }, { status: 400 });
  const change = await changeSubscription(session.user.id, submission.value);
  if (change.kind === "retention") return { result: submission.reply(), retention: { reasonKey: change.reasonKey, reasonExtra: change.reasonExtra } };
  if (change.kind === "refused") return data({ result: submission.reply({ formErrors: [change.message] }), retention: null }, { status: change.status });
  throw await redirectWithToast("/my-subscription", { type: "success", message: DONE_MESSAGES[change.done] }, { status: 303 });
}

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  trialing: "Free trial",
  paused: "Paused",
  canceled: "Cancelled",
  expired: "Expired",
  incomplete: "Incomplete",
  past_due: "Payment due",
};
const day = (value: string | Date | null) => (value ? formatDate(value) : null);

export default function SubscriptionPage() {
  const { subscription, invoices, preview } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!subscription) {
    return (
      <Container size="2" px="4" py="6">
        <Heading as="h1" size="6" mb="3">
          Your subscription
        </Heading>
        <Text as="p">You're on the Free plan.</Text>
        <Flex gap="3" mt="3" wrap="wrap">
          <Button asChild>
            <Link to="/checkout?plan=plus&interval=year">Try Plus free</Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/checkout?plan=premed_plus&interval=year">Try Pre-Med Plus free</Link>
          </Button>
        </Flex>
      </Container>
    );
  }
  const can = (action: string) => subscription.actions.includes(action as never);
  const retention = posted?.retention ?? null;
  // Each form with fields shows its own answer; every form's refusal shows above them all.
  const answerTo = (intent: string) => (posted?.result.initialValue?.intent === intent ? posted.result : undefined);
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="6">
          Your subscription
        </Heading>
        <FormErrors errors={posted?.result.error?.[""] ?? undefined} />
        <Card size="2">
          <Flex direction="column" gap="2">
            <Flex gap="2" align="center">
              <Heading as="h2" size="4">
                {subscription.plan}
              </Heading>
              <Badge data-testid="subscription-status">{STATUS_LABELS[subscription.status] ?? subscription.status}</Badge>
            </Flex>
            <Text>Billed {subscription.billingInterval}.</Text>
            {subscription.status === "trialing" && subscription.trialEndDate ? <Text>Your free trial ends on {day(subscription.trialEndDate)}.</Text> : null}
            {subscription.cancelAt ? <Text>Ends on {day(subscription.cancelAt)}.</Text> : subscription.currentPeriodEnd && subscription.status === "active" ? <Text>Renews on {day(subscription.currentPeriodEnd)}.</Text> : null}
            {subscription.pauseUntil ? <Text>Paused until {day(subscription.pauseUntil)}.</Text> : null}
            {subscription.cancelDiscountApplied ? <Text>50% off for 3 months is applied.</Text> : null}
          </Flex>
        </Card>

        {retention ? (
          <Card size="2">
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="reason_key" value={retention.reasonKey} />
              <input type="hidden" name="reason_extra" value={retention.reasonExtra} />
              <Flex direction="column" gap="3">
                <Heading as="h2" size="4">
                  Before you go: 50% off your next 3 months
                </Heading>
                <Text>Stay on {subscription.plan} at half price for three months. You can cancel any time.</Text>
                <Flex gap="3" wrap="wrap">
                  <Button type="submit" name="intent" value="apply_cancel_discount" disabled={busy}>
                    Keep my plan at 50% off
                  </Button>
                  <Button type="submit" name="intent" value="cancel" variant="soft" color="red" disabled={busy}>
                    No thanks, cancel
                  </Button>
                </Flex>
                <input type="hidden" name="offer" value="refused" />
              </Flex>
            </Form>
          </Card>
        ) : null}

        {can("uncancel") ? (
          <SimpleAction intent="uncancel" label="Keep my subscription" busy={busy} />
        ) : null}
        {can("unpause") ? <SimpleAction intent="unpause" label="Resume my subscription" busy={busy} /> : null}
        {can("pause") ? <PauseForm lastResult={answerTo("pause")} busy={busy} /> : null}
        {can("premed_upgrade") ? (
          <Card size="2">
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                Upgrade to Pre-Med Plus
              </Heading>
              {preview ? (
                <Form method="post">
                  <CsrfInput />
                  <Flex direction="column" gap="3">
                    <Text data-testid="upgrade-preview">
                      You pay {formatPrice(preview.amountDueCents, preview.currency as Currency, { forceCents: true })} today for the rest of this billing period
                      {preview.taxCents ? ` (including ${formatPrice(preview.taxCents, preview.currency as Currency, { forceCents: true })} tax)` : ""}.
                    </Text>
                    <Flex gap="3">
                      <Button type="submit" name="intent" value="premed_upgrade" disabled={busy}>
                        Confirm upgrade
                      </Button>
                      <Button asChild variant="soft">
                        <Link to="/my-subscription">Not now</Link>
                      </Button>
                    </Flex>
                  </Flex>
                </Form>
              ) : (
                <Flex>
                  <Button asChild variant="soft">
                    <Link to="/my-subscription?upgrade=preview">See the upgrade price</Link>
                  </Button>
                </Flex>
              )}
            </Flex>
          </Card>
        ) : null}
        {can("cancel") && !retention ? <CancelForm lastResult={answerTo("cancel")} busy={busy} /> : null}

        <section aria-labelledby="invoices">
          <Heading as="h2" size="4" id="invoices" mb="2">
            Invoices
          </Heading>
          {invoices.length ? (
            <HistoryTable
              columns={["Date", "Description", "Amount"]}
              rows={invoices.map((invoice) => ({
                key: invoice.id,
                cells: [
                  day(invoice.createdAt),
                  invoice.description ?? invoice.number,
                  formatPrice(invoice.totalCents, (invoice.currency === "CAD" ? "CAD" : "USD") as Currency, { forceCents: true }),
                ],
              }))}
            />
          ) : (
            <Text as="p">No invoices yet.</Text>
          )}
        </section>
      </Flex>
    </Container>
  );
}

type Answer = SubmissionResult<string[]> | undefined;

function PauseForm({ lastResult, busy }: { lastResult: Answer; busy: boolean }) {
  const [form, fields] = useForm<z.input<typeof pauseFormSchema>>({ id: "pause-subscription", lastResult });
  return (
    <Card size="2">
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Pause
          </Heading>
          <SelectField label="Pause for" errors={fields.pause_duration.errors} {...getSelectProps(fields.pause_duration)} defaultValue={String(fields.pause_duration.initialValue ?? "1")}>
            {PAUSE_DURATIONS.map((months) => (
              <option key={months} value={months}>
                {months} {months === 1 ? "month" : "months"}
              </option>
            ))}
          </SelectField>
          <Flex>
            <Button type="submit" name="intent" value="pause" variant="soft" disabled={busy}>
              Pause subscription
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

function CancelForm({ lastResult, busy }: { lastResult: Answer; busy: boolean }) {
  const [form, fields] = useForm<z.input<typeof cancelFormSchema>>({ id: "cancel-subscription", lastResult });
  return (
    <Card size="2">
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Cancel
          </Heading>
          <SelectField label="Why are you leaving?" errors={fields.reason_key.errors} {...getSelectProps(fields.reason_key)} defaultValue={fields.reason_key.initialValue ?? ""}>
            <option value="" disabled>
              Choose a reason
            </option>
            {Object.entries(CANCEL_REASONS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </SelectField>
          <TextAreaField label="Anything else? (optional)" rows={3} maxLength={1000} errors={fields.reason_extra.errors} {...getTextareaProps(fields.reason_extra)} />
          <Flex>
            <Button type="submit" name="intent" value="cancel" color="red" variant="soft" disabled={busy}>
              Cancel subscription
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

function SimpleAction({ intent, label, busy }: { intent: string; label: string; busy: boolean }) {
  return (
    <Form method="post">
      <CsrfInput />
      <Button type="submit" name="intent" value={intent} disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Your subscription", description: "Manage your plan.", path: "/my-subscription", noindex: true });
