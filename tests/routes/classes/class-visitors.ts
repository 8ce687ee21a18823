import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/** A new signed-in person for the class tests: a teacher with roles ["teacher"], a student with none. */
export async function classVisitor(db: Kysely<Database>, roles: string[] = [], first = "Pat") {
  const user = await db
    .insertInto("users")
    .values({ email: `class-${randomBytes(5).toString("hex")}@example.test`, first_name: first, last_name: `Tester${randomBytes(2).toString("hex")}`, roles: roles as never })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id, email: user.email });
}
