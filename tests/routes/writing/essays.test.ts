import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as templatesAction } from "~/routes/admin+/writing-templates";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/wize-writer-dashboard+/_index";
import { action as essayAction, loader as essayLoader } from "~/routes/wize-writer-dashboard+/essays.$id";
import { loader as docxLoader } from "~/routes/wize-writer-dashboard+/essays.$id_.export[.docx]";
import { loader as pdfLoader } from "~/routes/wize-writer-dashboard+/essays.$id_.export[.pdf]";
import { action as templateAction } from "~/routes/wize-writer-dashboard+/templates.$id";
import { ESSAY_MESSAGES } from "~/writing/essays";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/**
 * The writing tool as students and tutors use it, with and without JavaScript: saving from the
 * plain form and by autosave, refusing a save from an out-of-date copy, keeping every version,
 * restoring, exporting, sharing, commenting and resolving, and a 404 for everyone else.
 */
const database = useTestDatabase();
const db = () => database().db;
const tag = () => randomBytes(4).toString("hex");

async function person(roles: string[] = []) {
  const email = `writer-${tag()}@example.test`;
  const user = await db()
    .insertInto("users")
    .values({ email, first_name: "Wren", last_name: `Writer${tag()}`, roles: roles as never, confirmed_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id) }), { userId: user.id, email });
}

type Person = Awaited<ReturnType<typeof person>>;

async function aTemplate() {
  return db()
    .insertInto("ej_templates")
    .values({ title: `Why medicine ${tag()}`, category: "med_school_secondary", prompt: "Why medicine?", body: "<p>Start here.</p>", word_limit: 300, published: true })
    .returning("id")
    .executeTakeFirstOrThrow();
}

async function essayFromTemplate(student: Person) {
  const template = await aTemplate();
  const started = await student.form(templateAction, `/wize-writer-dashboard/templates/${template.id}`, {}, { params: { id: String(template.id) } });
  expect(started.status).toBe(303);
  const id = Number(/essays\/(\d+)/.exec(started.headers.get("Location")!)![1]);
  return id;
}

const path = (id: number) => `/wize-writer-dashboard/essays/${id}`;
const params = (id: number) => ({ params: { id: String(id) } });
const versionsOf = (id: number) => db().selectFrom("ej_essay_versions").select(["version", "body", "restored_from"]).where("essay_id", "=", id).orderBy("version").execute();
const bodyOf = async (id: number) => (await db().selectFrom("ej_essays").select("body").where("id", "=", id).executeTakeFirstOrThrow()).body;

describe("writing and saving an essay", () => {
  it("starts from a template and saves from the plain form (no JavaScript), keeping every saved version", async () => {
    const student = await person();
    const id = await essayFromTemplate(student);
    expect(await bodyOf(id)).toBe("<p>Start here.</p>");

    const first = await student.form(essayAction, path(id), { intent: "save", format: "markdown", version: "1", title: "Why medicine", body: "I want to **heal**.\n\nSecond paragraph." }, params(id));
    expect(first.status).toBe(303);
    expect(await bodyOf(id)).toBe("<p>I want to <strong>heal</strong>.</p>\n<p>Second paragraph.</p>");

    const second = await student.form(essayAction, path(id), { intent: "save", format: "markdown", version: "2", title: "Why medicine", body: "Rewritten." }, params(id));
    expect(second.status).toBe(303);
    expect((await versionsOf(id)).map((version) => [version.version, version.body])).toEqual([
      [1, "<p>Start here.</p>"],
      [2, "<p>I want to <strong>heal</strong>.</p>\n<p>Second paragraph.</p>"],
      [3, "<p>Rewritten.</p>"],
    ]);

    const page = await student.get(essayLoader, path(id), params(id));
    expect(page.data).toMatchObject({ relation: "owner", markdown: "Rewritten.", counts: { words: 1 }, essay: { version: 3, title: "Why medicine" } });
    expect(page.data.versions.map((version: { version: number }) => version.version)).toEqual([3, 2, 1]);
  });

  it("autosaves the editor's HTML (sanitized) and answers data, not a redirect", async () => {
    const student = await person();
    const id = await essayFromTemplate(student);
    const saved = await student.form(essayAction, path(id), { intent: "save", format: "html", version: "1", autosave: "1", body: '<p onclick="x()">Typed <em>live</em><script>alert(1)</script></p>' }, params(id));
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ saved: { version: 2 } });
    expect(await bodyOf(id)).toBe("<p>Typed <em>live</em></p>");
    const again = await student.form(essayAction, path(id), { intent: "save", format: "html", version: "2", autosave: "1", body: "<p>Typed <em>live</em></p>" }, params(id));
    expect(again.data).toMatchObject({ saved: { version: 2 } });
    expect(await versionsOf(id)).toHaveLength(2);
  });

  it("refuses a save from an out-of-date version with 409, keeps the newer text and hands the unsaved text back", async () => {
    const student = await person();
    const id = await essayFromTemplate(student);
    expect((await student.form(essayAction, path(id), { intent: "save", version: "1", body: "From the laptop." }, params(id))).status).toBe(303);
    const stale = await student.form(essayAction, path(id), { intent: "save", version: "1", body: "From the phone." }, params(id));
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.data)).toContain(ESSAY_MESSAGES.stale);
    expect(stale.data.unsaved).toBe("From the phone.");
    expect(await bodyOf(id)).toBe("<p>From the laptop.</p>");
    expect(await versionsOf(id)).toHaveLength(2);
  });

  it("restores an earlier version as a new one, deleting none", async () => {
    const student = await person();
    const id = await essayFromTemplate(student);
    await student.form(essayAction, path(id), { intent: "save", version: "1", body: "Second draft." }, params(id));
    const restored = await student.form(essayAction, path(id), { intent: "restore", version: "1" }, params(id));
    expect(restored.status).toBe(303);
    expect(await bodyOf(id)).toBe("<p>Start here.</p>");
    expect((await versionsOf(id)).map((version) => [version.version, version.restored_from])).toEqual([
      [1, null],
      [2, null],
      [3, 1],
    ]);
    expect((await student.form(essayAction, path(id), { intent: "restore", version: "99" }, params(id))).status).toBe(404);
  });

  it("refuses a body past the limit with 400 and saves nothing", async () => {
    const student = await person();
    const id = await essayFromTemplate(student);
    const huge = await student.form(essayAction, path(id), { intent: "save", version: "1", body: "x".repeat(200_001) }, params(id));
    expect(huge.status).toBe(400);
    expect(await versionsOf(id)).toHaveLength(1);
  });

  it("starts a blank essay from the dashboard and lists it", async () => {
    const student = await person();
    const started = await student.form(dashboardAction, "/wize-writer-dashboard", { title: "Blank one" });
    expect(started.status).toBe(303);
    const dashboard = await student.get(dashboardLoader, "/wize-writer-dashboard");
    expect(dashboard.data.essays).toEqual([expect.objectContaining({ title: "Blank one", version: 1 })]);
  });
});

describe("exports", () => {
  it("downloads the essay as a PDF and as a Word document", async () => {
    const student = await person();
    const id = await essayFromTemplate(student);
    await student.form(essayAction, path(id), { intent: "save", version: "1", title: "Mon essai: “why”", body: "## Heading\n\n- a **bold** point\n\n1. first" }, params(id));
    const pdf = await student.raw(pdfLoader, `${path(id)}/export.pdf`, params(id));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe("attachment; filename*=UTF-8''mon-essai-why.pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 4).toString()).toBe("%PDF");
    const docx = await student.raw(docxLoader, `${path(id)}/export.docx`, params(id));
    expect(docx.headers.get("Content-Type")).toContain("wordprocessingml");
    expect(Buffer.from(await docx.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
  });
});

describe("sharing and comments", () => {
  it("shares with a tutor, who reads and comments but cannot edit; the owner resolves; strangers get 404", async () => {
    const student = await person();
    const tutor = await person(["tutor"]);
    const stranger = await person();
    const id = await essayFromTemplate(student);
    await student.form(essayAction, path(id), { intent: "save", version: "1", body: "The drive felt endless. It really did." }, params(id));

    const notReviewer = await student.form(essayAction, path(id), { intent: "share", email: stranger.email }, params(id));
    expect(notReviewer.status).toBe(422);
    expect(JSON.stringify(notReviewer.data)).toContain(ESSAY_MESSAGES.notAReviewer);
    expect((await student.form(essayAction, path(id), { intent: "share", email: tutor.email.toUpperCase() }, params(id))).status).toBe(303);

    const shared = await tutor.get(dashboardLoader, "/wize-writer-dashboard");
    expect(shared.data.shared).toEqual([expect.objectContaining({ id })]);
    const read = await tutor.get(essayLoader, path(id), params(id));
    expect(read.data).toMatchObject({ relation: "collaborator", markdown: "", versions: [] });

    const edit = await tutor.form(essayAction, path(id), { intent: "save", version: "2", body: "Hijacked." }, params(id));
    expect(edit.status).toBe(403);
    expect(await bodyOf(id)).toBe("<p>The drive felt endless. It really did.</p>");

    const missing = await tutor.form(essayAction, path(id), { intent: "comment", quote: "not in the essay", body: "Hmm" }, params(id));
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.data)).toContain(ESSAY_MESSAGES.quoteNotFound);
    expect((await tutor.form(essayAction, path(id), { intent: "comment", quote: "felt endless", body: "Show, don't tell." }, params(id))).status).toBe(303);
    const [comment] = await db().selectFrom("ej_essay_comments").selectAll().where("essay_id", "=", id).execute();
    expect(comment).toMatchObject({ quote: "felt endless", anchor_start: 10, anchor_end: 22, resolved_at: null });
    const notice = await db().selectFrom("notifications").select(["type", "data"]).where("user_id", "=", student.userId).execute();
    expect(notice).toEqual([expect.objectContaining({ type: "EssayComment", data: expect.objectContaining({ path: path(id) }) })]);

    expect((await tutor.form(essayAction, path(id), { intent: "resolve", comment_id: String(comment!.id) }, params(id))).status).toBe(403);
    expect((await student.form(essayAction, path(id), { intent: "comment", quote: "felt endless", body: "Me" }, params(id))).status).toBe(403);
    expect((await student.form(essayAction, path(id), { intent: "resolve", comment_id: String(comment!.id) }, params(id))).status).toBe(303);
    expect((await db().selectFrom("ej_essay_comments").select(["resolved_by"]).where("id", "=", comment!.id).executeTakeFirstOrThrow()).resolved_by).toBe(student.userId);

    for (const answer of [
      await stranger.get(essayLoader, path(id), params(id)),
      await stranger.form(essayAction, path(id), { intent: "comment", quote: "felt endless", body: "Hi" }, params(id)),
      await stranger.get(pdfLoader, `${path(id)}/export.pdf`, params(id)),
    ]) {
      expect(answer.status).toBe(404);
    }
  });
});

describe("templates", () => {
  it("staff create a template; students start from published ones only", async () => {
    const creator = await person(["content_creator"]);
    const student = await person();
    const title = `Draft template ${tag()}`;
    const created = await creator.form(templatesAction, "/admin/writing-templates", { intent: "create", title, category: "supplemental", prompt: "Why us?", body: "**Outline**", word_limit: "250" });
    expect(created.status).toBe(303);
    const template = await db().selectFrom("ej_templates").selectAll().where("title", "=", title).executeTakeFirstOrThrow();
    expect(template).toMatchObject({ published: false, body: "<p><strong>Outline</strong></p>", word_limit: 250 });
    const refused = await student.form(templateAction, `/wize-writer-dashboard/templates/${template.id}`, {}, { params: { id: String(template.id) } });
    expect(refused.status).toBe(404);
    const bad = await creator.form(templatesAction, "/admin/writing-templates", { intent: "create", title: "", category: "poems", prompt: "" });
    expect(bad.status).toBe(400);
  });
});
