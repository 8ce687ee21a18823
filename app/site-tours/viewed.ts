import { request } from "~/shell/request";

/** Tells the server the signed-in user has seen a tour (PUT /site_tours/viewed_tour); nobody waits for it, so failures are ignored. */
export async function markTourViewed(tourId: number): Promise<void> {
  await request("/site_tours/viewed_tour", { method: "PUT", json: { site_tour_id: tourId }, background: true });
}
