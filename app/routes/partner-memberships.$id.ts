import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerOf } from "~/accounts/session.server";
import { inviteAnswerSchema } from "~/partners/invite-answer";
import { answerPartnerInvite } from "~/partners/memberships.server";
import { safeRedirectPath } from "~/security/safe-redirect";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/partner-memberships.$id";

function refuse(status: number, message: string): never {
  throw new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return new Response("Answer an invitation with POST", { status: 405, headers: { Allow: "POST" } });
}

/**
 * POST /partner-memberships/{id}: the invited user accepts (`response=accept`) or declines
 * (`response=decline`) a partner's invitation from the account menu, a plain form, and goes back
 * to the page with a toast. Anything else is a 4xx with the reason and changes nothing.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const id = parseRecordId(params.id);
  if (id === null) refuse(404, "There is no such partner invitation.");
  const submission = parseWithZod(await request.formData(), { schema: inviteAnswerSchema });
  if (submission.status !== "success") refuse(400, submission.error?.response?.[0] ?? "Choose Accept or Decline.");
  const { response, redirectTo } = submission.value;
  const answer = await answerPartnerInvite(viewerOf(session.user), id, response);
  if (!answer.ok) refuse(answer.status, answer.message);
  const back = safeRedirectPath(redirectTo, siteOrigin(request), "/");
  const message = answer.status === "accepted" ? `You are now a member of ${answer.partnerName}.` : `You declined the invitation from ${answer.partnerName}.`;
  return redirectWithToast(back, { message, type: "success" });
}
