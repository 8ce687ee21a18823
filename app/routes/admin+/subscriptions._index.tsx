import { Container, Flex, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminHeader } from "~/components/admin-header";
import { FilterSelect } from "~/components/filter-select";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { Pager } from "~/components/pager";
import { formatDate } from "~/formatting/format";
import { filtersOf, subscriptionFiltersSchema, SUBSCRIPTION_STATUSES } from "~/payments/back-office-filters";
import { BACK_OFFICE_PER_PAGE, searchSubscriptions } from "~/payments/back-office.server";
import { metaFor } from "~/seo/page-meta";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/admin+/subscriptions._index";

/** /admin/subscriptions: subscriptions by buyer (email or name) and status, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const filters = filtersOf(subscriptionFiltersSchema, new URL(request.url));
  const { items, total } = await searchSubscriptions(filters, requestNow(request));
  return { items, total, query: filters.query ?? "", status: filters.status ?? "", page: filters.page, pageCount: Math.max(1, Math.ceil(total / BACK_OFFICE_PER_PAGE)) };
}

export default function AdminSubscriptionsPage() {
  const { items, total, query, status, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>
        Subscriptions
      </AdminHeader>
      <Form method="get" role="search" aria-label="Search subscriptions">
        <Flex gap="3" wrap="wrap" align="end" mb="4">
          <Flex direction="column" gap="1">
            <label htmlFor="subscription-query">Buyer's name or email</label>
            <input id="subscription-query" className="native-input" type="search" name="query" defaultValue={query} maxLength={100} />
          </Flex>
          <FilterSelect id="subscription-status" label="Status" name="status" value={status} anyLabel="Any status" options={SUBSCRIPTION_STATUSES} />
          <button type="submit" className="button">
            Search
          </button>
        </Flex>
      </Form>
      <Text as="p" color="gray" mb="3" role="status">
        {total} {total === 1 ? "subscription" : "subscriptions"}
      </Text>
      {items.length === 0 ? (
        <Text as="p">No subscriptions match.</Text>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Buyer</th>
              <th scope="col">Plan</th>
              <th scope="col">Status</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row">
                  <Link to={`/admin/subscriptions/${item.id}`}>
                    {item.name} ({item.email})
                  </Link>
                </th>
                <td>
                  {item.plan}, {item.interval}
                </td>
                <td>{item.status}</td>
                <td>{formatDate(item.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageCount={pageCount} query={{ query, status }} />
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Subscriptions", description: "Find subscriptions.", path: "/admin/subscriptions", noindex: true });
