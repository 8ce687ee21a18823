import { Container, Flex, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AdminHeader } from "~/components/admin-header";
import { FilterSelect } from "~/components/filter-select";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { Pager } from "~/components/pager";
import { formatDate } from "~/formatting/format";
import { AUDIT_ACTIONS } from "~/accounts/audit-actions";
import { auditFiltersSchema, filtersOf } from "~/payments/back-office-filters";
import { AUDIT_LOG_PER_PAGE, searchAuditEvents } from "~/payments/back-office.server";
import { metaFor } from "~/seo/page-meta";

const ROUTE = "routes/admin+/audit-log";

/** /admin/audit-log: what staff did (and what was done in impersonated sessions), newest first, by actor and action. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const filters = filtersOf(auditFiltersSchema, new URL(request.url));
  const { items, total } = await searchAuditEvents(filters);
  return { items, total, actor: filters.actor ?? "", action: filters.action ?? "", page: filters.page, pageCount: Math.max(1, Math.ceil(total / AUDIT_LOG_PER_PAGE)) };
}

export default function AdminAuditLogPage() {
  const { items, total, actor, action, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>
        Audit log
      </AdminHeader>
      <Form method="get" role="search" aria-label="Filter the audit log">
        <Flex gap="3" wrap="wrap" align="end" mb="4">
          <Flex direction="column" gap="1">
            <label htmlFor="audit-actor">Who (name or email)</label>
            <input id="audit-actor" className="native-input" type="search" name="actor" defaultValue={actor} maxLength={100} />
          </Flex>
          <FilterSelect id="audit-action" label="Action" name="action" value={action} anyLabel="Any action" options={AUDIT_ACTIONS} text={String} />
          <button type="submit" className="button">
            Filter
          </button>
        </Flex>
      </Form>
      <Text as="p" color="gray" mb="3" role="status">
        {total} {total === 1 ? "event" : "events"}
      </Text>
      {items.length === 0 ? (
        <Text as="p">No events match.</Text>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">On</th>
              <th scope="col">Request</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{formatDate(item.at, "MMM d, yyyy HH:mm")} UTC</td>
                <td>{item.actor}</td>
                <td>{item.action}</td>
                <td>{item.subject}</td>
                <td>{item.request ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageCount={pageCount} query={{ actor, action }} />
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Audit log", description: "What staff did.", path: "/admin/audit-log", noindex: true });
