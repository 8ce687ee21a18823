import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { notFound } from "~/errors/not-found.server";
import { visibilityMessages, visibilitySchema } from "~/reviews/rules";
import { setReviewHidden } from "~/reviews/reviews.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/reviews+/$id.visibility";

/** GET loads nothing: 405 for everyone (the table's rule for mutation-only routes). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return onlyPost();
}

/**
 * POST /reviews/{id}/visibility (`intent=hide|show`): staff hide a review from the educator's
 * profile and its average, or show it again, and go back to the profile with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireMutationAccess(request, ROUTE);
  if (request.method !== "POST") return onlyPost();
  const submission = parseWithZod(await request.formData(), { schema: visibilitySchema });
  if (submission.status !== "success") {
    return new Response(submission.error?.intent?.[0] ?? "Choose Hide or Show.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const id = parseRecordId(params.id);
  const changed = id === null ? undefined : await setReviewHidden(id, submission.value.intent === "hide", staff.user.id);
  if (!changed) throw notFound("There is no such review.");
  throw await redirectWithToast(changed.profilePath, { type: "success", message: visibilityMessages[submission.value.intent] });
}

function onlyPost() {
  return new Response("Hide or show a review with POST.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" } });
}
