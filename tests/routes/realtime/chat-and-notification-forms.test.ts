import { afterAll, describe, expect, it } from "vitest";
import { createUserSession } from "~/accounts/session.server";
import { createNotification } from "~/notifications/notifications.server";
import { closeRealtime } from "~/realtime/hub.server";
import { action as chatAction } from "~/routes/chats+/$id";
import { action as startChatAction } from "~/routes/chats+/_index";
import { action as mySubscriptionAction } from "~/routes/my-subscription";
import { action as notificationsAction } from "~/routes/notifications";
import { CHECK_FORM_MESSAGE } from "~/subscriptions/subscription-forms";
import { useTestDatabase } from "../../support/database";
import { actionAnswer, formPost } from "../../support/route-answer";
import { createTestUser } from "../../integration/accounts/helpers";

/**
 * The chat, notification and subscription pages' forms (they work without JavaScript): a form
 * that does not parse answers 400 with conform's reply, a refusal names its reason as a form
 * error, and success redirects to the page.
 */
const database = useTestDatabase();
const db = () => database().db;

afterAll(async () => {
  await closeRealtime();
});

async function member() {
  const user = await createTestUser(db());
  const cookie = (await createUserSession({ userId: user.id, rememberMe: false, request: new Request("http://app.test") })).split(";")[0]!;
  return { ...user, cookie };
}

const post = formPost;
const run = (action: Parameters<typeof actionAnswer>[0], request: Request, params: Record<string, string> = {}) => actionAnswer(action, request, params, "192.0.2.81");

describe("chat forms", () => {
  it("starts a chat by email address, and says why when it cannot", async () => {
    const [ann, ben] = [await member(), await member()];
    const malformed = await run(startChatAction, post("/chats", ann.cookie, [["email", "not an address"]]));
    expect(malformed.status).toBe(400);
    expect(malformed.data.result.error.email).toEqual(["Enter the email address of the person to chat with."]);
    expect(malformed.data.result.initialValue.email).toBe("not an address");

    const unknown = await run(startChatAction, post("/chats", ann.cookie, [["email", "nobody-here@example.test"]]));
    expect(unknown.status).toBe(404);
    expect(unknown.data.result.error[""]).toEqual(["No one with that email address uses the site."]);

    const self = await run(startChatAction, post("/chats", ann.cookie, [["email", ann.email]]));
    expect(self.status).toBe(400);
    expect(self.data.result.error[""]).toEqual(["You cannot start a chat with yourself."]);

    const started = await run(startChatAction, post("/chats", ann.cookie, [["email", ` ${ben.email.toUpperCase()} `]]));
    expect(started.status).toBe(302);
    expect(started.headers.get("Location")).toMatch(/^\/chats\/\d+$/);
  });

  it("sends a message, and keeps an empty one on the form", async () => {
    const [ann, ben] = [await member(), await member()];
    const started = await run(startChatAction, post("/chats", ann.cookie, [["email", ben.email]]));
    const chatId = started.headers.get("Location")!.split("/").pop()!;

    const empty = await run(chatAction, post(`/chats/${chatId}`, ann.cookie, [["body", "   "]]), { id: chatId });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.body).toEqual(["Write a message."]);

    const sent = await run(chatAction, post(`/chats/${chatId}`, ann.cookie, [["body", "Hello Ben"]]), { id: chatId });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/chats/${chatId}`);
    const bodies = await db().selectFrom("chat_messages").select("body").where("chat_id", "=", Number(chatId)).execute();
    expect(bodies.map((row) => row.body)).toEqual(["Hello Ben"]);
  });
});

describe("notification forms", () => {
  it("marks a group read, deletes a group and marks all read; an unknown intent is 400", async () => {
    const user = await member();
    for (const groupKey of ["tokens", "tokens", "other"]) await createNotification(db(), { userId: user.id, type: "TokenCredit", groupKey });
    await createNotification(db(), { userId: user.id, type: "StudyRoomInvite" });
    const unread = async () =>
      (await db().selectFrom("notifications").select(["type", "group_key"]).where("user_id", "=", user.id).where("read", "=", false).orderBy("id").execute()).map(
        (row) => `${row.type}|${row.group_key ?? ""}`,
      );

    const unknown = await run(notificationsAction, post("/notifications", user.cookie, [["intent", "archive"]]));
    expect(unknown.status).toBe(400);
    expect(unknown.data.result.error.intent).toEqual(["Choose what to do with the notifications."]);
    const badType = await run(notificationsAction, post("/notifications", user.cookie, [["intent", "mark_as_read"], ["type", "not a type"]]));
    expect(badType.status).toBe(400);
    expect(badType.data.result.error.type).toEqual(["type must be a notification type such as TokenCredit."]);

    const read = await run(notificationsAction, post("/notifications", user.cookie, [["intent", "mark_as_read"], ["type", "TokenCredit"], ["group_key", "tokens"]]));
    expect(read.status).toBe(302);
    expect(read.headers.get("Location")).toBe("/notifications");
    expect(await unread()).toEqual(["TokenCredit|other", "StudyRoomInvite|"]);

    await run(notificationsAction, post("/notifications", user.cookie, [["intent", "delete_group"], ["type", "StudyRoomInvite"]]));
    expect(await db().selectFrom("notifications").select("id").where("user_id", "=", user.id).where("type", "=", "StudyRoomInvite").execute()).toEqual([]);

    const all = await run(notificationsAction, post("/notifications", user.cookie, [["intent", "mark_all_as_read"]]));
    expect(all.status).toBe(302);
    expect(await unread()).toEqual([]);
  });
});

describe("subscription forms", () => {
  it("asks to check the form when it does not parse, and refuses a change without a subscription", async () => {
    const user = await member();
    const noReason = await run(mySubscriptionAction, post("/my-subscription", user.cookie, [["intent", "cancel"]]));
    expect(noReason.status).toBe(400);
    expect(noReason.data.result.error[""]).toEqual([CHECK_FORM_MESSAGE]);
    expect(noReason.data.result.error.reason_key).toEqual(["Tell us why you're leaving"]);

    const none = await run(mySubscriptionAction, post("/my-subscription", user.cookie, [["intent", "unpause"]]));
    expect(none.status).toBe(404);
    expect(none.data.result.error[""]).toEqual(["You don't have a subscription."]);
  });
});
