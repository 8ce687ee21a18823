import { Container } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { AdminHeader } from "~/components/admin-header";
import { FilterSelect } from "~/components/filter-select";
import type { ScholarshipApplicationStatus } from "~/db/schema";
import { displayDate, isoOf } from "~/formatting/display";
import { listApplicationsForReview } from "~/programs/scholarship-applications.server";
import { APPLICATION_STATUSES, STATUS_LABELS } from "~/programs/scholarship-rules";
import { metaFor } from "~/seo/page-meta";

const HERE = "/admin/scholarships";

/** /admin/scholarships: scholarship applications, newest first, of one status with ?status=. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/admin+/scholarships._index"))!;
  const wanted = new URL(request.url).searchParams.get("status");
  const status = APPLICATION_STATUSES.find((option) => option === wanted) ?? null;
  return { status, applications: await listApplicationsForReview(status ?? undefined), adminHome: mayOpen(viewerFor(session), "routes/admin+/_index") };
}

export default function AdminScholarshipsPage() {
  const { status, applications, adminHome } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader home={adminHome ? { to: "/admin", label: "Admin" } : { to: "/scholarships", label: "Scholarships" }}>Scholarship applications</AdminHeader>
      <Form method="get" className="inline-form" aria-label="Filter applications">
        <FilterSelect id="application-status" label="Status" name="status" value={status ?? ""} anyLabel="Any status" options={APPLICATION_STATUSES} text={(option) => STATUS_LABELS[option as ScholarshipApplicationStatus]} />
        <button type="submit" className="button button--soft">
          Show
        </button>
      </Form>
      <h2 className="section-heading">
        {status ? STATUS_LABELS[status] : "All applications"} ({applications.length})
      </h2>
      {applications.length === 0 ? (
        <p className="muted">No applications here.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Applicant</th>
              <th scope="col">Scholarship</th>
              <th scope="col">Status</th>
              <th scope="col">Score</th>
              <th scope="col">Sent</th>
            </tr>
          </thead>
          <tbody>
            {applications.map((application) => (
              <tr key={application.id}>
                <td>
                  <Link to={`${HERE}/${application.id}`}>{application.applicant_email}</Link>
                </td>
                <td>{application.scholarship_name}</td>
                <td>{STATUS_LABELS[application.status]}</td>
                <td>{application.score ?? "—"}</td>
                <td>
                  <time dateTime={isoOf(application.created_at)}>{displayDate(application.created_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Scholarship applications", description: "Scholarship applications to review.", path: HERE, noindex: true });
