import { currentSession } from "~/accounts/session.server";
import { db } from "~/db/db.server";

/** /tokens: the token packs for sale and, for a signed-in user, their balance and latest changes. */
export async function tokensPage(request: Request) {
  const session = await currentSession(request);
  if (!session) return { balance: null, ledger: [] };
  const [user, ledger] = await Promise.all([
    db().selectFrom("users").select("token_balance").where("id", "=", session.user.id).executeTakeFirstOrThrow(),
    db().selectFrom("token_ledger").select(["id", "delta", "reason", "created_at"]).where("user_id", "=", session.user.id).orderBy("id", "desc").limit(20).execute(),
  ]);
  return { balance: user.token_balance, ledger };
}
