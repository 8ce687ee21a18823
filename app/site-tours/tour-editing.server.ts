import { sql, type Transaction } from "kysely";
import { recordAuditEvent, type AuditedRequest } from "~/accounts/audit.server";
import { db } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { insertionIndex, movedSteps, type StepMove } from "~/site-tours/step-rules";
import { SITE_TOUR_KEYS, type SiteTourKey } from "~/site-tours/tours";

/**
 * Staff editing of the site tours (SPEC §4): a tour's steps are added, changed, removed and
 * reordered, and a user's tours started or ended all at once. Every change to a tour's steps runs
 * in one transaction holding the tour's row lock and rewrites its positions 0..n-1 (the unique
 * (tour, position) is checked at commit), so the order stays contiguous whoever edits at once.
 * The overlay reads steps from the /site-tour loader only when a tour starts, so an edit shows
 * on the next start without any cache to clear.
 */

export interface EditableStep {
  id: number;
  position: number;
  selector: string;
  title: string;
  body: string;
}

export interface TourSummary {
  id: number;
  key: SiteTourKey;
  title: string;
  stepCount: number;
}

export async function tourSummaries(): Promise<TourSummary[]> {
  const rows = await db()
    .selectFrom("site_tours as t")
    .leftJoin("site_tour_steps as s", "s.tour_id", "t.id")
    .select(["t.id", "t.key", "t.title", sql<number>`count(s.id)::int`.as("step_count")])
    .where("t.key", "in", SITE_TOUR_KEYS)
    .groupBy(["t.id", "t.key", "t.title"])
    .execute();
  const order = (key: string) => SITE_TOUR_KEYS.indexOf(key as SiteTourKey);
  return rows
    .sort((a, b) => order(a.key) - order(b.key))
    .map((row) => ({
      id: row.id,
      key: row.key as SiteTourKey,
      title: row.title,
      stepCount: row.step_count,
    }));
}

/** A tour with its steps in order (ids included, for the staff's forms), or null. */
export async function editableTour(key: SiteTourKey): Promise<{
  id: number;
  key: SiteTourKey;
  title: string;
  steps: EditableStep[];
} | null> {
  const tour = await db().selectFrom("site_tours").select(["id", "title"]).where("key", "=", key).executeTakeFirst();
  if (!tour) return null;
  const steps = await db().selectFrom("site_tour_steps").select(["id", "position", "selector", "title", "body"]).where("tour_id", "=", tour.id).orderBy("position").orderBy("id").execute();
  return { id: tour.id, key, title: tour.title, steps };
}

/** Locks the tour and returns its step ids in order, or null when the tour is gone. */
async function lockedSteps(trx: Transaction<Database>, tourId: number): Promise<number[] | null> {
  const tour = await trx.selectFrom("site_tours").select("id").where("id", "=", tourId).forUpdate().executeTakeFirst();
  if (!tour) return null;
  const rows = await trx.selectFrom("site_tour_steps").select("id").where("tour_id", "=", tourId).orderBy("position").orderBy("id").execute();
  return rows.map((row) => row.id);
}

async function writeOrder(trx: Transaction<Database>, order: readonly number[]) {
  for (const [position, id] of order.entries()) {
    await trx.updateTable("site_tour_steps").set({ position }).where("id", "=", id).where("position", "!=", position).execute();
  }
}

export interface StepInput {
  selector: string;
  title: string;
  body: string;
}

/** Adds a step at `position` (1-based; at the end when not given). Null when the tour is gone. */
export async function addTourStep(tourId: number, step: StepInput & { position?: number }): Promise<number | null> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const ids = await lockedSteps(trx, tourId);
      if (!ids) return null;
      const at = insertionIndex(step.position, ids.length);
      const row = await trx
        .insertInto("site_tour_steps")
        .values({
          tour_id: tourId,
          position: ids.length,
          selector: step.selector,
          title: step.title,
          body: step.body,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const order = [...ids];
      order.splice(at, 0, row.id);
      await writeOrder(trx, order);
      return row.id;
    });
}

/** False when the tour has no such step. */
export async function updateTourStep(tourId: number, stepId: number, step: StepInput): Promise<boolean> {
  const updated = await db().updateTable("site_tour_steps").set(step).where("id", "=", stepId).where("tour_id", "=", tourId).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Removes a step and closes the gap. False when the tour has no such step. */
export async function removeTourStep(tourId: number, stepId: number): Promise<boolean> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const ids = await lockedSteps(trx, tourId);
      if (!ids?.includes(stepId)) return false;
      await trx.deleteFrom("site_tour_steps").where("id", "=", stepId).execute();
      await writeOrder(
        trx,
        ids.filter((id) => id !== stepId)
      );
      return true;
    });
}

/** "not-found", "edge" (already first or last) or "moved". */
export async function moveTourStep(tourId: number, stepId: number, direction: StepMove): Promise<"not-found" | "edge" | "moved"> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const ids = await lockedSteps(trx, tourId);
      if (!ids?.includes(stepId)) return "not-found";
      const order = movedSteps(ids, stepId, direction);
      if (!order) return "edge";
      await writeOrder(trx, order);
      return "moved";
    });
}

/**
 * "Start all" forgets which tours the user has seen, so each is offered again; "end all" marks
 * every tour seen, so none is offered. Recorded in the audit log with the transaction of the change.
 */
export async function setAllToursSeen(
  input: {
    userId: number;
    seen: boolean;
    actorId: number;
    request?: AuditedRequest;
  },
  now = new Date()
): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      if (input.seen) {
        const tours = await trx.selectFrom("site_tours").select("id").execute();
        if (tours.length > 0) {
          await trx
            .insertInto("site_tour_views")
            .values(
              tours.map((tour) => ({
                user_id: input.userId,
                tour_id: tour.id,
                viewed_at: now,
              }))
            )
            .onConflict((oc) => oc.columns(["user_id", "tour_id"]).doNothing())
            .execute();
        }
      } else {
        await trx.deleteFrom("site_tour_views").where("user_id", "=", input.userId).execute();
      }
      await recordAuditEvent(
        {
          action: input.seen ? "site_tours.end_all" : "site_tours.start_all",
          actorId: input.actorId,
          request: input.request,
          details: { target_user_id: input.userId },
        },
        trx
      );
    });
}

/** How many of the tours the user has seen (the admin user page). */
export async function seenTourCount(userId: number): Promise<{ seen: number; total: number }> {
  const row = await db()
    .selectFrom("site_tours as t")
    .leftJoin("site_tour_views as v", (join) => join.onRef("v.tour_id", "=", "t.id").on("v.user_id", "=", userId))
    .select([sql<number>`count(v.tour_id)::int`.as("seen"), sql<number>`count(*)::int`.as("total")])
    .executeTakeFirstOrThrow();
  return { seen: row.seen, total: row.total };
}
