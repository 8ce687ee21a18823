import type { Viewer } from "~/accounts/roles";
import { viewerOf } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import { displayNameSql } from "~/db/display-name";
import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";
import { randomToken } from "~/security/random-token";
import { shareableResource, type SharedView } from "~/shares/resources.server";
import { countsAsNewView, expiryFor, REPEAT_VIEW_MS, SHARE_TOKEN_BYTES, SHARE_TOKEN_PATTERN, shareState, type ShareExpiry } from "~/shares/share-links";

/**
 * Shared links over PostgreSQL: made by someone who may see the resource, opened by anyone with
 * the link while it is active and its owner still may see the resource, each opening recorded
 * for the owner, and turned off by the owner for good.
 */

/** Modest: enough to share a whole term's decks in an evening, not to mint links by the thousand. */
export const shareCreationLimit: RateLimitRule = { name: "share-links:user", limit: 30, windowSeconds: 60 * 60 };

export type ShareCreation = { kind: "created"; id: number; token: string } | { kind: "not-shareable" } | { kind: "rate-limited"; retryAfterSeconds: number };

export async function createShare(input: { owner: Viewer & { id: number }; resourceType: string; resourceId: number; expiry: ShareExpiry; now: Date }): Promise<ShareCreation> {
  const resource = shareableResource(input.resourceType);
  const shared = resource ? await resource.mayShare(input.owner, input.resourceId) : undefined;
  if (!shared) return { kind: "not-shareable" };
  const limit = await hitRateLimit(shareCreationLimit, String(input.owner.id), input.now);
  if (!limit.allowed) return { kind: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  const token = randomToken(SHARE_TOKEN_BYTES);
  const row = await db()
    .insertInto("shares")
    .values({
      token,
      owner_id: input.owner.id,
      resource_type: input.resourceType,
      resource_id: input.resourceId,
      title: shared.title.slice(0, 200) || "Untitled",
      created_at: input.now,
      expires_at: expiryFor(input.expiry, input.now) ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { kind: "created", id: row.id, token };
}

/** An active link and its owner, whoever may still see the resource; undefined for anything else (unknown, revoked, expired, or the owner lost access). */
async function activeShare(token: string, now: Date) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
  const share = await db()
    .selectFrom("shares as s")
    .innerJoin("users as u", "u.id", "s.owner_id")
    .select(["s.id", "s.owner_id", "s.resource_type", "s.resource_id", "s.expires_at", "s.revoked_at", "u.roles", "u.user_type", displayNameSql("u").as("owner_name")])
    .where("s.token", "=", token)
    .executeTakeFirst();
  if (!share || shareState(share, now) !== "active") return undefined;
  const resource = shareableResource(share.resource_type);
  if (!resource) return undefined;
  const owner = viewerOf({ id: share.owner_id, roles: share.roles, user_type: share.user_type });
  if (!(await resource.mayShare(owner, share.resource_id))) return undefined;
  return { share, resource };
}

export interface OpenedShare {
  ownerName: string;
  typeLabel: string;
  view: SharedView;
  expiresAt: Date | null;
}

/**
 * What a shared link shows, recording the opening: a guest's each time, a signed-in viewer's once
 * per REPEAT_VIEW_MS, the owner's never. Undefined when the link does not open.
 */
export async function openShare(token: string, input: { viewer: Viewer; now: Date; userAgent: string | null }): Promise<OpenedShare | undefined> {
  const active = await activeShare(token, input.now);
  if (!active) return undefined;
  const { share, resource } = active;
  const view = await resource.readOnlyView(share.resource_id);
  if (!view) return undefined;
  if (input.viewer.id !== share.owner_id) await recordView(share.id, input.viewer.id, input.now, input.userAgent);
  return { ownerName: share.owner_name, typeLabel: resource.label, view, expiresAt: share.expires_at };
}

async function recordView(shareId: number, viewerId: number | null, now: Date, userAgent: string | null) {
  if (viewerId !== null) {
    const last = await db()
      .selectFrom("resource_views")
      .select("viewed_at")
      .where("share_id", "=", shareId)
      .where("viewer_id", "=", viewerId)
      .where("viewed_at", ">", new Date(now.getTime() - REPEAT_VIEW_MS))
      .orderBy("viewed_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!countsAsNewView(last ? new Date(last.viewed_at) : null, now)) return;
  }
  await db()
    .insertInto("resource_views")
    .values({ share_id: shareId, viewer_id: viewerId, user_agent: userAgent ? userAgent.slice(0, 200) : null, viewed_at: now })
    .execute();
}

/** The file of a shared resource that has one, through an active link; undefined otherwise. */
export async function sharedFile(token: string, now: Date) {
  const active = await activeShare(token, now);
  return active?.resource.file ? active.resource.file(active.share.resource_id) : undefined;
}

/** How many openings of each link the owner's list names (the count covers all of them). */
const VIEWS_LISTED = 20;

/** The owner's links, newest first, with how often each was opened and the latest openings. */
export async function sharesOf(ownerId: number) {
  const shares = await db()
    .selectFrom("shares as s")
    .select((eb) => [
      "s.id",
      "s.token",
      "s.resource_type",
      "s.resource_id",
      "s.title",
      "s.created_at",
      "s.expires_at",
      "s.revoked_at",
      eb.selectFrom("resource_views as v").select(eb.fn.countAll<string>().as("n")).whereRef("v.share_id", "=", "s.id").as("view_count"),
    ])
    .where("s.owner_id", "=", ownerId)
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(200)
    .execute();
  const views =
    shares.length === 0
      ? []
      : await db()
          .selectFrom("resource_views as v")
          .leftJoin("users as u", "u.id", "v.viewer_id")
          .select(["v.id", "v.share_id", "v.viewed_at", "v.viewer_id", displayNameSql("u").as("viewer_name")])
          .where(
            "v.share_id",
            "in",
            shares.map((share) => share.id),
          )
          .orderBy("v.viewed_at", "desc")
          .orderBy("v.id", "desc")
          .limit(VIEWS_LISTED * shares.length)
          .execute();
  return shares.map((share) => ({
    ...share,
    typeLabel: shareableResource(share.resource_type)?.label ?? "Resource",
    viewCount: Number(share.view_count ?? 0),
    views: views
      .filter((view) => view.share_id === share.id)
      .slice(0, VIEWS_LISTED)
      .map((view) => ({ id: view.id, viewedAt: view.viewed_at, viewerName: view.viewer_id === null ? null : view.viewer_name })),
  }));
}

export type ShareRevocation = { kind: "revoked" } | { kind: "already-revoked" } | { kind: "not-found" };

/** Turns off one of the owner's links for good; someone else's link is "not-found". */
export async function revokeShare(ownerId: number, shareId: number, now: Date): Promise<ShareRevocation> {
  const updated = await db()
    .updateTable("shares")
    .set({ revoked_at: now })
    .where("id", "=", shareId)
    .where("owner_id", "=", ownerId)
    .where("revoked_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (updated) return { kind: "revoked" };
  const exists = await db().selectFrom("shares").select("id").where("id", "=", shareId).where("owner_id", "=", ownerId).executeTakeFirst();
  return exists ? { kind: "already-revoked" } : { kind: "not-found" };
}
