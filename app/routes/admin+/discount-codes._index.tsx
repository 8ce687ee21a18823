import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminHeader } from "~/components/admin-header";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { formatDate } from "~/formatting/format";
import { DiscountCodeForm, EMPTY_DISCOUNT_CODE, type DiscountCodeFormValues } from "~/payments/discount-code-form";
import { discountCodeSchema, discountCodeStatus, DISCOUNT_PRODUCT_LABELS, type DiscountProductKind } from "~/payments/discount-code-rules";
import { createDiscountCode, discountableCourses, DiscountCodeInputError, listDiscountCodes } from "~/payments/discount-codes.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/admin+/discount-codes._index";
const HERE = "/admin/discount-codes";

/** /admin/discount-codes: every code with its percent, product, window, uses and status, and the form that adds one (admins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const now = requestNow(request);
  const [codes, courses] = await Promise.all([listDiscountCodes(), discountableCourses()]);
  return {
    courses,
    codes: codes.map((code) => ({
      id: code.id,
      code: code.code,
      percentOff: code.percentOff,
      appliesTo: code.onlineCourseName ?? DISCOUNT_PRODUCT_LABELS[(code.productKind ?? "any") as DiscountProductKind | "any"],
      window: windowLabel(code.startsAt, code.endsAt),
      // times_used also counts checkouts still open, which hold their use until they expire.
      uses: `${code.timesUsed}${code.usageLimit === null ? "" : ` / ${code.usageLimit}`}${code.timesUsed > code.redemptions ? ` (${code.timesUsed - code.redemptions} at checkout)` : ""}`,
      status: discountCodeStatus(code, now),
    })),
  };
}

/** POST: adds a code; a bad or taken code answers 400 with the reason beside its field. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: discountCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const id = await createDiscountCode(submission.value, { id: session.user.id, request: auditedRequest(request.method, request.url) });
    throw await redirectWithToast(`${HERE}/${id}`, { type: "success", message: `Discount code ${submission.value.code.toUpperCase()} created.` }, { status: 303 });
  } catch (error) {
    if (error instanceof DiscountCodeInputError) return data({ result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 });
    throw error;
  }
}

export default function AdminDiscountCodesPage() {
  const { codes, courses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const submitted = answer?.result.initialValue as Partial<DiscountCodeFormValues> | undefined;
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>
        Discount codes
      </AdminHeader>
      {codes.length === 0 ? (
        <Text as="p">No discount codes yet.</Text>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Percent off</th>
              <th scope="col">Applies to</th>
              <th scope="col">Valid</th>
              <th scope="col">Uses</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code.id}>
                <th scope="row">
                  <Link to={`${HERE}/${code.id}`}>{code.code}</Link>
                </th>
                <td>{code.percentOff}%</td>
                <td>{code.appliesTo}</td>
                <td>{code.window}</td>
                <td>{code.uses}</td>
                <td>
                  <Badge color={code.status === "active" ? "green" : code.status === "scheduled" ? "blue" : "gray"}>{code.status}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section aria-labelledby="new-code-heading">
        <Heading as="h2" size="5" id="new-code-heading" mt="6" mb="3">
          New discount code
        </Heading>
        <DiscountCodeForm values={{ ...EMPTY_DISCOUNT_CODE, ...submitted }} errors={answer?.result.error} courses={courses} submitLabel="Create the code" busy={busy} />
      </section>
    </Container>
  );
}

function windowLabel(startsAt: Date | null, endsAt: Date | null): string {
  const last = endsAt ? formatDate(new Date(endsAt.getTime() - 86_400_000)) : null;
  if (startsAt && last) return `${formatDate(startsAt)} – ${last}`;
  if (startsAt) return `from ${formatDate(startsAt)}`;
  if (last) return `until ${last}`;
  return "always";
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Discount codes", description: "Discount codes and their limits.", path: HERE, noindex: true });
