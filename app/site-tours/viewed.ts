/** Tells the server the signed-in user has seen a tour (PUT /site_tours/viewed_tour); failures are ignored. */
export async function markTourViewed(tourId: number): Promise<void> {
  const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
  await fetch("/site_tours/viewed_tour", {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": token },
    body: JSON.stringify({ site_tour_id: tourId }),
    credentials: "same-origin",
  }).catch(() => undefined);
}
