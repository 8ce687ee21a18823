import { afterAll, describe, expect, it } from "vitest";
import { createNotification, unreadNotificationCount } from "~/notifications/notifications.server";
import { closeRealtime } from "~/realtime/hub.server";
import { useTestDatabase } from "../../support/database";
import { listen } from "../../support/realtime-listener";

const database = useTestDatabase();

afterAll(async () => {
  await closeRealtime();
});

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

describe("createNotification", () => {
  it("stores the notification and pushes NEW_NOTIFICATION with the unread count to the user's channel", async () => {
    const student = await userId("student@demo.test");
    const before = await unreadNotificationCount(database().db, student);
    const channel = await listen([`user:${student}`]);
    const notification = await createNotification(database().db, {
      userId: student,
      type: "OnlineCoursePdfReady",
      groupKey: "online-course-1",
      notifiable: { type: "OnlineCourse", id: 1 },
      data: { download_path: "/booklets/1.pdf" },
    });
    await channel.next(1);
    channel.stop();
    expect(notification).toMatchObject({ user_id: student, type: "OnlineCoursePdfReady", group_key: "online-course-1", read: false });
    expect(await unreadNotificationCount(database().db, student)).toBe(before + 1);
    const [event] = channel.heard;
    expect(event).toMatchObject({
      channel: `user:${student}`,
      action: "NEW_NOTIFICATION",
      payload: { unread_count: before + 1, notification: { id: String(notification.id), attributes: { data: { download_path: "/booklets/1.pdf" } } } },
    });
    const stored = await database().db.selectFrom("realtime_events").select(["id", "action"]).where("id", "=", event!.id).executeTakeFirst();
    expect(stored?.action).toBe("NEW_NOTIFICATION");
  });

  it("sends nothing when the transaction it belongs to rolls back, and sends after a commit", async () => {
    const teacher = await userId("teacher@demo.test");
    const channel = await listen([`user:${teacher}`]);
    await database()
      .db.transaction()
      .execute(async (trx) => {
        await createNotification(trx, { userId: teacher, type: "TokenCredit", data: { amount: 5 } });
        throw new Error("payment failed");
      })
      .catch(() => undefined);
    await database()
      .db.transaction()
      .execute(async (trx) => {
        await createNotification(trx, { userId: teacher, type: "TokenCredit", groupKey: "credits", data: { amount: 10 } });
      });
    await channel.next(1);
    channel.stop();
    expect(channel.heard).toHaveLength(1);
    expect(channel.heard[0]!.payload).toMatchObject({ notification: { attributes: { type: "TokenCredit", data: { amount: 10 } } } });
    const rows = await database().db.selectFrom("notifications").select("data").where("user_id", "=", teacher).where("type", "=", "TokenCredit").execute();
    expect(rows.map((row) => row.data)).toEqual([{ amount: 10 }]);
  });
});
