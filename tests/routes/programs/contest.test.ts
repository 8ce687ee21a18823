import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { action as staffAction, loader as staffLoader } from "~/routes/admin+/contests._index";
import { action as entryStaffAction, loader as entryStaffLoader } from "~/routes/admin+/contests.$id";
import { action as contestAction, loader as contestLoader } from "~/routes/contest";
import { loader as fileLoader } from "~/routes/contest_.entries.$id.file";
import { CONTEST } from "~/programs/contest";
import { CONTEST_MESSAGES, CONTEST_UPLOAD_MESSAGES } from "~/programs/scholarship-rules";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * The contest as a browser without JavaScript uses it: one entry per person during the window
 * (the database settles a double submit), files checked by their bytes and opened by their
 * entrant and staff only, winners marked, announced once with one mail each, then listed.
 */
const database = useTestDatabase();
const db = () => database().db;
const tag = () => randomBytes(4).toString("hex");

async function person(roles: string[] = []) {
  const email = `contest-${tag()}@example.test`;
  const user = await db()
    .insertInto("users")
    .values({ email, first_name: "Casey", last_name: `Entrant${tag()}`, display_name: `Casey ${tag()}`, roles: roles as never, confirmed_at: new Date() })
    .returning(["id", "display_name"])
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id, email, name: user.display_name! });
}
type Person = Awaited<ReturnType<typeof person>>;

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const html = new TextEncoder().encode("<html><script>alert('x')</script></html>");

function enter(visitor: Person, title = `My method ${tag()}`, file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }) {
  const body = new FormData();
  body.set("title", title);
  body.set("body", "I explain each chapter out loud to an empty chair until I stop stumbling.");
  if (file) body.set("upload", new File([file.bytes], file.name, { type: file.type }));
  return visitor.multipart(contestAction, "/contest", body);
}

const entriesOf = (userId: number) => db().selectFrom("contest_entries").select(["id", "title", "upload_file_name"]).where("user_id", "=", userId).where("contest", "=", CONTEST.key).execute();

const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe("/contest", () => {
  it("shows a guest the contest, and sends a guest's post to sign in", async () => {
    const page = await routeVisitor().get(contestLoader, "/contest");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ phase: "open", signedIn: false, entry: null, contest: { rules: CONTEST.rules } });
    const post = await routeVisitor().multipart(contestAction, "/contest", new FormData());
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toMatch(/^\/users\/sign_in\?/);
  });

  it("takes one entry per person: the page then shows it, and a second entry is refused", async () => {
    const entrant = await person();
    expect((await entrant.get(contestLoader, "/contest")).data.entry).toBeNull();
    await expectRedirectWithToast(await enter(entrant, "Teach the chair"), "/contest#your-entry", "Thank you: your entry is in. Good luck!");
    const page = await entrant.get(contestLoader, "/contest");
    expect(page.data.entry).toMatchObject({ title: "Teach the chair", won: false, upload_file_name: null });

    const again = await enter(entrant, "A second go");
    expect(again.status).toBe(400);
    expect(again.data.result.error[""]).toEqual([CONTEST_MESSAGES.duplicate]);
    expect((await entriesOf(entrant.userId)).map((row) => row.title)).toEqual(["Teach the chair"]);
  });

  it("keeps exactly one of two entries sent at once", async () => {
    const entrant = await person();
    const answers = await Promise.all([enter(entrant, "First tab"), enter(entrant, "Second tab")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 400]);
    expect(await entriesOf(entrant.userId)).toHaveLength(1);
  });

  it("refuses entries before the window opens and after it closes, storing nothing", async () => {
    for (const [when, message] of [
      [new Date(`${CONTEST.window.closes}T12:00:00Z`).getTime() + DAY_MS, CONTEST_MESSAGES.closed],
      [new Date(`${CONTEST.window.opens}T12:00:00Z`).getTime() - DAY_MS, CONTEST_MESSAGES.upcoming],
    ] as const) {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(when);
      const entrant = await person();
      const page = await entrant.get(contestLoader, "/contest");
      expect(page.data.phase).toBe(message === CONTEST_MESSAGES.closed ? "closed" : "upcoming");
      const refused = await enter(entrant, "Too late or too early", { bytes: pdf, name: "method.pdf", type: "application/pdf" });
      expect(refused.status).toBe(400);
      expect(refused.data.result.error[""]).toEqual([message]);
      expect(await entriesOf(entrant.userId)).toEqual([]);
      vi.useRealTimers();
    }
  });

  it("refuses HTML named .pdf by its bytes, storing nothing, and takes a real PDF", async () => {
    const entrant = await person();
    const refused = await enter(entrant, "Sneaky", { bytes: html, name: "method.pdf", type: "application/pdf" });
    expect(refused.status).toBe(415);
    expect(refused.data.result.error.upload).toEqual([CONTEST_UPLOAD_MESSAGES.wrongType]);
    expect(await entriesOf(entrant.userId)).toEqual([]);

    expect((await enter(entrant, "With my schedule", { bytes: pdf, name: "schedule.pdf", type: "application/pdf" })).status).toBe(303);
    expect(await entriesOf(entrant.userId)).toEqual([expect.objectContaining({ title: "With my schedule", upload_file_name: "schedule.pdf" })]);
  });
});

describe("/contest/entries/{id}/file", () => {
  it("opens the file to its entrant and contest staff; another user gets 404 as for a missing entry", async () => {
    const entrant = await person();
    const other = await person();
    const staff = await person(["marketing_manager"]);
    await enter(entrant, "With a file", { bytes: pdf, name: "notes.pdf", type: "application/pdf" });
    const { id } = (await entriesOf(entrant.userId))[0]!;
    const path = `/contest/entries/${id}/file`;
    const params = { params: { id: String(id) } };

    for (const visitor of [entrant, staff]) {
      const download = await visitor.raw(fileLoader, path, params);
      expect(download.status).toBe(200);
      expect(download.headers.get("Content-Disposition")).toContain("attachment");
      expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    }
    expect((await other.get(fileLoader, path, params)).status).toBe(404);
    expect((await other.get(fileLoader, "/contest/entries/999999999/file", { params: { id: "999999999" } })).status).toBe(404);
    expect((await routeVisitor().get(fileLoader, path, params)).status).toBe(302);
  });
});

describe("/admin/contests", () => {
  it("lists entries, marks a winner, announces once (one mail, one audit record) and then lists the winner publicly by name and title", async () => {
    const entrant = await person();
    const staff = await person(["marketing_manager"]);
    await enter(entrant, "Winning method");
    const { id } = (await entriesOf(entrant.userId))[0]!;

    const list = await staff.get(staffLoader, "/admin/contests");
    expect(list.data.entries).toContainEqual(expect.objectContaining({ id, title: "Winning method", entrant_email: entrant.email, is_winner: false }));
    const opened = await staff.get(entryStaffLoader, `/admin/contests/${id}`, { params: { id: String(id) } });
    expect(opened.data.entry).toMatchObject({ title: "Winning method", body: expect.stringContaining("empty chair") });

    await expectRedirectWithToast(
      await staff.form(entryStaffAction, `/admin/contests/${id}`, { intent: "winner", id: String(id), winner: "yes" }, { params: { id: String(id) } }),
      `/admin/contests/${id}`,
      "Marked as a winner. Announce the winners to tell them and show them on /contest.",
    );
    // Not public, and not told to the entrant, before the announcement.
    expect((await routeVisitor().get(contestLoader, "/contest")).data.winners.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await entrant.get(contestLoader, "/contest")).data.entry.won).toBe(false);

    const announced = await staff.form(staffAction, "/admin/contests", { intent: "announce" });
    expect(announced.status).toBe(303);
    const mails = () => db().selectFrom("outbox_emails").select(["kind", "subject"]).where("to_address", "=", entrant.email).execute();
    expect(await mails()).toEqual([{ kind: "contest_winner", subject: `You are a winner of the ${CONTEST.name}` }]);
    const audit = await db().selectFrom("audit_events").select(["actor_id", "details"]).where("action", "=", "contest.announce").execute();
    expect(audit).toContainEqual(expect.objectContaining({ actor_id: staff.userId, details: expect.objectContaining({ contest: CONTEST.key, entry_ids: expect.arrayContaining([id]) }) }));

    // A second announcement has nobody new to tell: refused, no second mail.
    const again = await staff.form(staffAction, "/admin/contests", { intent: "announce" });
    expect(again.status).toBe(409);
    expect(await mails()).toHaveLength(1);
    // An announced winner stays one.
    expect((await staff.form(staffAction, "/admin/contests", { intent: "winner", id: String(id), winner: "no" })).status).toBe(409);

    const publicPage = await routeVisitor().get(contestLoader, "/contest");
    const winner = publicPage.data.winners.find((row: { id: number }) => row.id === id);
    expect(winner).toEqual({ id, title: "Winning method", name: entrant.name });
    expect(JSON.stringify(publicPage.data.winners)).not.toContain(entrant.email);
    expect((await entrant.get(contestLoader, "/contest")).data.entry.won).toBe(true);
  });

  it("is closed to entrants", async () => {
    const entrant = await person();
    expect((await entrant.get(staffLoader, "/admin/contests")).status).toBe(403);
    expect((await entrant.form(staffAction, "/admin/contests", { intent: "announce" })).status).toBe(403);
  });
});
