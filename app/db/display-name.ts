import { sql } from "kysely";

/**
 * A person's name as the product shows it, in SQL: their display name, else first and last name.
 * `table` is the users table's name or alias in the query.
 */
export const displayNameSql = (table: string) =>
  sql<string>`coalesce(nullif(trim(${sql.ref(`${table}.display_name`)}), ''), trim(${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)}))`;
