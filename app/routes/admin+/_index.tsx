import { Badge, Button, Container, Flex, Heading, Text, VisuallyHidden } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { findUsers, parseUserListFiltersLeniently } from "~/accounts/admin-users.server";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { decideAccess, routeRule, type RouteId } from "~/accounts/policy/route-rules";
import { viewerOf } from "~/accounts/session.server";
import { USER_ROLE_FILTERS } from "~/accounts/user-list";
import { CsrfInput } from "~/components/csrf-input";

const ROUTE = "routes/admin+/_index";

/** The back office's screens; the home lists those the policy lets the viewer open. */
const ADMIN_SCREENS: { route: RouteId; path: string; label: string }[] = [
  { route: "routes/admin+/faqs", path: "/admin/faqs", label: "FAQs of the pricing, product and help pages" },
  { route: "routes/admin+/discount-codes._index", path: "/admin/discount-codes", label: "Discount codes" },
  { route: "routes/admin+/subscriptions._index", path: "/admin/subscriptions", label: "Subscriptions" },
  { route: "routes/admin+/invoices._index", path: "/admin/invoices", label: "Invoices and refunds" },
  { route: "routes/admin+/audit-log", path: "/admin/audit-log", label: "Audit log of staff actions" },
];

/**
 * /admin: the home of admins and managers (SPEC §2). Admins also get the user directory with
 * search, role filter, paging and "Sign in as"; listing users is admin-only (SPEC §6), so a
 * manager sees the admin home without it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const viewer = viewerOf(session.user);
  const name = session.user.first_name || session.user.display_name || session.user.email;
  const screens = ADMIN_SCREENS.filter((screen) => decideAccess(viewer, routeRule(screen.route).access) === "allow").map(({ path, label }) => ({ path, label }));
  if (!can(viewer, "list", "users")) return { name, screens, directory: null };

  const filters = parseUserListFiltersLeniently(new URL(request.url));
  const { items, total } = await findUsers(filters);
  return {
    name,
    screens,
    directory: {
      users: items.map((user) => ({
        id: user.id,
        name: `${user.first_name} ${user.last_name}`.trim() || user.display_name || user.email,
        email: user.email,
        roles: user.roles,
        deactivated: user.deactivated_at !== null,
        joined: user.created_at.toISOString().slice(0, 10),
        canImpersonate: can(viewer, "impersonate", user),
      })),
      total,
      query: filters.query ?? "",
      role: filters.role ?? "",
      page: filters.page,
      pageCount: Math.max(1, Math.ceil(total / filters.perPage)),
    },
  };
}

export default function AdminHome() {
  const { name, screens, directory } = useLoaderData<typeof loader>();
  return (
    <Container size="4" px="4" py="6">
      <Heading as="h1" size="7">
        Admin
      </Heading>
      <Text as="p" color="gray" mt="1" mb="5">
        Welcome back, {name}.
      </Text>
      <nav aria-label="Back office">
        <ul className="admin-screens">
          {screens.map((screen) => (
            <li key={screen.path}>
              <Link to={screen.path}>{screen.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {directory ? <UserDirectory {...directory} /> : <Text as="p">Admin tools for your role will appear here. Listing and searching users is open to admins only.</Text>}
    </Container>
  );
}

type Directory = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["directory"]>;

function UserDirectory({ users, total, query, role, page, pageCount }: Directory) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="users-heading">
      <Heading as="h2" size="5" id="users-heading" mb="3">
        Users
      </Heading>
      {/* A plain GET form: the filters live in the URL, so it works without JavaScript and can be bookmarked. */}
      <Form method="get" role="search" aria-label="Search users">
        <Flex gap="3" wrap="wrap" align="end" mb="4">
          <Flex direction="column" gap="1">
            <label htmlFor="user-query">
              <Text size="2" weight="medium">
                Name or email
              </Text>
            </label>
            <input id="user-query" className="native-input" type="search" name="query" defaultValue={query} maxLength={100} />
          </Flex>
          <Flex direction="column" gap="1">
            <label htmlFor="user-role">
              <Text size="2" weight="medium">
                Role
              </Text>
            </label>
            <select id="user-role" className="native-input" name="role" defaultValue={role}>
              <option value="">Any role</option>
              {USER_ROLE_FILTERS.map((option) => (
                <option key={option} value={option}>
                  {option.replace(/_/g, " ")}
                </option>
              ))}
            </select>
          </Flex>
          <Button type="submit" size="3" loading={navigation.state === "loading" && navigation.formMethod === "GET"}>
            Search
          </Button>
        </Flex>
      </Form>

      <Text as="p" color="gray" mb="3" role="status">
        {total} {total === 1 ? "user" : "users"}
        {query ? ` matching “${query}”` : ""}
        {role ? ` with role ${role.replace(/_/g, " ")}` : ""}
      </Text>

      {users.length === 0 ? (
        <Text as="p">No users match. Try part of a name or email, or another role.</Text>
      ) : (
        // A plain table: Radix's Table.Root wraps it in a ScrollArea, whose <style> element is invalid
        // inside a <div>. Long names and emails wrap (data-table), so it needs no scrolling box.
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Roles</th>
              <th scope="col">Joined</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <th scope="row">
                  {user.name}
                  {user.deactivated ? (
                    <Badge color="gray" ml="2">
                      deactivated
                    </Badge>
                  ) : null}
                </th>
                <td>{user.email}</td>
                <td>{user.roles.length ? user.roles.map((r) => r.replace(/_/g, " ")).join(", ") : "student"}</td>
                <td>{user.joined}</td>
                <td>
                  {user.canImpersonate ? (
                    // A full document load: switching accounts must not keep the admin's page data in the browser.
                    <Form method="post" action={`/admin/users/${user.id}/sign_in_as`} reloadDocument>
                      <CsrfInput />
                      <Button type="submit" size="1" variant="soft" aria-label={`Sign in as ${user.name}`}>
                        Sign in as
                      </Button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Pager page={page} pageCount={pageCount} query={{ query, role }} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Admin — Marketplace" }];
