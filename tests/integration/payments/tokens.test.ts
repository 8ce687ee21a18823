import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { creditTokens, spendTokens, tokenLedgerSum } from "~/payments/tokens.server";
import { useTestDatabase } from "../../support/database";

const database = useTestDatabase();

describe("activity tokens", () => {
  it("lets exactly 10 of 50 concurrent spends of 10 tokens through a balance of 100, and the balance equals the ledger", async () => {
    const { db } = database();
    const user = await db.insertInto("users").values({ email: `tokens-${randomBytes(4).toString("hex")}@example.test` }).returning("id").executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => creditTokens(trx, { userId: user.id, amount: 100, reason: "purchase" }));

    const results = await Promise.all(Array.from({ length: 50 }, (_, index) => spendTokens({ userId: user.id, amount: 10, reason: "activity", reference: `attempt:${index}` })));
    expect(results.filter((balance) => balance !== null)).toHaveLength(10);
    const { token_balance } = await db.selectFrom("users").select("token_balance").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(token_balance).toBe(0);
    expect(await tokenLedgerSum(user.id)).toBe(token_balance);
  });

  it("tells the user about a credit with a TokenCredit notification", async () => {
    const { db } = database();
    const user = await db.insertInto("users").values({ email: `credit-${randomBytes(4).toString("hex")}@example.test` }).returning("id").executeTakeFirstOrThrow();
    const balance = await db.transaction().execute((trx) => creditTokens(trx, { userId: user.id, amount: 25, reason: "purchase" }));
    expect(balance).toBe(25);
    const notifications = await db.selectFrom("notifications").selectAll().where("user_id", "=", user.id).execute();
    expect(notifications).toMatchObject([{ type: "TokenCredit", data: { amount: 25, token_balance: 25 } }]);
    expect(await spendTokens({ userId: user.id, amount: 30, reason: "activity" })).toBeNull();
  });
});
