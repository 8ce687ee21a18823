import { sql } from "kysely";
import { z } from "zod";
import { USER_ROLE_FILTERS, USERS_PER_PAGE, type UserRoleFilter } from "~/accounts/user-list";
import { ApiError } from "~/api/errors";
import { userResource } from "~/api/resources/users";
import { db } from "~/db/db.server";
import { likePattern } from "~/db/like-pattern";

/** The admin's user directory (issue 3 item 7): one query layer for /admin, GET /users and GET /api/v1/users. */

const MAX_PER_PAGE = 100;
const MAX_QUERY_LENGTH = 100;

export interface UserListFilters {
  /** Part of a name, display name or email, any case. */
  query?: string;
  role?: UserRoleFilter;
  page: number;
  perPage: number;
}

const strictFilters = z.object({
  query: z.string().trim().max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters.`).optional(),
  role: z.enum(USER_ROLE_FILTERS, { error: "role must be student or one of the roles." }).optional(),
  page: z.coerce.number({ error: "page must be a whole number from 1." }).int("page must be a whole number from 1.").min(1, "page must be a whole number from 1.").max(100_000, "page is too large.").default(1),
  per_page: z.coerce
    .number({ error: `per_page must be a whole number from 1 to ${MAX_PER_PAGE}.` })
    .int(`per_page must be a whole number from 1 to ${MAX_PER_PAGE}.`)
    .min(1, `per_page must be a whole number from 1 to ${MAX_PER_PAGE}.`)
    .max(MAX_PER_PAGE, `per_page must be a whole number from 1 to ${MAX_PER_PAGE}.`)
    .default(USERS_PER_PAGE),
});

/** Filters of a JSON call; anything malformed is a 400 `invalid_parameter` naming the parameter. */
export function parseUserListFilters(url: URL): UserListFilters {
  const raw = Object.fromEntries(
    ["query", "role", "page", "per_page"].flatMap((name) => {
      const value = url.searchParams.get(name);
      return value === null || value.trim() === "" ? [] : [[name, value]];
    }),
  );
  const parsed = strictFilters.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const parameter = String(issue.path[0] ?? "query");
    throw new ApiError(400, "invalid_parameter", issue.message, { source: { parameter } });
  }
  const { query, role, page, per_page } = parsed.data;
  return { query: query || undefined, role, page, perPage: per_page };
}

const lenientFilters = z.object({
  query: z.string().trim().max(MAX_QUERY_LENGTH).optional().catch(undefined),
  role: z.enum(USER_ROLE_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/** Filters of the admin page's GET form: a hand-edited bad value falls back instead of failing the page. */
export function parseUserListFiltersLeniently(url: URL): UserListFilters {
  const { query, role, page } = lenientFilters.parse(Object.fromEntries(url.searchParams));
  return { query: query || undefined, role, page, perPage: USERS_PER_PAGE };
}

/** One page of users, newest first, with the total matching; two queries whatever the page. */
export async function findUsers({ query, role, page, perPage }: UserListFilters) {
  let base = db().selectFrom("users");
  if (query) {
    const pattern = likePattern(query);
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(users.email)`, "like", pattern),
        eb(sql`lower(users.first_name || ' ' || users.last_name)`, "like", pattern),
        eb(sql`lower(coalesce(users.display_name, ''))`, "like", pattern),
      ]),
    );
  }
  if (role === "student") base = base.where(sql<boolean>`cardinality(users.roles) = 0`);
  else if (role) base = base.where(sql<boolean>`${role} = any(users.roles)`);

  const [rows, count] = await Promise.all([
    base
      .select([
        "users.id",
        "users.email",
        "users.first_name",
        "users.last_name",
        "users.display_name",
        "users.roles",
        "users.user_type",
        "users.school_id",
        "users.year",
        "users.faculty",
        "users.degree",
        "users.country_code",
        "users.token_balance",
        "users.paying_user",
        "users.pending_announcements",
        "users.avatar",
        "users.bio",
        "users.confirmed_at",
        "users.deactivated_at",
        "users.created_at",
        "users.updated_at",
      ])
      .orderBy("users.id", "desc")
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows, total: count.total };
}

export type ListedUser = Awaited<ReturnType<typeof findUsers>>["items"][number];

/** A listed user as GET /users shows them: the API's user attributes, flat, plus account state. */
export function userListItem(user: ListedUser) {
  return {
    id: user.id,
    ...userResource.attributes(user),
    school_id: user.school_id,
    deactivated: user.deactivated_at !== null,
  };
}
