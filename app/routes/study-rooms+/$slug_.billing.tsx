import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { notFound } from "~/errors/not-found.server";
import { parsePriceToCents } from "~/online-courses/editor-rules";
import { describeBilling } from "~/study-rooms/billing";
import { acceptBilling, declineBilling, endBilling, requestBilling, type BillingOutcome } from "~/study-rooms/billings.server";
import { findStudyRoom } from "~/study-rooms/rooms.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/study-rooms+/$slug_.billing";

const MINUTES_MESSAGE = "Enter the maximum duration in whole minutes";
const RATE_MESSAGE = "Enter the hourly rate in dollars, like 40 or 40.50";

/** The billing panel's forms; the terms' limits and the reason's are the state machine's (billing.ts). */
const billingSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("request"),
    max_minutes: z.coerce.number({ error: MINUTES_MESSAGE }).int(MINUTES_MESSAGE),
    rate: z
      .string({ error: RATE_MESSAGE })
      .transform((value, context) => parsePriceToCents(value) ?? (context.addIssue({ code: "custom", message: RATE_MESSAGE }), z.NEVER)),
  }),
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("decline"), reason: z.string().optional() }),
  z.object({ intent: z.literal("end") }),
]);

/** The room, for a member: a 404 both for no such room and for someone not in it, who has no business knowing it exists. */
async function roomFor(session: CurrentSession, slug: string | undefined) {
  const found = slug ? await findStudyRoom(slug, session.user.id) : undefined;
  if (!found || !can(viewerFor(session), "enter_study_room", found)) throw notFound("There is no study room at this address.");
  return found.room;
}

/** Nothing to show here: the panel is on the room's page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  throw redirect(`/study-rooms/${params.slug ?? ""}`);
}

/** POST from the room's billing panel, by `intent`: the tutor requests, the student accepts or declines, either ends. Answers go back to the room as toasts. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const room = await roomFor(session, params.slug);
  const back = `/study-rooms/${room.slug}`;
  if (room.tutoring_session_id === null) throw new Response("Billing is only for a tutoring session's room.", { status: 403 });
  const submission = parseWithZod(await request.formData(), { schema: billingSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? []);
    throw await redirectWithToast(back, { type: "error", message: errors[0] ?? "Choose what to do with billing." });
  }
  const command = submission.value;
  const common = { roomId: room.id, userId: session.user.id, now: new Date(), origin: siteOrigin(request) };
  let outcome: BillingOutcome;
  switch (command.intent) {
    case "request":
      outcome = await requestBilling({ ...common, maxMinutes: command.max_minutes, rateCents: command.rate });
      break;
    case "accept":
      outcome = await acceptBilling(common);
      break;
    case "decline":
      outcome = await declineBilling({ ...common, reason: command.reason ?? "" });
      break;
    case "end":
      outcome = await endBilling(common);
      break;
  }
  if (outcome.kind === "refused") {
    if (outcome.status === 403) throw new Response(outcome.message, { status: 403 });
    throw await redirectWithToast(back, { type: "error", message: outcome.message });
  }
  throw await redirectWithToast(back, { type: "success", message: doneMessage(outcome) });
}

function doneMessage({ billing, settlement }: Extract<BillingOutcome, { kind: "changed" }>): string {
  switch (billing.status) {
    case "pending":
      return "Billing requested. It starts when the student accepts.";
    case "accepted":
      return "Billing started.";
    case "declined":
      return "You declined the billing request.";
    case "none":
      return "Billing request withdrawn.";
    case "ended": {
      const paid = settlement?.kind === "tokens" ? ` Paid with ${settlement.tokens} token${settlement.tokens === 1 ? "" : "s"}.` : settlement?.kind === "owed" ? " Not paid yet: it is owed on the contract." : "";
      return `${describeBilling(billing)}${paid}`;
    }
  }
}
