import { redirect } from "@remix-run/node";
import { groupRefSchema } from "~/notifications/group-ref";
import { groupNotifications, type NotificationItem } from "~/notifications/groups";
import { deleteGroup, listNotifications, markAllRead, markGroupRead, notificationDocumentRecord } from "~/notifications/notifications.server";

/** The /notifications page's data: the user's notifications grouped by type and group_key. */
export async function notificationsPageData(userId: number) {
  const rows = await listNotifications(userId);
  const items: NotificationItem[] = rows.map((row) => {
    const record = notificationDocumentRecord(row);
    const { type, group_key, read, data, created_at } = record.attributes;
    return { id: record.id, type, group_key, read, data: (data ?? {}) as Record<string, unknown>, created_at };
  });
  const groups = groupNotifications(items);
  return { groups, unread: groups.reduce((sum, group) => sum + group.unread, 0) };
}

/** The page's forms (work without JavaScript): mark a group read, mark all read, delete a group. */
export async function handleNotificationsForm(request: Request, userId: number) {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "mark_all_as_read") {
    await markAllRead(userId);
    return redirect("/notifications");
  }
  if (intent !== "mark_as_read" && intent !== "delete_group") {
    return Response.json({ error: "Choose what to do with the notifications." }, { status: 400 });
  }
  const parsed = groupRefSchema.safeParse({ type: form.get("type"), group_key: form.has("group_key") ? form.get("group_key") : null });
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? "That notification group is not valid." }, { status: 400 });
  const group = { type: parsed.data.type, groupKey: parsed.data.group_key ?? null };
  if (intent === "mark_as_read") await markGroupRead(userId, group);
  else await deleteGroup(userId, group);
  return redirect("/notifications");
}
