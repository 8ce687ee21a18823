import type { User } from "~/db/schema";

/** A user as the app may pass them around: everything but the password hash. */
export type PublicUser = Omit<User, "password_hash">;

/** The one place a user row loses its password hash before leaving the accounts domain. */
export function publicUser<Row extends Pick<User, "password_hash">>(row: Row): Omit<Row, "password_hash"> {
  const { password_hash: _hash, ...rest } = row;
  return rest;
}
