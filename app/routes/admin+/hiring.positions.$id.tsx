import { Container, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { HIRING_STAGES, STAGE_LABELS } from "~/careers/hiring";
import { listApplicationsForHiring, positionTitle } from "~/careers/hiring.server";
import { AdminHeader } from "~/components/admin-header";
import { FilterSelect } from "~/components/filter-select";
import type { HiringStage } from "~/db/schema";
import { notFound } from "~/errors/not-found.server";
import { displayDate, isoOf } from "~/formatting/display";
import { metaFor } from "~/seo/page-meta";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/admin+/hiring.positions.$id";

/** /admin/hiring/positions/{id}: a position's applicants (or, at "general", those who applied for none), newest first, by stage. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const general = params.id === "general";
  const positionId = general ? null : parseRecordId(params.id);
  if (!general && positionId === null) throw notFound("There is no such position.");
  const title = general ? "General applications" : await positionTitle(positionId!);
  if (title === undefined) throw notFound("There is no such position.");
  const wanted = new URL(request.url).searchParams.get("stage");
  const stage = (HIRING_STAGES as readonly string[]).includes(wanted ?? "") ? (wanted as HiringStage) : null;
  const applications = await listApplicationsForHiring({ positionId, stage });
  return { title, stage, applications };
}

export default function AdminHiringPositionPage() {
  const { title, stage, applications } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader home={{ to: "/careers", label: "Careers" }} trail={[{ to: "/admin/hiring", label: "Hiring" }]}>
        {title}
      </AdminHeader>
      <Form method="get" role="search" aria-label="Filter applicants" className="inline-form">
        <FilterSelect id="stage-filter" label="Stage" name="stage" value={stage ?? ""} anyLabel="Every stage" options={HIRING_STAGES} text={(option) => STAGE_LABELS[option as HiringStage]} />
        <button type="submit" className="button button--soft">
          Filter
        </button>
      </Form>
      <p role="status">
        {applications.length} {applications.length === 1 ? "applicant" : "applicants"}
      </p>
      {applications.length === 0 ? (
        <Text as="p">Nobody has applied{stage ? ` at this stage` : ""} yet.</Text>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Applicant</th>
              <th scope="col">Applied</th>
              <th scope="col">Stage</th>
              <th scope="col">Résumé</th>
              <th scope="col">Notes</th>
            </tr>
          </thead>
          <tbody>
            {applications.map((application) => (
              <tr key={application.id}>
                <th scope="row">
                  <Link to={`/admin/hiring/applications/${application.id}`}>{application.name}</Link> <span className="muted">{application.email}</span>
                </th>
                <td>
                  <time dateTime={isoOf(application.created_at)}>{displayDate(application.created_at)}</time>
                </td>
                <td>{STAGE_LABELS[application.stage]}</td>
                <td>{application.has_resume ? "yes" : "no"}</td>
                <td>{application.notes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  metaFor(matches, { title: data ? `Applicants: ${data.title}` : "Applicants", description: "A position's applicants.", path: `/admin/hiring/positions/${params.id}`, noindex: true });
