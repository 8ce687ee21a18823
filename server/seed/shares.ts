import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

/**
 * Shared links on first start (SPEC §2 /shares/{token}): the demo student's amino-acids deck is
 * shared by a link, opened by the demo tutor and by a guest, and an older link to the derivatives
 * deck is turned off; both are on the student's /shares. The active link's token is fixed, so a
 * guest (and the accessibility check) can open /shares/{DEMO_SHARE_TOKEN} right away.
 */

export const DEMO_SHARE_TOKEN = "demo-amino-acids-deck-shared-link";
export const DEMO_REVOKED_SHARE_TOKEN = "demo-derivatives-deck-turned-off-link";

const HOUR_MS = 60 * 60 * 1000;

export async function seedShares(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date) {
  const student = ids.user(`student@${DEMO_EMAIL_DOMAIN}`);
  const decks = await trx.selectFrom("flash_card_decks").select(["id", "title"]).where("owner_id", "=", student).execute();
  const deck = (title: string) => decks.find((candidate) => candidate.title === title);
  const aminoAcids = deck("Amino acids");
  const derivatives = deck("MATH 137: derivatives");
  if (!aminoAcids || !derivatives) return { shares: 0, resource_views: 0 };
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const [active, revoked] = await trx
    .insertInto("shares")
    .values([
      { token: DEMO_SHARE_TOKEN, owner_id: student, resource_type: "flash_card_deck", resource_id: aminoAcids.id, title: aminoAcids.title, created_at: ago(40), expires_at: null, revoked_at: null },
      { token: DEMO_REVOKED_SHARE_TOKEN, owner_id: student, resource_type: "flash_card_deck", resource_id: derivatives.id, title: derivatives.title, created_at: ago(100), expires_at: null, revoked_at: ago(90) },
    ])
    .returning("id")
    .execute();
  const views = [
    { share_id: active!.id, viewer_id: ids.user(`tutor@${DEMO_EMAIL_DOMAIN}`), user_agent: "Mozilla/5.0 (Macintosh)", viewed_at: ago(30) },
    { share_id: active!.id, viewer_id: null, user_agent: "Mozilla/5.0 (iPhone)", viewed_at: ago(6) },
    { share_id: revoked!.id, viewer_id: null, user_agent: "Mozilla/5.0 (Windows)", viewed_at: ago(95) },
  ];
  await trx.insertInto("resource_views").values(views).execute();
  return { shares: 2, resource_views: views.length };
}
