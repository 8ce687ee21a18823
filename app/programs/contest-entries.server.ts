import { sql } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { CONTEST_STAFF_ROLES } from "~/accounts/policy/route-rules";
import { hasRole, type Viewer } from "~/accounts/roles";
import { db } from "~/db/db.server";
import { readStoredFile } from "~/files/storage.server";
import { mailLink } from "~/mail/links.server";
import { sendMail } from "~/mail/mailer.server";
import { contestWinnerMail } from "~/mail/templates";
import type { Contest } from "./contest";
import { CONTEST_BUCKET } from "./scholarship-applications.server";

/**
 * Contest entries after they are stored (enterContest in scholarship-applications.server.ts
 * takes them): what the entrant and the public read, the staff list, winners marked and
 * announced (with their mail and the audit record), and the entry's file for its entrant and
 * staff only.
 */

/** Staff who judge contests: admins and marketing managers (the route rule of /admin/contests says the same). */
export const isContestStaff = (viewer: Viewer) => hasRole(viewer, ...CONTEST_STAFF_ROLES);

/** A winner's name as the public reads it: their display name, else first name and last initial. */
const publicName = sql<string>`coalesce(nullif(trim(users.display_name), ''), trim(users.first_name || ' ' || left(users.last_name, 1) || '.'))`;

/** The user's own entry in a contest, if any; whether it won shows once the winners are announced. */
export async function findMyEntry(contest: string, userId: number) {
  const row = await db()
    .selectFrom("contest_entries")
    .where("contest", "=", contest)
    .where("user_id", "=", userId)
    .select(["id", "title", "body", "upload_file_name", "is_winner", "announced_at", "created_at"])
    .executeTakeFirst();
  if (!row) return null;
  const { is_winner, announced_at, ...entry } = row;
  return { ...entry, won: is_winner && announced_at !== null };
}

/** The announced winners, for everyone: name and title only, in the order they entered. */
export async function announcedWinners(contest: string) {
  return db()
    .selectFrom("contest_entries")
    .innerJoin("users", "users.id", "contest_entries.user_id")
    .where("contest_entries.contest", "=", contest)
    .where("contest_entries.is_winner", "=", true)
    .where("contest_entries.announced_at", "is not", null)
    .select(["contest_entries.id", "contest_entries.title", publicName.as("name")])
    .orderBy("contest_entries.created_at")
    .orderBy("contest_entries.id")
    .execute();
}

/** What staff see of an entry in the list (its page adds the text). */
const STAFF_COLUMNS = [
  "contest_entries.id",
  "contest_entries.title",
  "users.email as entrant_email",
  publicName.as("entrant_name"),
  "contest_entries.upload_file_name",
  "contest_entries.is_winner",
  "contest_entries.announced_at",
  "contest_entries.created_at",
] as const;

/** Every entry of a contest for staff, newest first, winners' state included. */
export async function listContestEntries(contest: string) {
  return db()
    .selectFrom("contest_entries")
    .innerJoin("users", "users.id", "contest_entries.user_id")
    .where("contest_entries.contest", "=", contest)
    .select(STAFF_COLUMNS)
    .orderBy("contest_entries.created_at", "desc")
    .orderBy("contest_entries.id", "desc")
    .limit(500)
    .execute();
}

/** One entry with its text, for staff. */
export async function findContestEntry(id: number) {
  return db()
    .selectFrom("contest_entries")
    .innerJoin("users", "users.id", "contest_entries.user_id")
    .where("contest_entries.id", "=", id)
    .select([...STAFF_COLUMNS, "contest_entries.body"])
    .executeTakeFirst();
}

/**
 * Marks or unmarks a winner. An announced winner stays one ("announced"): they were mailed and
 * listed; the update is guarded by that, so a mark racing an announcement cannot undo it.
 */
export async function setContestWinner(id: number, winner: boolean) {
  const updated = await db()
    .updateTable("contest_entries")
    .set({ is_winner: winner })
    .where("id", "=", id)
    .where("announced_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (updated) return { kind: "saved" as const };
  const exists = await db().selectFrom("contest_entries").where("id", "=", id).select("id").executeTakeFirst();
  return exists ? { kind: "announced" as const } : { kind: "not-found" as const };
}

/**
 * Announces the winners not announced yet: sets their announced_at, mails each of them through
 * the outbox and records who announced whom, in one transaction. The update picks only rows
 * still unannounced, so a second announcement (or two staff at once) mails nobody twice.
 */
export async function announceContestWinners(contest: Contest, staffId: number, request: AuditedRequest, origin: string) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const announced = await trx
        .updateTable("contest_entries")
        .set({ announced_at: sql<Date>`now()` })
        .where("contest", "=", contest.key)
        .where("is_winner", "=", true)
        .where("announced_at", "is", null)
        .returning(["id", "user_id", "title"])
        .execute();
      if (announced.length === 0) return { kind: "nothing" as const };
      const people = await trx
        .selectFrom("users")
        .where(
          "id",
          "in",
          announced.map((row) => row.user_id),
        )
        .select(["id", "email", "first_name"])
        .execute();
      const byId = new Map(people.map((person) => [person.id, person]));
      for (const entry of announced) {
        const person = byId.get(entry.user_id);
        if (!person) continue;
        const mail = contestWinnerMail({ name: person.first_name, contestName: contest.name, entryTitle: entry.title, url: mailLink("/contest", {}, origin) });
        await sendMail({ to: person.email, kind: "contest_winner", ...mail }, { executor: trx });
      }
      await recordAuditEvent(
        { action: "contest.announce", actorId: staffId, request, details: { contest: contest.key, entry_ids: announced.map((row) => row.id) } },
        trx,
      );
      return { kind: "announced" as const, count: announced.length };
    });
}

/** The entry's file for its entrant and contest staff; null (answered 404) for anyone else, and when there is none. */
export async function readContestUpload(viewer: Viewer, id: number) {
  if (viewer.id === null) return null;
  const row = await db()
    .selectFrom("contest_entries")
    .where("id", "=", id)
    .select(["user_id", "upload_storage_key", "upload_file_name", "upload_content_type"])
    .executeTakeFirst();
  if (!row || !row.upload_storage_key || (row.user_id !== viewer.id && !isContestStaff(viewer))) return null;
  const bytes = await readStoredFile(CONTEST_BUCKET, row.upload_storage_key);
  if (!bytes) return null;
  return { bytes, fileName: row.upload_file_name ?? "entry", contentType: row.upload_content_type ?? "application/octet-stream" };
}
