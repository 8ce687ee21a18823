import type { Expression } from "kysely";
import { db } from "~/db/db.server";
import { orderedSteps, SITE_TOUR_KEYS, type SiteTourKey, type TourStep } from "~/site-tours/tours";

export interface SiteTour {
  id: number;
  key: SiteTourKey;
  title: string;
  steps: TourStep[];
}

/** A tour and its steps in order (one query), or null when no tour has this key. */
export async function siteTour(key: SiteTourKey): Promise<SiteTour | null> {
  const rows = await db()
    .selectFrom("site_tours as t")
    .leftJoin("site_tour_steps as s", "s.tour_id", "t.id")
    .select(["t.id", "t.key", "t.title", "s.position", "s.selector", "s.title as step_title", "s.body"])
    .where("t.key", "=", key)
    .execute();
  const first = rows[0];
  if (!first) return null;
  const steps = rows.flatMap((row) =>
    row.position === null ? [] : [{ position: row.position, selector: row.selector!, title: row.step_title!, body: row.body! }],
  );
  return { id: first.id, key, title: first.title, steps: orderedSteps(steps) };
}

export interface UnseenTour {
  id: number;
  key: SiteTourKey;
}

/** The tours a user has not seen yet, as a query the shell folds into its one read per page (app/shell/shell.server.ts). */
export function unseenToursQuery(userId: number | Expression<number>) {
  return db()
    .selectFrom("site_tours as t")
    .select(["t.id", "t.key"])
    .where((eb) => eb.not(eb.exists(eb.selectFrom("site_tour_views as v").select("v.tour_id").whereRef("v.tour_id", "=", "t.id").where("v.user_id", "=", userId))))
    .where("t.key", "in", SITE_TOUR_KEYS)
    .orderBy("t.id");
}

/** Rows of `unseenToursQuery` as the shell hands them to the tour prompt. */
export function unseenTourList(rows: readonly { id: number; key: string }[]): UnseenTour[] {
  return rows.map((row) => ({ id: row.id, key: row.key as SiteTourKey }));
}

/** The tours this user has not seen yet (one query). */
export async function unseenTours(userId: number): Promise<UnseenTour[]> {
  return unseenTourList(await unseenToursQuery(userId).execute());
}

export type MarkViewed = { ok: true; viewedTourIds: number[] } | { ok: false; unknownIds: number[] };

/**
 * Marks tours seen by the user. Idempotent (seeing a tour again keeps the first time). Unknown
 * ids refuse the whole call, so nothing changes on bad input.
 */
export async function markToursViewed(userId: number, tourIds: readonly number[], now = new Date()): Promise<MarkViewed> {
  const ids = [...new Set(tourIds)];
  return db()
    .transaction()
    .execute(async (trx) => {
      const known = new Set((await trx.selectFrom("site_tours").select("id").where("id", "in", ids).execute()).map((row) => row.id));
      const unknownIds = ids.filter((id) => !known.has(id));
      if (unknownIds.length > 0) return { ok: false, unknownIds } as const;
      await trx
        .insertInto("site_tour_views")
        .values(ids.map((tourId) => ({ user_id: userId, tour_id: tourId, viewed_at: now })))
        .onConflict((oc) => oc.columns(["user_id", "tour_id"]).doNothing())
        .execute();
      const viewed = await trx.selectFrom("site_tour_views").select("tour_id").where("user_id", "=", userId).orderBy("tour_id").execute();
      return { ok: true, viewedTourIds: viewed.map((row) => row.tour_id) } as const;
    });
}
