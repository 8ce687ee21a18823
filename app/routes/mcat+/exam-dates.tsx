import { Container, Heading, Table, Text } from "@radix-ui/themes";
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
      <Table.Root variant="surface">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Test date</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Scheduling closes</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Scores released</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {dates.map((date) => (
            <Table.Row key={date.id}>
              <Table.RowHeaderCell>
                <time dateTime={date.exam_date}>{displayDate(date.exam_date)}</time>
              </Table.RowHeaderCell>
              <Table.Cell>
                <time dateTime={date.scheduling_closes_on}>{displayDate(date.scheduling_closes_on)}</time>
              </Table.Cell>
              <Table.Cell>
                <time dateTime={date.scores_released_on}>{displayDate(date.scores_released_on)}</time>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "MCAT exam dates",
    description: "Upcoming MCAT test dates with scheduling deadlines and score release dates.",
    path: "/mcat/exam-dates",
  });
