import { sql, type Transaction } from "kysely";
import { db } from "~/db/db.server";
import type { AnnouncementAudience, AnnouncementReplyStatus, Database } from "~/db/schema";
import { isAnnouncementStaff, isRecipient, mayResolve, type ReplyChoice } from "./announcements";

export interface AnnouncementViewer {
  id: number;
  roles: readonly string[];
}

/**
 * The announcements a viewer sees, newest first, each with the viewer's own response and its
 * comments; staff see every announcement with its response counts. Three queries whatever the count.
 */
export async function listAnnouncementsFor(viewer: AnnouncementViewer) {
  const staff = isAnnouncementStaff(viewer.roles);
  const recipientRoles = viewer.roles.filter((role) => role === "class_rep" || role === "marketing_rep");
  let query = db()
    .selectFrom("announcements")
    .select((eb) => [
      "announcements.id",
      "announcements.title",
      "announcements.body",
      "announcements.audience",
      "announcements.created_at",
      eb
        .selectFrom("announcement_responses")
        .whereRef("announcement_responses.announcement_id", "=", "announcements.id")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("response_count"),
    ]);
  if (!staff) {
    if (recipientRoles.length === 0) return [];
    query = query.where(sql<boolean>`announcements.audience && ${sql.val(recipientRoles)}::text[]`);
  }
  const announcements = await query.orderBy("announcements.created_at", "desc").orderBy("announcements.id", "desc").execute();
  const ids = announcements.map((a) => a.id);
  const responses = ids.length
    ? await db()
        .selectFrom("announcement_responses")
        .where("user_id", "=", viewer.id)
        .where("announcement_id", "in", ids)
        .select(["id", "announcement_id", "user_id", "reply_status", "updated_at"])
        .execute()
    : [];
  const comments = responses.length
    ? await db()
        .selectFrom("announcement_comments")
        .leftJoin("users", "users.id", "announcement_comments.user_id")
        .where(
          "announcement_response_id",
          "in",
          responses.map((r) => r.id)
        )
        .select([
          "announcement_comments.id",
          "announcement_comments.announcement_response_id",
          "announcement_comments.body",
          "announcement_comments.created_at",
          sql<string>`trim(concat(users.first_name, ' ', users.last_name))`.as("author_name"),
        ])
        .orderBy("announcement_comments.created_at")
        .orderBy("announcement_comments.id")
        .execute()
    : [];
  return announcements.map((announcement) => {
    const response = responses.find((r) => r.announcement_id === announcement.id) ?? null;
    return {
      ...announcement,
      canRespond: isRecipient(viewer.roles, announcement.audience),
      current_user_response: response ? { ...response, comments: comments.filter((c) => c.announcement_response_id === response.id) } : null,
    };
  });
}

export type AnnouncementOutcome = { kind: "ok"; responseId: number; created: boolean } | { kind: "not-found" } | { kind: "not-recipient" } | { kind: "forbidden" };

/**
 * Creates the viewer's response (or changes its reply), optionally with a comment. Creating a
 * response lowers the user's pending_announcements by one, never below zero, in the same
 * transaction; a second answer to the same announcement (even a concurrent one) never lowers it again.
 */
export async function respondToAnnouncement(
  viewer: AnnouncementViewer,
  input: { announcementId: number; replyStatus: ReplyChoice | "question"; comment?: string; keepStatus?: boolean }
): Promise<AnnouncementOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const announcement = await trx.selectFrom("announcements").where("id", "=", input.announcementId).select(["id", "audience"]).executeTakeFirst();
      if (!announcement) return { kind: "not-found" } as const;
      if (!isRecipient(viewer.roles, announcement.audience)) return { kind: "not-recipient" } as const;
      const { responseId, created } = await upsertResponse(trx, viewer.id, announcement.id, input.replyStatus, input.keepStatus ?? false);
      if (input.comment) {
        await trx.insertInto("announcement_comments").values({ announcement_response_id: responseId, user_id: viewer.id, body: input.comment }).execute();
      }
      return { kind: "ok", responseId, created } as const;
    });
}

async function upsertResponse(trx: Transaction<Database>, userId: number, announcementId: number, replyStatus: AnnouncementReplyStatus, keepStatus: boolean) {
  const inserted = await trx
    .insertInto("announcement_responses")
    .values({ announcement_id: announcementId, user_id: userId, reply_status: replyStatus })
    .onConflict((oc) => oc.columns(["announcement_id", "user_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) {
    await trx
      .updateTable("users")
      .set({ pending_announcements: sql`greatest(pending_announcements - 1, 0)` })
      .where("id", "=", userId)
      .execute();
    return { responseId: inserted.id, created: true };
  }
  let update = trx.updateTable("announcement_responses").where("announcement_id", "=", announcementId).where("user_id", "=", userId);
  update = keepStatus ? update.set({ updated_at: new Date() }) : update.set({ reply_status: replyStatus, updated_at: new Date() });
  const existing = await update.returning("id").executeTakeFirstOrThrow();
  return { responseId: existing.id, created: false };
}

/** Marks a response resolved (reply_status becomes resolved): by the person who gave it, or staff. */
export async function resolveResponse(viewer: AnnouncementViewer, responseId: number): Promise<AnnouncementOutcome> {
  const response = await db().selectFrom("announcement_responses").where("id", "=", responseId).select(["id", "user_id"]).executeTakeFirst();
  if (!response) return { kind: "not-found" };
  if (!mayResolve(viewer, response)) return { kind: "forbidden" };
  await db().updateTable("announcement_responses").set({ reply_status: "resolved", updated_at: new Date() }).where("id", "=", responseId).execute();
  return { kind: "ok", responseId, created: false };
}

/**
 * Staff publish an announcement to an audience; every user holding one of the targeted roles gets
 * one more pending announcement, in the same transaction.
 */
export async function createAnnouncement(staffId: number, input: { title: string; body: string; audience: AnnouncementAudience[] }) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const { id } = await trx.insertInto("announcements").values({ title: input.title, body: input.body, audience: input.audience, created_by: staffId }).returning("id").executeTakeFirstOrThrow();
      const targeted = await trx
        .updateTable("users")
        .set({ pending_announcements: sql`pending_announcements + 1` })
        .where(sql<boolean>`roles && ${sql.val(input.audience)}::text[]`)
        .where("deactivated_at", "is", null)
        .executeTakeFirst();
      return { id, recipients: Number(targeted.numUpdatedRows) };
    });
}
