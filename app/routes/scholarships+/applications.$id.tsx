import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { notFound } from "~/errors/not-found.server";
import { findApplicationFor } from "~/programs/scholarship-applications.server";
import { ApplicationDetails } from "~/programs/scholarship-application-view";
import { answersOf } from "~/programs/scholarship-forms";
import { APPLICANT_STATUS } from "~/programs/scholarship-rules";
import { scholarshipViewer } from "~/programs/scholarship-viewer.server";
import { metaFor } from "~/seo/page-meta";
import { parseRecordId } from "~/utils/record-id";

/**
 * /scholarships/applications/{id}: one application as its applicant reads it (status, essay,
 * answers, transcript), never a score or staff note; anyone but the applicant and staff gets 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/scholarships+/applications.$id"))!;
  const id = parseRecordId(params.id);
  const row = id === null ? null : await findApplicationFor(scholarshipViewer(session), id);
  if (!row) throw notFound("There is no such application.");
  return {
    application: {
      id: row.id,
      scholarship_name: row.scholarship_name,
      status: APPLICANT_STATUS[row.status],
      essay: row.essay,
      eligibility_answers: answersOf(row.eligibility_answers),
      transcript_file_name: row.transcript_file_name,
      created_at: row.created_at,
    },
  };
}

export default function ScholarshipApplicationPage() {
  const { application } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/scholarships/applications">Your scholarship applications</Link>
      </Text>
      <Heading as="h1" size="8" mb="2">
        {application.scholarship_name}
      </Heading>
      <ApplicationDetails
        application={application}
        own
        facts={
          <>
            <dt>Status</dt>
            <dd>
              <strong data-application-status>{application.status}</strong>
            </dd>
          </>
        }
      />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, params }) =>
  metaFor(matches, {
    title: data ? `Your application: ${data.application.scholarship_name}` : "Scholarship application",
    description: "Your scholarship application and its status.",
    path: `/scholarships/applications/${params.id}`,
    noindex: true,
  });
