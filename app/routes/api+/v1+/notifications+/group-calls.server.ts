import { apiResponse, readJsonBody } from "~/api/handler.server";
import { groupRefSchema } from "~/notifications/group-ref";
import { deleteGroup, markAllRead, markGroupRead, unreadNotificationCount } from "~/notifications/notifications.server";

/** The three §7 calls that change notifications, answered in the document style. */
export async function notificationGroupCall(request: Request, userId: number, call: "mark_as_read" | "mark_all_as_read" | "delete_group") {
  let changed: number;
  if (call === "mark_all_as_read") {
    changed = await markAllRead(userId);
  } else {
    const body = await readJsonBody(request, groupRefSchema);
    const group = { type: body.type, groupKey: body.group_key ?? null };
    changed = call === "mark_as_read" ? await markGroupRead(userId, group) : await deleteGroup(userId, group);
  }
  return apiResponse({ data: null, meta: { changed, unread_count: await unreadNotificationCount(undefined, userId) } });
}
