import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { termOf } from "~/classes/terms";
import { action as reviewAction } from "~/routes/admin+/notes";
import { action as sharedAction, loader as sharedLoader } from "~/routes/shares+/$token";
import { loader as sharedFileLoader } from "~/routes/shares+/$token_.file";
import { action as sharesAction, loader as sharesLoader } from "~/routes/shares+/_index";
import { action as uploadAction } from "~/routes/upload-notes";
import { SHARE_MESSAGES } from "~/shares/share-links";
import { toastFrom } from "~/toasts/toast.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

/**
 * Shared links as their owner and the people they send them to use them: a link only to what
 * the owner may see, read-only to anyone (guests too), each opening shown to the owner alone,
 * and the same 404 for unknown, expired and turned-off links.
 */
const database = useTestDatabase();
const db = () => database().db;
const tag = () => randomBytes(4).toString("hex");

async function person(roles: string[] = []) {
  const user = await db()
    .insertInto("users")
    .values({ email: `shares-${tag()}@example.test`, first_name: "Sam", last_name: `Sharer${tag()}`, roles: roles as never, confirmed_at: new Date() })
    .returning(["id", "first_name", "last_name"])
    .executeTakeFirstOrThrow();
  const visitor = routeVisitor({ session: await sessionCookieFor(user.id), clientIp: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  return Object.assign(visitor, { userId: user.id, name: `${user.first_name} ${user.last_name}` });
}
type Person = Awaited<ReturnType<typeof person>>;

async function deckOf(owner: Person, cards: [string, string][], shared = false) {
  const deck = await db().insertInto("flash_card_decks").values({ owner_id: owner.userId, title: `Deck ${tag()}`, description: "Cells", shared }).returning("id").executeTakeFirstOrThrow();
  if (cards.length) await db().insertInto("flash_cards").values(cards.map(([front, back], index) => ({ deck_id: deck.id, front, back, position: index + 1 }))).execute();
  return deck.id;
}

const share = (visitor: RouteVisitor, resourceType: string, resourceId: number, expiry = "never") =>
  visitor.form(sharesAction, "/shares", { intent: "create", resource_type: resourceType, resource_id: String(resourceId), expiry });
const revoke = (visitor: RouteVisitor, shareId: number) => visitor.form(sharesAction, "/shares", { intent: "revoke", share_id: String(shareId) });
const open = (visitor: RouteVisitor, token: string) => visitor.get(sharedLoader, `/shares/${token}`, { params: { token } });
const openFile = (visitor: RouteVisitor, token: string) => visitor.raw(sharedFileLoader, `/shares/${token}/file`, { params: { token } });
const sharesOfOwner = (ownerId: number) => db().selectFrom("shares").selectAll().where("owner_id", "=", ownerId).orderBy("id").execute();
const viewsOf = (shareId: number) => db().selectFrom("resource_views").selectAll().where("share_id", "=", shareId).orderBy("id").execute();

/** Shares the resource and answers the stored link, checking the owner lands on their list. */
async function shared(owner: Person, resourceType: string, resourceId: number, expiry = "never") {
  const made = await share(owner, resourceType, resourceId, expiry);
  expect(made.status).toBe(303);
  const [row] = (await sharesOfOwner(owner.userId)).filter((candidate) => candidate.resource_type === resourceType && candidate.resource_id === resourceId).slice(-1);
  expect(made.headers.get("Location")).toBe(`/shares#share-${row!.id}`);
  return row!;
}

describe("sharing a flash-card deck", () => {
  it("gives a guest the deck read-only, records the opening for the owner alone, and changes nothing on a post", async () => {
    const owner = await person();
    const deckId = await deckOf(owner, [
      ["Mitochondrion", "Makes ATP"],
      ["Ribosome", "Makes proteins"],
    ]);
    const link = await shared(owner, "flash_card_deck", deckId, "7d");
    expect((await toastFrom(owner.request("/"))).toast?.message).toBe(SHARE_MESSAGES.created);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link.expires_at!.getTime() - link.created_at.getTime()).toBe(7 * 24 * 60 * 60 * 1000);

    const guest = routeVisitor();
    const page = await open(guest, link.token);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      ownerName: owner.name,
      typeLabel: "Flash-card deck",
      view: {
        blocks: [
          { kind: "text", text: "Cells" },
          {
            kind: "cards",
            cards: [
              { front: "Mitochondrion", back: "Makes ATP" },
              { front: "Ribosome", back: "Makes proteins" },
            ],
          },
        ],
      },
    });
    // Nothing in the page's data points anywhere else: no deck id, no edit or study address.
    expect(JSON.stringify(page.data)).not.toMatch(/flash-cards\/|"id"|deckId/);
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(page.headers.getSetCookie()).toEqual([]);
    expect(guest.jar.size).toBe(0);

    const posted = await guest.form(sharedAction, `/shares/${link.token}`, { intent: "add_card", front: "Golgi", back: "Packs proteins" }, { params: { token: link.token } });
    expect(posted.status).toBe(405);
    const signedInPost = await (await person()).form(sharedAction, `/shares/${link.token}`, { intent: "delete_card" }, { params: { token: link.token } });
    expect(signedInPost.status).toBe(405);
    expect(await db().selectFrom("flash_cards").select("front").where("deck_id", "=", deckId).orderBy("position").execute()).toEqual([{ front: "Mitochondrion" }, { front: "Ribosome" }]);

    // A signed-in reader reloading counts once; another guest counts again; the owner's own look does not count.
    const reader = await person();
    await open(reader, link.token);
    await open(reader, link.token);
    await open(routeVisitor(), link.token);
    await open(owner, link.token);
    const views = await viewsOf(link.id);
    expect(views.map((view) => view.viewer_id)).toEqual([null, reader.userId, null]);

    const list = await owner.get(sharesLoader, "/shares");
    expect(list.data.shares).toEqual([
      expect.objectContaining({
        id: link.id,
        typeLabel: "Flash-card deck",
        state: "active",
        link: `http://app.test/shares/${link.token}`,
        viewCount: 3,
        views: [expect.objectContaining({ viewerName: null }), expect.objectContaining({ viewerName: reader.name }), expect.objectContaining({ viewerName: null })],
      }),
    ]);
    // Nobody else sees the link or its openings.
    const readerList = await reader.get(sharesLoader, "/shares");
    expect(readerList.data.shares).toEqual([]);
    expect(JSON.stringify(readerList.data)).not.toContain(link.token);
  });

  it("refuses a deck the member may not see, with a message and nothing stored", async () => {
    const owner = await person();
    const stranger = await person();
    const privateDeck = await deckOf(owner, [["Q", "A"]]);
    for (const [type, id] of [
      ["flash_card_deck", privateDeck],
      ["flash_card_deck", 999_999_999],
      ["essay_of_someone", privateDeck],
      ["notes_package", privateDeck],
    ] as const) {
      const refused = await share(stranger, type, id);
      expect(refused.status, `${type} ${id}`).toBe(404);
      expect(JSON.stringify(refused.data)).toContain(SHARE_MESSAGES.notShareable);
    }
    const badExpiry = await share(owner, "flash_card_deck", privateDeck, "forever");
    expect(badExpiry.status).toBe(400);
    expect(await sharesOfOwner(stranger.userId)).toEqual([]);
    expect(await sharesOfOwner(owner.userId)).toEqual([]);
  });

  it("stops working once revoked, once expired, and once its owner may no longer see the deck: the same 404 as an unknown link", async () => {
    const owner = await person();
    const other = await person();
    const guest = routeVisitor();
    const first = await shared(owner, "flash_card_deck", await deckOf(owner, [["Q", "A"]]));
    expect((await open(guest, first.token)).status).toBe(200);

    // Only its owner turns a link off.
    const notTheirs = await revoke(other, first.id);
    expect(notTheirs.status).toBe(404);
    expect((await open(guest, first.token)).status).toBe(200);
    const revoked = await revoke(owner, first.id);
    expect(revoked.status).toBe(303);
    expect((await revoke(owner, first.id)).status).toBe(409);

    const second = await shared(owner, "flash_card_deck", await deckOf(owner, [["Q", "A"]]), "1d");
    await sql`update shares set created_at = ${new Date(Date.now() - 3 * 86_400_000)}, expires_at = ${new Date(Date.now() - 1000)} where id = ${second.id}`.execute(db());

    // A deck shared with the group, shared on by a member, until its owner makes it private again.
    const groupDeck = await deckOf(owner, [["Group", "Card"]], true);
    const third = await shared(other, "flash_card_deck", groupDeck);
    expect((await open(guest, third.token)).status).toBe(200);
    await db().updateTable("flash_card_decks").set({ shared: false }).where("id", "=", groupDeck).execute();

    const answers = await Promise.all([first.token, second.token, third.token, "no-such-link-aaaaaaaaaaaaaaaaaaaa", "short"].map((token) => open(guest, token)));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.data).toBe(SHARE_MESSAGES.notFound);
      expect(answer.headers.get("X-Robots-Tag")).toBe("noindex");
    }
    const list = await owner.get(sharesLoader, "/shares");
    expect((list.data.shares as { id: number; state: string }[]).map(({ id, state }) => ({ id, state })).sort((a, b) => a.id - b.id)).toEqual([
      { id: first.id, state: "revoked" },
      { id: second.id, state: "expired" },
    ]);
    // No opening of a link that does not open is recorded.
    expect(await viewsOf(first.id)).toHaveLength(2);
    expect(await viewsOf(second.id)).toHaveLength(0);
  });
});

describe("sharing notes", () => {
  const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

  async function notesOf(uploader: Person) {
    const school = await db().selectFrom("schools").select("id").orderBy("id").executeTakeFirstOrThrow();
    const course = await db()
      .insertInto("courses")
      .values({ school_id: school.id, code: `SHR ${tag()}`, name: "Sharing 101", slug: `sharing-${tag()}`, subject: "mathematics", description: "A course." })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db().insertInto("user_courses").values({ user_id: uploader.userId, course_id: course.id, relation: "enrolled" }).execute();
    const { term, year } = termOf(new Date());
    const body = new FormData();
    body.set("course_id", String(course.id));
    body.set("title", `Week ${tag()}`);
    body.set("term", `${term}-${year}`);
    body.set("notes", new File([pdf], "week.pdf", { type: "application/pdf" }));
    expect((await uploader.multipart(uploadAction, "/upload-notes", body)).status).toBe(303);
    return db().selectFrom("course_notes_packages").select("id").where("uploader_id", "=", uploader.userId).orderBy("id", "desc").executeTakeFirstOrThrow();
  }

  it("shares approved notes only, and the link downloads that one file and nothing else", async () => {
    const uploader = await person();
    const reviewer = await person(["content_qa_specialist"]);
    const notes = await notesOf(uploader);
    const other = await notesOf(uploader);

    // Waiting for review: not shared yet.
    expect((await share(uploader, "notes_package", notes.id)).status).toBe(404);
    expect((await reviewer.form(reviewAction, "/admin/notes", { decision: "approve", id: String(notes.id) })).status).toBe(303);
    const link = await shared(uploader, "notes_package", notes.id);

    const guest = routeVisitor();
    const page = await open(guest, link.token);
    expect(page.status).toBe(200);
    expect(page.data.view.blocks).toEqual([{ kind: "file", fileName: "week.pdf", sizeBytes: pdf.byteLength }]);
    const file = await openFile(guest, link.token);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain("attachment");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);

    // The route takes only the token: another package's id anywhere in the address changes nothing.
    const elsewhere = await guest.raw(sharedFileLoader, `/shares/${link.token}/file?id=${other.id}`, { params: { token: link.token, id: String(other.id) } });
    expect(new Uint8Array(await elsewhere.arrayBuffer())).toEqual(pdf);
    expect((await openFile(guest, `${link.token.slice(0, -1)}${link.token.endsWith("A") ? "B" : "A"}`)).status).toBe(404);

    // A deck's link has no file; a turned-off link's file is gone too.
    const deckLink = await shared(uploader, "flash_card_deck", await deckOf(uploader, [["Q", "A"]]));
    expect((await openFile(guest, deckLink.token)).status).toBe(404);
    await revoke(uploader, link.id);
    expect((await openFile(guest, link.token)).status).toBe(404);
  });
});

describe("sharing a course lesson", () => {
  it("shares a lesson's text the member may open, never a quiz, and never a lesson of a course the member cannot open", async () => {
    const lesson = await db()
      .selectFrom("activities as a")
      .innerJoin("sections as s", "s.id", "a.section_id")
      .innerJoin("chapters as ch", "ch.id", "s.chapter_id")
      .select(["a.id", "a.title", "a.content", "ch.online_course_id"])
      .where("a.activity_type", "=", "reading")
      .where("a.can_preview", "=", true)
      .orderBy("a.id")
      .executeTakeFirstOrThrow();
    const quiz = await db().selectFrom("activities").select("id").where("activity_type", "=", "quiz").orderBy("id").executeTakeFirstOrThrow();
    const student = await person();
    const link = await shared(student, "online_course_activity", lesson.id);
    const page = await open(routeVisitor(), link.token);
    expect(page.status).toBe(200);
    expect(page.data.view.title).toBe(lesson.title);
    const body = (lesson.content as { body?: unknown }).body;
    expect(page.data.view.blocks).toEqual(typeof body === "string" && body ? [{ kind: "text", text: body }] : []);

    expect((await share(student, "online_course_activity", quiz.id)).status).toBe(404);
    const locked = await db()
      .selectFrom("activities as a")
      .innerJoin("sections as s", "s.id", "a.section_id")
      .innerJoin("chapters as ch", "ch.id", "s.chapter_id")
      .innerJoin("online_courses as oc", "oc.id", "ch.online_course_id")
      .select("a.id")
      .where("a.activity_type", "=", "reading")
      .where("a.can_preview", "=", false)
      .where("oc.price_cents", ">", 0)
      .orderBy("a.id")
      .executeTakeFirst();
    if (locked) expect((await share(student, "online_course_activity", locked.id)).status).toBe(404);
    expect(await sharesOfOwner(student.userId)).toHaveLength(1);
  });
});

describe("the demo data", () => {
  it("has the demo student's active deck link, opened by another demo user and a guest, and a turned-off link", async () => {
    const student = await db().selectFrom("users").select("id").where("email", "=", "student@demo.test").executeTakeFirstOrThrow();
    const visitor = routeVisitor({ session: await sessionCookieFor(student.id) });
    const list = await visitor.get(sharesLoader, "/shares");
    const shares = list.data.shares as { state: string; viewCount: number; views: { viewerName: string | null }[] }[];
    expect(shares.map((one) => one.state).sort()).toEqual(["active", "revoked"]);
    const active = shares.find((one) => one.state === "active")!;
    expect(active.viewCount).toBeGreaterThanOrEqual(2);
    expect(active.views.some((view) => view.viewerName === null)).toBe(true);
    expect(active.views.some((view) => view.viewerName !== null)).toBe(true);
  });
});

describe("sharing an essay", () => {
  async function essayOf(owner: Person, html: string) {
    const essay = await db()
      .insertInto("ej_essays")
      .values({ owner_id: owner.userId, title: `Personal statement ${tag()}`, prompt: "Why medicine?", body: html, version: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    return essay.id;
  }

  it("gives a guest the essay's text read-only; only its writer links it, never the tutor it is shared with or a stranger", async () => {
    const owner = await person();
    const tutor = await person(["tutor"]);
    const stranger = await person();
    const essayId = await essayOf(owner, "<p>I want to <strong>heal</strong>.</p><ul><li>Clinic shifts</li></ul>");
    await db().insertInto("ej_essay_collaborators").values({ essay_id: essayId, user_id: tutor.userId }).execute();

    for (const other of [tutor, stranger]) {
      const refused = await share(other, "essay", essayId);
      expect(refused.status).toBe(404);
      expect(await sharesOfOwner(other.userId)).toEqual([]);
    }

    const link = await shared(owner, "essay", essayId);
    const page = await open(routeVisitor(), link.token);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      typeLabel: "Essay",
      view: { context: "Prompt: Why medicine?", blocks: [{ kind: "text", text: "I want to heal.\n\n• Clinic shifts" }] },
    });
    expect(JSON.stringify(page.data)).not.toContain("<strong>");

    // The owner keeps writing: the link shows the essay as it is now, and a post through it changes nothing.
    await db().updateTable("ej_essays").set({ body: "<p>Rewritten.</p>" }).where("id", "=", essayId).execute();
    expect((await open(routeVisitor(), link.token)).data.view.blocks).toEqual([{ kind: "text", text: "Rewritten." }]);
    expect((await routeVisitor().form(sharedAction, `/shares/${link.token}`, { body: "<p>Changed</p>" }, { params: { token: link.token } })).status).toBe(405);
    expect((await db().selectFrom("ej_essays").select("body").where("id", "=", essayId).executeTakeFirstOrThrow()).body).toBe("<p>Rewritten.</p>");

    expect((await revoke(owner, link.id)).status).toBe(303);
    expect((await open(routeVisitor(), link.token)).status).toBe(404);
  });
});
