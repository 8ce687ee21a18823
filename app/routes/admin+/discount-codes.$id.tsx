import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { notFound, orNotFound } from "~/errors/not-found.server";
import { DiscountCodeForm, type DiscountCodeFormValues } from "~/payments/discount-code-form";
import { discountCodeSchema, discountCodeStatus, windowDays } from "~/payments/discount-code-rules";
import { discountableCourses, DiscountCodeInputError, findDiscountCodeById, setDiscountCodeActive, updateDiscountCode } from "~/payments/discount-codes.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/discount-codes.$id";

/** /admin/discount-codes/{id}: one code's form, and switching it off (or on again). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const id = parseRecordId(params.id);
  const code = await orNotFound(id === null ? Promise.resolve(undefined) : findDiscountCodeById(id), "No such discount code.");
  return {
    id: code.id,
    code: code.code,
    status: discountCodeStatus({ deactivatedAt: code.deactivated_at, startsAt: code.starts_at, endsAt: code.ends_at, usageLimit: code.usage_limit, timesUsed: code.times_used }, requestNow(request)),
    timesUsed: code.times_used,
    deactivated: code.deactivated_at !== null,
    values: {
      code: code.code,
      percent_off: String(code.percent_off),
      product_kind: code.product_kind ?? "any",
      online_course_id: code.online_course_id ? String(code.online_course_id) : "",
      ...windowDays(code.starts_at, code.ends_at),
      usage_limit: code.usage_limit === null ? "" : String(code.usage_limit),
    } satisfies DiscountCodeFormValues,
    courses: await discountableCourses(),
  };
}

/** POST intent=save changes the code; intent=deactivate or reactivate switches it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const id = parseRecordId(params.id);
  const here = `/admin/discount-codes/${params.id}`;
  const actor = { id: session.user.id, request: auditedRequest(request.method, request.url) };
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (id === null) throw notFound("No such discount code.");
  if (intent === "deactivate" || intent === "reactivate") {
    if (!(await setDiscountCodeActive(id, intent === "reactivate", actor))) throw notFound("No such discount code.");
    throw await redirectWithToast(here, { type: "success", message: intent === "deactivate" ? "The code is switched off: checkout refuses it now." : "The code is on again." }, { status: 303 });
  }
  const submission = parseWithZod(formData, { schema: discountCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if ((await updateDiscountCode(id, submission.value, actor)) === undefined) throw notFound("No such discount code.");
  } catch (error) {
    if (error instanceof DiscountCodeInputError) return data({ result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 });
    throw error;
  }
  throw await redirectWithToast(here, { type: "success", message: "Discount code saved." }, { status: 303 });
}

export default function AdminDiscountCodePage() {
  const { code, status, timesUsed, deactivated, values, courses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const submitted = answer?.result.initialValue as Partial<DiscountCodeFormValues> | undefined;
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader trail={[{ to: "/admin/discount-codes", label: "Discount codes" }]} mb="2">
        Discount code {code}
      </AdminHeader>
      <Text as="p" mb="4" role="status">
        Status: {status}. Used {timesUsed} {timesUsed === 1 ? "time" : "times"} (paid purchases and checkouts still open).
      </Text>
      <Form method="post">
        <CsrfInput />
        <input type="hidden" name="intent" value={deactivated ? "reactivate" : "deactivate"} />
        <button type="submit" className="button button--outline" disabled={busy}>
          {deactivated ? "Switch the code on again" : "Deactivate the code"}
        </button>
      </Form>
      <section aria-labelledby="edit-code-heading">
        <Heading as="h2" size="5" id="edit-code-heading" mt="6" mb="3">
          Edit
        </Heading>
        <DiscountCodeForm values={{ ...values, ...submitted }} errors={answer?.result.error} courses={courses} submitLabel="Save the code" busy={busy} />
      </section>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Discount code", description: "Edit a discount code.", path: "/admin/discount-codes", noindex: true });
