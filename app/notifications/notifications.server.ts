import { sql, type Expression, type ExpressionBuilder } from "kysely";
import { db } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { Database, Notification, NotificationData } from "~/db/schema";
import { groupNotifications, type NotificationItem } from "~/notifications/groups";
import { userChannel } from "~/realtime/channels";
import { publish } from "~/realtime/events.server";

export interface NewNotification {
  /** Who receives it. */
  userId: number;
  /** e.g. "OnlineCoursePdfReady" (data.download_path), "TokenCredit", "StudyRoomInvite". */
  type: string;
  /** Notifications of one type with the same key are listed, read and deleted as one group. */
  groupKey?: string | null;
  /** What the notification is about, e.g. { type: "OnlineCourse", id: 12 }. */
  notifiable?: { type: string; id: number | string } | null;
  data?: NotificationData;
}

/**
 * Stores a notification and pushes NEW_NOTIFICATION to the user's notifications channel.
 * Pass the transaction the notification belongs to: it goes out only if that commits.
 */
export async function createNotification(executor: Executor, input: NewNotification): Promise<Notification> {
  const notification = await executor
    .insertInto("notifications")
    .values({
      user_id: input.userId,
      type: input.type,
      group_key: input.groupKey ?? null,
      notifiable_type: input.notifiable?.type ?? null,
      notifiable_id: input.notifiable ? String(input.notifiable.id) : null,
      data: JSON.stringify(input.data ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const unread = await unreadNotificationCount(executor, input.userId);
  await publish(executor, userChannel(input.userId), "NEW_NOTIFICATION", {
    notification: notificationDocumentRecord(notification),
    unread_count: unread,
  });
  return notification;
}

/** The one cheap query behind the bell's badge (a partial index covers it); the shell folds it into its one read per page. */
export function unreadNotificationCountQuery(userId: number | Expression<number>, executor: Executor = db()) {
  return executor
    .selectFrom("notifications")
    .select(sql<number>`count(*)::int`.as("count"))
    .where("user_id", "=", userId)
    .where("read", "=", false);
}

export async function unreadNotificationCount(executor: Executor | undefined, userId: number): Promise<number> {
  return (await unreadNotificationCountQuery(userId, executor).executeTakeFirstOrThrow()).count;
}

/** A notification in the document style (SPEC §3): what the API answers and the channel carries. */
export function notificationDocumentRecord(notification: Notification) {
  return {
    id: String(notification.id),
    type: "notification",
    attributes: {
      type: notification.type,
      notifiable_id: notification.notifiable_id,
      notifiable_type: notification.notifiable_type,
      group_key: notification.group_key,
      read: notification.read,
      data: notification.data,
      created_at: new Date(notification.created_at).toISOString(),
    },
    relationships: {},
  };
}

// ── Lists, groups and marking read (SPEC §4, §7 Notifications) ───────────────────────────────

/** Which group a call is about: notifications of one type with the same group_key (null = no key). */
export interface NotificationGroupRef {
  type: string;
  groupKey: string | null;
}

const LIST_LIMIT = 200;

/** The user's newest notifications (the page groups them; the bell shows the first few groups). */
export async function listNotifications(userId: number, executor: Executor = db(), limit = LIST_LIMIT): Promise<Notification[]> {
  return executor
    .selectFrom("notifications")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The user's notifications grouped by type and group_key (the /notifications page), with the unread total. */
export async function notificationGroups(userId: number) {
  const rows = await listNotifications(userId);
  const items: NotificationItem[] = rows.map((row) => {
    const record = notificationDocumentRecord(row);
    const { type, group_key, read, data, created_at } = record.attributes;
    return { id: record.id, type, group_key, read, data: (data ?? {}) as Record<string, unknown>, created_at };
  });
  const groups = groupNotifications(items);
  return { groups, unread: groups.reduce((sum, group) => sum + group.unread, 0) };
}

function inGroup(userId: number, group: NotificationGroupRef) {
  return (eb: ExpressionBuilder<Database, "notifications">) =>
    eb.and([
      eb("user_id", "=", userId),
      eb("type", "=", group.type),
      group.groupKey === null ? eb("group_key", "is", null) : eb("group_key", "=", group.groupKey),
    ]);
}

/** Marks one group read; answers how many changed. Pushes the new unread count. */
export async function markGroupRead(userId: number, group: NotificationGroupRef): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.updateTable("notifications").set({ read: true }).where(inGroup(userId, group)).where("read", "=", false).executeTakeFirst();
      await pushNotificationCount(trx, userId);
      return Number(result.numUpdatedRows);
    });
}

export async function markAllRead(userId: number): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.updateTable("notifications").set({ read: true }).where("user_id", "=", userId).where("read", "=", false).executeTakeFirst();
      await pushNotificationCount(trx, userId);
      return Number(result.numUpdatedRows);
    });
}

export async function deleteGroup(userId: number, group: NotificationGroupRef): Promise<number> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.deleteFrom("notifications").where(inGroup(userId, group)).executeTakeFirst();
      await pushNotificationCount(trx, userId);
      return Number(result.numDeletedRows);
    });
}

/** STANDARD_PUSH_UPDATE with the user's unread count, so every open tab's bell follows. */
async function pushNotificationCount(executor: Executor, userId: number) {
  const unread = await unreadNotificationCount(executor, userId);
  await publish(executor, userChannel(userId), "STANDARD_PUSH_UPDATE", { data: [], meta: { unread_notifications: unread } });
}
