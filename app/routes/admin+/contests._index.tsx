import { Container, Text } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors } from "~/components/form-field";
import { displayDate, isoOf } from "~/formatting/display";
import { CONTEST } from "~/programs/contest";
import { listContestEntries } from "~/programs/contest-entries.server";
import { WinnerCell } from "~/programs/contest-views";
import { metaFor } from "~/seo/page-meta";
import { contestStaffAction } from "./contests.server";

const ROUTE = "routes/admin+/contests._index";
const HERE = "/admin/contests";

/** /admin/contests: the contest's entries, newest first, with the winners marked and whether they are announced. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const entries = await listContestEntries(CONTEST.key);
  return {
    contest: { name: CONTEST.name, window: CONTEST.window },
    entries,
    unannounced: entries.filter((entry) => entry.is_winner && !entry.announced_at).length,
    adminHome: mayOpen(viewerFor(session), "routes/admin+/_index"),
  };
}

/** POST: mark or unmark a winner, or announce the winners not announced yet (mailed once, audited). */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  return contestStaffAction(request, session.user.id, HERE);
}

export default function AdminContestsPage() {
  const { contest, entries, unannounced, adminHome } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader home={adminHome ? { to: "/admin", label: "Admin" } : { to: "/contest", label: "Contest" }}>{contest.name}</AdminHeader>
      <Text as="p" color="gray" mb="4">
        Entries from <time dateTime={contest.window.opens}>{displayDate(contest.window.opens)}</time> through{" "}
        <time dateTime={contest.window.closes}>{displayDate(contest.window.closes)}</time> · {entries.length} {entries.length === 1 ? "entry" : "entries"}
      </Text>
      <FormErrors errors={allMessages(answer?.result)} />
      <Form method="post" className="inline-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="announce" />
        <button type="submit" className="button" disabled={busy || unannounced === 0}>
          Announce winners
        </button>
        <Text size="2" color="gray">
          {unannounced === 0 ? "No winner waits to be announced." : `${unannounced} marked ${unannounced === 1 ? "winner is" : "winners are"} not announced yet: announcing emails them and lists them on /contest.`}
        </Text>
      </Form>
      {entries.length === 0 ? (
        <p className="muted">No entries yet.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Entry</th>
              <th scope="col">Entrant</th>
              <th scope="col">Sent</th>
              <th scope="col">Winner</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-entry={entry.id}>
                <td>
                  <Link to={`/admin/contests/${entry.id}`}>{entry.title}</Link>
                  {entry.upload_file_name ? <Text color="gray"> (with a file)</Text> : null}
                </td>
                <td>
                  {entry.entrant_name} <Text color="gray">({entry.entrant_email})</Text>
                </td>
                <td>
                  <time dateTime={isoOf(entry.created_at)}>{displayDate(entry.created_at)}</time>
                </td>
                <td>
                  <WinnerCell entry={entry} busy={busy} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Contest entries", description: "Contest entries, winners and their announcement.", path: HERE, noindex: true });
