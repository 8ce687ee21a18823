import { Container, Heading, Text } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { AdminHeader } from "~/components/admin-header";
import { allMessages, FormErrors } from "~/components/form-field";
import { notFound, orNotFound } from "~/errors/not-found.server";
import { displayDate, isoOf } from "~/formatting/display";
import { findContestEntry } from "~/programs/contest-entries.server";
import { WinnerCell } from "~/programs/contest-views";
import { metaFor } from "~/seo/page-meta";
import { parseRecordId } from "~/utils/record-id";
import { contestStaffAction } from "./contests.server";

const ROUTE = "routes/admin+/contests.$id";

const entryId = (id: string | undefined) => {
  const parsed = parseRecordId(id);
  if (parsed === null) throw notFound("There is no such entry.");
  return parsed;
};

/** /admin/contests/{id}: one entry: its text, its file and whether it won. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return { entry: await orNotFound(findContestEntry(entryId(params.id))) };
}

/** POST: mark or unmark this entry as a winner. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  return contestStaffAction(request, session.user.id, `/admin/contests/${entryId(params.id)}`);
}

export default function AdminContestEntryPage() {
  const { entry } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader home={{ to: "/contest", label: "Contest" }} trail={[{ to: "/admin/contests", label: "Entries" }]} mb="2">
        {entry.title}
      </AdminHeader>
      <FormErrors errors={allMessages(answer?.result)} />
      <dl className="definition-list">
        <dt>Entrant</dt>
        <dd>
          {entry.entrant_name} ({entry.entrant_email})
        </dd>
        <dt>Sent</dt>
        <dd>
          <time dateTime={isoOf(entry.created_at)}>{displayDate(entry.created_at)}</time>
        </dd>
        <dt>File</dt>
        <dd>{entry.upload_file_name ? <a href={`/contest/entries/${entry.id}/file`}>Download {entry.upload_file_name}</a> : "None sent"}</dd>
        <dt>Winner</dt>
        <dd>
          <WinnerCell entry={entry} busy={busy} />
        </dd>
      </dl>
      <Heading as="h2" size="4" mt="4" mb="2">
        Study method
      </Heading>
      <Text as="p" style={{ whiteSpace: "pre-wrap" }}>
        {entry.body}
      </Text>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  metaFor(matches, { title: data ? `Contest entry: ${data.entry.title}` : "Contest entry", description: "A contest entry.", path: `/admin/contests/${params.id}`, noindex: true });
