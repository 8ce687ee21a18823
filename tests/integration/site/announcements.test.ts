import { describe, expect, it } from "vitest";
import { createAnnouncement, listAnnouncementsFor, resolveResponse, respondToAnnouncement } from "~/community/announcements.server";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

async function userByEmail(email: string) {
  return database().db.selectFrom("users").where("email", "=", email).select(["id", "roles", "pending_announcements"]).executeTakeFirstOrThrow();
}

async function pendingOf(id: number) {
  const row = await database().db.selectFrom("users").where("id", "=", id).select("pending_announcements").executeTakeFirstOrThrow();
  return row.pending_announcements;
}

describe("announcements", () => {
  it("lists a class rep's announcements with their own response and its comments", async () => {
    const rep = await userByEmail("class_rep@demo.test");
    const list = await listAnnouncementsFor(rep);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((a) => a.audience.includes("class_rep"))).toBe(true);
    const answered = list.find((a) => a.current_user_response);
    expect(answered?.current_user_response?.reply_status).toBe("question");
    expect(answered?.current_user_response?.comments[0]?.body).toMatch(/15%/);
    // Marketing-only announcements are not shown to a class rep.
    const all = await database().db.selectFrom("announcements").select(["id", "audience"]).execute();
    const marketingOnly = all.filter((a) => !a.audience.includes("class_rep")).map((a) => a.id);
    expect(list.some((a) => marketingOnly.includes(a.id))).toBe(false);
  });

  it("shows staff every announcement and nobody else's response", async () => {
    const admin = await userByEmail("admin@demo.test");
    const list = await listAnnouncementsFor(admin);
    const total = await database().db.selectFrom("announcements").select("id").execute();
    expect(list).toHaveLength(total.length);
    expect(list.every((a) => a.current_user_response === null && !a.canRespond)).toBe(true);
  });

  it("creating a response lowers pending_announcements by one; answering again does not", async () => {
    const rep = await userByEmail("marketing_rep@demo.test");
    const before = rep.pending_announcements;
    expect(before).toBeGreaterThan(0);
    const [first] = await listAnnouncementsFor(rep);
    const outcome = await respondToAnnouncement(rep, { announcementId: first!.id, replyStatus: "accepted", comment: "I can host on Tuesday." });
    expect(outcome).toMatchObject({ kind: "ok", created: true });
    expect(await pendingOf(rep.id)).toBe(before - 1);

    const again = await respondToAnnouncement(rep, { announcementId: first!.id, replyStatus: "declined" });
    expect(again).toMatchObject({ kind: "ok", created: false });
    expect(await pendingOf(rep.id)).toBe(before - 1);
    const [shown] = (await listAnnouncementsFor(rep)).filter((a) => a.id === first!.id);
    expect(shown?.current_user_response?.reply_status).toBe("declined");
    expect(shown?.current_user_response?.comments.map((c) => c.body)).toEqual(["I can host on Tuesday."]);
  });

  it("never lowers pending_announcements below zero", async () => {
    const rep = await userByEmail("class_rep@demo.test");
    await database().db.updateTable("users").set({ pending_announcements: 0 }).where("id", "=", rep.id).execute();
    const unanswered = (await listAnnouncementsFor(rep)).find((a) => !a.current_user_response)!;
    expect(await respondToAnnouncement(rep, { announcementId: unanswered.id, replyStatus: "accepted" })).toMatchObject({ created: true });
    expect(await pendingOf(rep.id)).toBe(0);
  });

  it("concurrent responses to one announcement create one response and lower the count once", async () => {
    const admin = await userByEmail("admin@demo.test");
    const rep = await userByEmail("class_rep@demo.test");
    const { id } = await createAnnouncement(admin.id, { title: "Concurrency check", body: "Reply twice at once.", audience: ["class_rep"] });
    const before = await pendingOf(rep.id);
    const outcomes = await Promise.all([
      respondToAnnouncement(rep, { announcementId: id, replyStatus: "accepted" }),
      respondToAnnouncement(rep, { announcementId: id, replyStatus: "question" }),
      respondToAnnouncement(rep, { announcementId: id, replyStatus: "declined" }),
    ]);
    expect(outcomes.filter((o) => o.kind === "ok" && o.created)).toHaveLength(1);
    const rows = await database().db.selectFrom("announcement_responses").where("announcement_id", "=", id).selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(await pendingOf(rep.id)).toBe(Math.max(0, before - 1));
  });

  it("concurrent responses to different announcements each lower the count", async () => {
    const admin = await userByEmail("admin@demo.test");
    const rep = await userByEmail("class_rep@demo.test");
    const a = await createAnnouncement(admin.id, { title: "Parallel one", body: "First.", audience: ["class_rep"] });
    const b = await createAnnouncement(admin.id, { title: "Parallel two", body: "Second.", audience: ["class_rep", "marketing_rep"] });
    const before = await pendingOf(rep.id);
    await Promise.all([
      respondToAnnouncement(rep, { announcementId: a.id, replyStatus: "accepted" }),
      respondToAnnouncement(rep, { announcementId: b.id, replyStatus: "accepted" }),
    ]);
    expect(await pendingOf(rep.id)).toBe(before - 2);
  });

  it("publishing targets every user holding an audience role", async () => {
    const admin = await userByEmail("admin@demo.test");
    const classRep = await userByEmail("class_rep@demo.test");
    const marketingRep = await userByEmail("marketing_rep@demo.test");
    const student = await userByEmail("student@demo.test");
    const { recipients } = await createAnnouncement(admin.id, { title: "Marketing only", body: "Tabling kit shipped.", audience: ["marketing_rep"] });
    expect(recipients).toBeGreaterThanOrEqual(1);
    expect(await pendingOf(classRep.id)).toBe(classRep.pending_announcements);
    expect(await pendingOf(student.id)).toBe(student.pending_announcements);
    expect(await pendingOf(marketingRep.id)).toBe(marketingRep.pending_announcements + 1);
  });

  it("refuses answers from someone the announcement was not sent to, and unknown announcements", async () => {
    const student = await userByEmail("student@demo.test");
    const classRep = await userByEmail("class_rep@demo.test");
    const [any] = await listAnnouncementsFor(classRep);
    expect(await respondToAnnouncement(student, { announcementId: any!.id, replyStatus: "accepted" })).toEqual({ kind: "not-recipient" });
    expect(await respondToAnnouncement(classRep, { announcementId: 999_999, replyStatus: "accepted" })).toEqual({ kind: "not-found" });
    expect(await pendingOf(student.id)).toBe(student.pending_announcements);
  });

  it("resolving sets reply_status to resolved, for the responder or staff only", async () => {
    const rep = await userByEmail("class_rep@demo.test");
    const admin = await userByEmail("admin@demo.test");
    const other = await userByEmail("marketing_rep@demo.test");
    const response = await database().db.selectFrom("announcement_responses").where("user_id", "=", rep.id).select("id").orderBy("id").executeTakeFirstOrThrow();
    expect(await resolveResponse(other, response.id)).toEqual({ kind: "forbidden" });
    expect(await resolveResponse(rep, response.id)).toMatchObject({ kind: "ok" });
    const row = await database().db.selectFrom("announcement_responses").where("id", "=", response.id).select("reply_status").executeTakeFirstOrThrow();
    expect(row.reply_status).toBe("resolved");
    expect(await resolveResponse(admin, response.id)).toMatchObject({ kind: "ok" });
    expect(await resolveResponse(admin, 999_999)).toEqual({ kind: "not-found" });
  });
});
