import { Container, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { displayDate } from "~/formatting/display";
import { listMcatExamDates } from "~/mcat/mcat.server";
import { metaFor } from "~/seo/page-meta";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/mcat+/exam-dates");
  return { dates: await listMcatExamDates() };
}

export default function McatExamDatesPage() {
  const { dates } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/mcat">MCAT</Link>
      </Text>
      <Heading as="h1" size="8" mb="2">
        MCAT exam dates
      </Heading>
      <Text as="p" mb="5">
        Upcoming MCAT test dates, the last day to schedule or reschedule each one, and when scores are released.
      </Text>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Test date</th>
            <th scope="col">Scheduling closes</th>
            <th scope="col">Scores released</th>
          </tr>
        </thead>
        <tbody>
          {dates.map((date) => (
            <tr key={date.id}>
              <th scope="row">
                <time dateTime={date.exam_date}>{displayDate(date.exam_date)}</time>
              </th>
              <td>
                <time dateTime={date.scheduling_closes_on}>{displayDate(date.scheduling_closes_on)}</time>
              </td>
              <td>
                <time dateTime={date.scores_released_on}>{displayDate(date.scores_released_on)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "MCAT exam dates",
    description: "Upcoming MCAT test dates with scheduling deadlines and score release dates.",
    path: "/mcat/exam-dates",
  });
