import { Container, Flex, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminHeader } from "~/components/admin-header";
import { FilterSelect } from "~/components/filter-select";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { Pager } from "~/components/pager";
import { formatDate, formatPrice } from "~/formatting/format";
import { filtersOf, invoiceFiltersSchema, PURCHASE_KINDS, PURCHASE_STATUSES } from "~/payments/back-office-filters";
import { BACK_OFFICE_PER_PAGE, searchPurchases } from "~/payments/back-office.server";
import { metaFor } from "~/seo/page-meta";

const ROUTE = "routes/admin+/invoices._index";

/** /admin/invoices: purchases by buyer, status and kind, newest first, with what was refunded. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const filters = filtersOf(invoiceFiltersSchema, new URL(request.url));
  const { items, total } = await searchPurchases(filters);
  return { items, total, query: filters.query ?? "", status: filters.status ?? "", kind: filters.kind ?? "", page: filters.page, pageCount: Math.max(1, Math.ceil(total / BACK_OFFICE_PER_PAGE)) };
}

export default function AdminInvoicesPage() {
  const { items, total, query, status, kind, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <AdminHeader>
        Invoices
      </AdminHeader>
      <Form method="get" role="search" aria-label="Search invoices">
        <Flex gap="3" wrap="wrap" align="end" mb="4">
          <Flex direction="column" gap="1">
            <label htmlFor="invoice-query">Buyer's name or email</label>
            <input id="invoice-query" className="native-input" type="search" name="query" defaultValue={query} maxLength={100} />
          </Flex>
          <FilterSelect id="invoice-status" label="Status" name="status" value={status} anyLabel="Any status" options={PURCHASE_STATUSES} text={String} />
          <FilterSelect id="invoice-kind" label="Product" name="kind" value={kind} anyLabel="Any product" options={PURCHASE_KINDS} />
          <button type="submit" className="button">
            Search
          </button>
        </Flex>
      </Form>
      <Text as="p" color="gray" mb="3" role="status">
        {total} {total === 1 ? "invoice" : "invoices"}
      </Text>
      {items.length === 0 ? (
        <Text as="p">No invoices match.</Text>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Invoice</th>
              <th scope="col">Buyer</th>
              <th scope="col">Product</th>
              <th scope="col">Total</th>
              <th scope="col">Refunded</th>
              <th scope="col">Status</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <th scope="row">
                  <Link to={`/admin/invoices/${item.id}`}>#{item.id}</Link>
                </th>
                <td>
                  {item.name} ({item.email})
                </td>
                <td>{item.kind.replace(/_/g, " ")}</td>
                <td>{formatPrice(item.total_cents, item.currency, { forceCents: true })}</td>
                <td>{item.refunded_cents ? formatPrice(item.refunded_cents, item.currency, { forceCents: true }) : "—"}</td>
                <td>{item.status}</td>
                <td>{formatDate(item.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} pageCount={pageCount} query={{ query, status, kind }} />
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Invoices", description: "Find purchases and refund them.", path: "/admin/invoices", noindex: true });
