import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { auditedRequest } from "~/accounts/audit.server";
import { CONTEST, CONTEST_STAFF_MESSAGES, contestStaffSchema } from "~/programs/contest";
import { announceContestWinners, setContestWinner } from "~/programs/contest-entries.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

/**
 * The staff commands of /admin/contests and of one entry's page: mark or unmark a winner, and
 * announce the winners (from the list). Success goes back to `here` with a toast.
 */
export async function contestStaffAction(request: Request, staffId: number, here: string) {
  const submission = parseWithZod(await request.formData(), { schema: contestStaffSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const command = submission.value;
  if (command.intent === "winner") {
    const outcome = await setContestWinner(command.id, command.winner === "yes");
    if (outcome.kind === "not-found") return data({ result: submission.reply({ formErrors: [CONTEST_STAFF_MESSAGES.gone] }) }, { status: 404 });
    if (outcome.kind === "announced") return data({ result: submission.reply({ formErrors: [CONTEST_STAFF_MESSAGES.announcedStays] }) }, { status: 409 });
    const message = command.winner === "yes" ? "Marked as a winner. Announce the winners to tell them and show them on /contest." : "No longer a winner.";
    throw await redirectWithToast(here, { type: "success", message }, { status: 303 });
  }
  const outcome = await announceContestWinners(CONTEST, staffId, auditedRequest(request.method, request.url), siteOrigin(request));
  if (outcome.kind === "nothing") return data({ result: submission.reply({ formErrors: [CONTEST_STAFF_MESSAGES.nothingToAnnounce] }) }, { status: 409 });
  const message = `Announced ${outcome.count === 1 ? "1 winner" : `${outcome.count} winners`}: they are emailed and listed on /contest.`;
  throw await redirectWithToast(here, { type: "success", message }, { status: 303 });
}
