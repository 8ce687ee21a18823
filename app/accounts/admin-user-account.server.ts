import { sql, type Transaction } from "kysely";
import { recordAuditEvent, recordUserChange, type AuditedRequest } from "~/accounts/audit.server";
import type { Role } from "~/accounts/roles";
import { db } from "~/db/db.server";
import type { Database } from "~/db/schema";

/**
 * The admin's page of one user (SPEC §2 /admin/users/{id}): what it shows and the changes made
 * there. Deactivating is app/accounts/profile.server.ts `deactivateUser` (it also ends the
 * user's sessions); sign-in refuses a deactivated account (sign-in.server.ts) and sessions of one
 * stop resolving (session.server.ts).
 */

export function findUserForAdmin(id: number) {
  return db()
    .selectFrom("users")
    .leftJoin("schools", "schools.id", "users.school_id")
    .select([
      "users.id",
      "users.email",
      "users.first_name",
      "users.last_name",
      "users.display_name",
      "users.roles",
      "users.confirmed_at",
      "users.deactivated_at",
      "users.created_at",
      "schools.name as school_name",
      (eb) =>
        eb
          .selectFrom("sessions")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("sessions.user_id", "=", "users.id")
          .as("session_count"),
    ])
    .where("users.id", "=", id)
    .executeTakeFirst();
}

export type AdminUser = NonNullable<Awaited<ReturnType<typeof findUserForAdmin>>>;

interface Actor {
  actorId: number;
  request?: AuditedRequest;
}

/**
 * Grants or revokes a role in one conditional update, so two admins pressing at once leave it
 * granted (or revoked) once; false when it already was.
 */
export async function changeRole(userId: number, role: Role, grant: boolean, actor: Actor, executor?: Transaction<Database>): Promise<boolean> {
  const change = async (trx: Transaction<Database>) => {
      const query = trx.updateTable("users").where("id", "=", userId);
      const result = grant
        ? await query
            .set({ roles: sql`array_append(roles, ${role})`, updated_at: new Date() })
            .where(sql<boolean>`not (${role} = any(roles))`)
            .executeTakeFirst()
        : await query
            .set({ roles: sql`array_remove(roles, ${role})`, updated_at: new Date() })
            .where(sql<boolean>`${role} = any(roles)`)
            .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await recordAuditEvent(
        { action: "user.change", actorId: actor.actorId, request: actor.request, details: { target_user_id: userId, fields: ["roles"], [grant ? "granted" : "revoked"]: role } },
        trx
      );
      return true;
  };
  // Inside the caller's transaction (an approved class-rep application) or a transaction of its own.
  return executor ? change(executor) : db().transaction().execute(change);
}

/** Lets a deactivated user sign in again; false when they were not deactivated. */
export async function reactivateUser(userId: number, actor: Actor): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.updateTable("users").set({ deactivated_at: null, updated_at: new Date() }).where("id", "=", userId).where("deactivated_at", "is not", null).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await recordUserChange({ actorId: actor.actorId, targetId: userId, fields: ["deactivated_at"], request: actor.request }, trx);
      return true;
    });
}

export async function recordConfirmationResent(userId: number, actor: Actor): Promise<void> {
  await recordAuditEvent({ action: "user.confirmation_resent", actorId: actor.actorId, request: actor.request, details: { target_user_id: userId } });
}
