import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { findUserForAdmin } from "~/accounts/admin-user-account.server";
import { auditedRequest } from "~/accounts/audit.server";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { setAllToursSeen } from "~/site-tours/tour-editing.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/users.$id.site-tours";

const text = (message: string, status: number, headers: Record<string, string> = {}) =>
  new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...headers },
  });

/** GET loads nothing: 405 for everyone (the table's rule for mutation-only routes). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return text("Use POST to start or end all tours for this user.", 405, {
    Allow: "POST",
  });
}

const schema = z.object({
  intent: z.enum(["start_all", "end_all"], {
    error: "Choose start all or end all.",
  }),
});

/**
 * POST /admin/users/{id}/site-tours (SPEC §4: start all, end all): "start all" has the user offered
 * every tour again, "end all" marks every tour seen; recorded in the audit log. Back to the user's page.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  if (request.method !== "POST")
    return text("Use POST to start or end all tours for this user.", 405, {
      Allow: "POST",
    });
  const id = parseRecordId(params.id);
  const user = id === null ? undefined : await findUserForAdmin(id);
  if (!user) return text("No such user.", 404);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return text("Choose start all or end all.", 400);
  const seen = submission.value.intent === "end_all";
  await setAllToursSeen({
    userId: user.id,
    seen,
    actorId: session.user.id,
    request: auditedRequest(request.method, request.url),
  });
  throw await redirectWithToast(
    `/admin/users/${user.id}#site-tours-heading`,
    {
      type: "success",
      message: seen ? "All tours ended: none will be offered to them." : "All tours started: each will be offered to them again.",
    },
    { status: 303 }
  );
}
