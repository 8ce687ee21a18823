import { sql, type Transaction } from "kysely";
import { db } from "~/db/db.server";
import type { Database, EssayTemplateCategory } from "~/db/schema";
import { createNotification } from "~/notifications/notifications.server";
import { essayRelation, mayReviewEssays, type EssayRelation } from "~/writing/essay-access";
import { essayPlainText, sanitizeEssayHtml } from "~/writing/essay-html.server";
import { anchorQuote } from "~/writing/essays";
import { textCounts } from "~/writing/text-counts";

/** Essays, their versions, sharing and comments (SPEC ejEssays, ejTemplates). */

const personName = sql<string>`trim(concat(users.first_name, ' ', users.last_name))`;

// ── Templates ───────────────────────────────────────────────────────────────────────────────

export function publishedTemplates() {
  return db()
    .selectFrom("ej_templates")
    .select(["id", "title", "category", "prompt", "word_limit"])
    .where("published", "=", true)
    .orderBy("category")
    .orderBy("title")
    .execute();
}

export function allTemplates() {
  return db().selectFrom("ej_templates").selectAll().orderBy("category").orderBy("title").execute();
}

/** A template as a student sees it: published ones only, unless staff ask. */
export function findTemplate(id: number, { includeUnpublished = false } = {}) {
  let query = db().selectFrom("ej_templates").selectAll().where("id", "=", id);
  if (!includeUnpublished) query = query.where("published", "=", true);
  return query.executeTakeFirst();
}

export interface TemplateInput {
  title: string;
  category: EssayTemplateCategory;
  prompt: string;
  body: string;
  word_limit?: number;
  published: boolean;
}

export async function createTemplate(input: TemplateInput, staffId: number) {
  return db()
    .insertInto("ej_templates")
    .values({ ...templateValues(input), created_by: staffId })
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Changes a template; essays already started from it keep their own copy. Undefined when there is no such template. */
export async function updateTemplate(id: number, input: TemplateInput) {
  return db()
    .updateTable("ej_templates")
    .set({ ...templateValues(input), updated_at: new Date() })
    .where("id", "=", id)
    .returning("id")
    .executeTakeFirst();
}

function templateValues(input: TemplateInput) {
  return {
    title: input.title,
    category: input.category,
    prompt: input.prompt,
    body: sanitizeEssayHtml(input.body),
    word_limit: input.word_limit ?? null,
    published: input.published,
  };
}

// ── Essays ──────────────────────────────────────────────────────────────────────────────────

export function myEssays(ownerId: number) {
  return db()
    .selectFrom("ej_essays")
    .select(["id", "title", "version", "word_limit", "updated_at"])
    .select((eb) =>
      eb
        .selectFrom("ej_essay_comments")
        .select(sql<number>`count(*)::int`.as("count"))
        .whereRef("ej_essay_comments.essay_id", "=", "ej_essays.id")
        .where("ej_essay_comments.resolved_at", "is", null)
        .as("open_comments"),
    )
    .where("owner_id", "=", ownerId)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function essaysSharedWith(userId: number) {
  return db()
    .selectFrom("ej_essay_collaborators")
    .innerJoin("ej_essays", "ej_essays.id", "ej_essay_collaborators.essay_id")
    .innerJoin("users", "users.id", "ej_essays.owner_id")
    .select(["ej_essays.id", "ej_essays.title", "ej_essays.updated_at", personName.as("owner_name")])
    .where("ej_essay_collaborators.user_id", "=", userId)
    .orderBy("ej_essays.updated_at", "desc")
    .execute();
}

/** Starts an essay, blank or from a published template (its title, prompt, limit and opening text); version 1 is saved. */
export async function startEssay(input: { ownerId: number; title?: string; templateId?: number }) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const template = input.templateId
        ? await trx.selectFrom("ej_templates").selectAll().where("id", "=", input.templateId).where("published", "=", true).executeTakeFirst()
        : undefined;
      if (input.templateId && !template) return undefined;
      const body = template?.body ?? "";
      const essay = await trx
        .insertInto("ej_essays")
        .values({
          owner_id: input.ownerId,
          template_id: template?.id ?? null,
          title: input.title ?? template?.title ?? "Untitled essay",
          prompt: template?.prompt ?? "",
          word_limit: template?.word_limit ?? null,
          body,
        })
        .returning(["id", "version"])
        .executeTakeFirstOrThrow();
      await insertVersion(trx, { essayId: essay.id, version: 1, body, savedBy: input.ownerId });
      return essay;
    });
}

async function insertVersion(trx: Transaction<Database>, input: { essayId: number; version: number; body: string; savedBy: number; restoredFrom?: number }) {
  const counts = textCounts(essayPlainText(input.body));
  await trx
    .insertInto("ej_essay_versions")
    .values({
      essay_id: input.essayId,
      version: input.version,
      body: input.body,
      words: counts.words,
      characters: counts.characters,
      restored_from: input.restoredFrom ?? null,
      saved_by: input.savedBy,
    })
    .execute();
  return counts;
}

/** The essay and how the viewer relates to it; undefined when it does not exist. */
export async function essayWithRelation(essayId: number, viewerId: number | null) {
  const essay = await db().selectFrom("ej_essays").selectAll().where("id", "=", essayId).executeTakeFirst();
  if (!essay) return undefined;
  const collaborators = await db().selectFrom("ej_essay_collaborators").select("user_id").where("essay_id", "=", essayId).execute();
  const relation: EssayRelation = essayRelation(viewerId, essay, collaborators.map((row) => row.user_id));
  return { essay, relation };
}

/** What the editor page shows besides the essay: who it is shared with, the comments, the versions. */
export async function essayPageDetails(essayId: number) {
  const [collaborators, comments, versions] = await Promise.all([
    db()
      .selectFrom("ej_essay_collaborators")
      .innerJoin("users", "users.id", "ej_essay_collaborators.user_id")
      .select(["users.id", "users.email", personName.as("name")])
      .where("essay_id", "=", essayId)
      .orderBy("ej_essay_collaborators.created_at")
      .execute(),
    db()
      .selectFrom("ej_essay_comments")
      .innerJoin("users", "users.id", "ej_essay_comments.author_id")
      .select(["ej_essay_comments.id", "quote", "anchor_start", "anchor_end", "body", "resolved_at", "ej_essay_comments.created_at", personName.as("author_name")])
      .where("essay_id", "=", essayId)
      .orderBy("ej_essay_comments.created_at")
      .orderBy("ej_essay_comments.id")
      .execute(),
    essayVersions(essayId),
  ]);
  return { collaborators, comments, versions };
}

export function essayVersions(essayId: number) {
  return db()
    .selectFrom("ej_essay_versions")
    .select(["version", "words", "characters", "restored_from", "created_at"])
    .where("essay_id", "=", essayId)
    .orderBy("version", "desc")
    .execute();
}

export function essayVersion(essayId: number, version: number) {
  return db().selectFrom("ej_essay_versions").selectAll().where("essay_id", "=", essayId).where("version", "=", version).executeTakeFirst();
}

export type SaveOutcome = { kind: "saved"; version: number; words: number; characters: number } | { kind: "unchanged"; version: number } | { kind: "stale"; version: number };

/**
 * Saves the owner's text as a new version when it was edited from the current one. Two saves
 * from the same version (two tabs) end in one winner: the row's version is compared and bumped
 * in one update, and the loser learns the essay moved on rather than overwriting it.
 */
export async function saveEssay(input: { essayId: number; ownerId: number; html: string; title?: string; baseVersion: number }): Promise<SaveOutcome> {
  const body = sanitizeEssayHtml(input.html);
  return db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom("ej_essays")
        .select(["version", "body", "title"])
        .where("id", "=", input.essayId)
        .where("owner_id", "=", input.ownerId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (current.version !== input.baseVersion) return { kind: "stale", version: current.version } as const;
      const title = input.title ?? current.title;
      if (current.body === body && current.title === title) return { kind: "unchanged", version: current.version } as const;
      const version = current.version + 1;
      await trx.updateTable("ej_essays").set({ body, title, version, updated_at: new Date() }).where("id", "=", input.essayId).execute();
      const counts = await insertVersion(trx, { essayId: input.essayId, version, body, savedBy: input.ownerId });
      return { kind: "saved", version, ...counts } as const;
    });
}

/** Saves an earlier version's text again as the newest version; nothing is deleted. */
export async function restoreEssayVersion(input: { essayId: number; ownerId: number; version: number }) {
  return db()
    .transaction()
    .execute(async (trx) => {
      const current = await trx.selectFrom("ej_essays").select("version").where("id", "=", input.essayId).where("owner_id", "=", input.ownerId).forUpdate().executeTakeFirstOrThrow();
      const old = await trx.selectFrom("ej_essay_versions").select("body").where("essay_id", "=", input.essayId).where("version", "=", input.version).executeTakeFirst();
      if (!old) return undefined;
      const version = current.version + 1;
      await trx.updateTable("ej_essays").set({ body: old.body, version, updated_at: new Date() }).where("id", "=", input.essayId).execute();
      await insertVersion(trx, { essayId: input.essayId, version, body: old.body, savedBy: input.ownerId, restoredFrom: input.version });
      return { version };
    });
}

/** Title and sanitized body of an essay for a read-only view (an export, a shared page). */
export async function essayForReading(essayId: number) {
  const essay = await db().selectFrom("ej_essays").select(["title", "body", "prompt"]).where("id", "=", essayId).executeTakeFirst();
  return essay ? { title: essay.title, prompt: essay.prompt, body: sanitizeEssayHtml(essay.body) } : undefined;
}

// ── Sharing and comments ────────────────────────────────────────────────────────────────────

export type ShareOutcome = { kind: "shared"; name: string } | { kind: "not-a-reviewer" } | { kind: "self" };

/** Shares the essay with an instructor or tutor by their address; sharing twice is the same as once. */
export async function shareEssay(input: { essayId: number; ownerId: number; email: string }): Promise<ShareOutcome> {
  const user = await db()
    .selectFrom("users")
    .select(["id", "roles", personName.as("name")])
    .where(sql<string>`lower(email)`, "=", input.email.trim().toLowerCase())
    .where("deactivated_at", "is", null)
    .executeTakeFirst();
  if (user?.id === input.ownerId) return { kind: "self" };
  if (!user || !mayReviewEssays(user.roles)) return { kind: "not-a-reviewer" };
  await db().insertInto("ej_essay_collaborators").values({ essay_id: input.essayId, user_id: user.id }).onConflict((oc) => oc.doNothing()).execute();
  return { kind: "shared", name: user.name };
}

export async function unshareEssay(input: { essayId: number; userId: number }) {
  const result = await db().deleteFrom("ej_essay_collaborators").where("essay_id", "=", input.essayId).where("user_id", "=", input.userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type CommentOutcome = { kind: "commented"; id: number } | { kind: "quote-not-found" };

/** A collaborator's comment on a passage of the current text; the owner is notified. */
export async function addEssayComment(input: { essayId: number; authorId: number; quote: string; near?: number; body: string }): Promise<CommentOutcome> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const essay = await trx.selectFrom("ej_essays").select(["owner_id", "body", "title"]).where("id", "=", input.essayId).executeTakeFirstOrThrow();
      const anchor = anchorQuote(essayPlainText(essay.body), input.quote, input.near);
      if (!anchor) return { kind: "quote-not-found" } as const;
      const comment = await trx
        .insertInto("ej_essay_comments")
        .values({ essay_id: input.essayId, author_id: input.authorId, quote: input.quote, anchor_start: anchor.start, anchor_end: anchor.end, body: input.body })
        .returning("id")
        .executeTakeFirstOrThrow();
      const author = await trx.selectFrom("users").select(personName.as("name")).where("id", "=", input.authorId).executeTakeFirstOrThrow();
      await createNotification(trx, {
        userId: essay.owner_id,
        type: "EssayComment",
        groupKey: `essay-${input.essayId}`,
        notifiable: { type: "Essay", id: input.essayId },
        data: { path: `/wize-writer-dashboard/essays/${input.essayId}`, author_name: author.name, essay_title: essay.title },
      });
      return { kind: "commented", id: comment.id } as const;
    });
}

/** The owner marks a comment resolved; resolving it again changes nothing. */
export async function resolveEssayComment(input: { essayId: number; ownerId: number; commentId: number }) {
  const result = await db()
    .updateTable("ej_essay_comments")
    .set({ resolved_at: new Date(), resolved_by: input.ownerId })
    .where("id", "=", input.commentId)
    .where("essay_id", "=", input.essayId)
    .where("resolved_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return "resolved" as const;
  const exists = await db().selectFrom("ej_essay_comments").select("id").where("id", "=", input.commentId).where("essay_id", "=", input.essayId).executeTakeFirst();
  return exists ? ("already" as const) : ("not-found" as const);
}
