import { describe, expect, it } from "vitest";
import { can } from "~/accounts/policy/permissions";
import { guestViewer } from "~/accounts/roles";
import { chatMessageSchema, chatTitle, directKey, mergeChatRecords, parseBeforeDate, type ChatListItem } from "~/chats/chats";

describe("parseBeforeDate", () => {
  it.each([
    [null, undefined],
    ["", undefined],
    ["2026-01-31T12:00:00Z", new Date("2026-01-31T12:00:00Z")],
    ["2026-01-31T12:00:00.123456+02:00", new Date("2026-01-31T10:00:00.123Z")],
    ["yesterday", null],
    ["2026-01-31", null],
    ["2026-13-45T99:00:00Z", null],
  ])("%s", (value, expected) => {
    expect(parseBeforeDate(value)).toEqual(expected);
  });
});

describe("chat messages", () => {
  it.each([
    ["hello", true],
    ["   ", false],
    ["", false],
    ["x".repeat(5000), true],
    ["x".repeat(5001), false],
  ])("%j is accepted: %s", (body, ok) => {
    expect(chatMessageSchema.safeParse({ body }).success).toBe(ok);
  });

  it("one chat per pair, whichever side starts it", () => {
    expect(directKey(7, 3)).toBe("3:7");
    expect(directKey(3, 7)).toBe("3:7");
  });

  it("is titled by the other members", () => {
    const members = [
      { id: 1, name: "Ann" },
      { id: 2, name: "Ben" },
    ];
    expect(chatTitle({ members }, 1)).toBe("Ben");
    expect(chatTitle({ members: [members[0]!] }, 1)).toBe("Just you");
  });
});

describe("mergeChatRecords (STANDARD_PUSH_UPDATE into the chat list)", () => {
  const chat = (id: number, at: string | null, unread = 0): ChatListItem => ({ id, members: [], last_message_at: at, last_message: null, unread_count: unread });
  const record = (id: number, attributes: Partial<ChatListItem>) => ({ type: "chat", id: String(id), attributes, relationships: {} });

  it("replaces a known chat, adds a new one and reorders by the latest message", () => {
    const list = [chat(1, "2026-01-02T00:00:00.000Z"), chat(2, "2026-01-01T00:00:00.000Z")];
    const merged = mergeChatRecords(list, [
      record(2, { last_message_at: "2026-01-03T00:00:00.000Z", last_message: "new", unread_count: 3 }),
      record(5, { last_message_at: null, members: [{ id: 9, name: "Zed" }], unread_count: 0 }),
    ]);
    expect(merged.map((entry) => [entry.id, entry.unread_count])).toEqual([
      [2, 3],
      [1, 0],
      [5, 0],
    ]);
    expect(merged[0]!.last_message).toBe("new");
    expect(list[1]!.unread_count).toBe(0); // the original list is left alone
  });

  it("ignores records of other types and malformed ones", () => {
    const list = [chat(1, null)];
    expect(mergeChatRecords(list, [{ type: "notification", id: "1", attributes: { unread_count: 9 } }, null, "x", { type: "chat", id: "abc", attributes: {} }])).toEqual(list);
  });
});

describe("chat policy", () => {
  const member = { id: 1, roles: [], userType: "student" as const };
  const stranger = { id: 3, roles: [], userType: "student" as const };
  const admin = { id: 4, roles: ["admin"], userType: "staff" as const };
  const chat = { memberIds: [1, 2] };
  it.each([
    ["a member", member, true],
    ["a stranger", stranger, false],
    ["an admin who is not a member", admin, false],
    ["a guest", guestViewer, false],
  ])("%s may read and post: %s", (_name, viewer, allowed) => {
    expect(can(viewer, "read_chat", chat)).toBe(allowed);
    expect(can(viewer, "post_chat", chat)).toBe(allowed);
  });
});
