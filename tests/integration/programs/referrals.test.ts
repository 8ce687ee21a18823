import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { signUp } from "~/accounts/sign-up.server";
import { loadCheckoutProduct, startCheckout } from "~/payments/checkout.server";
import { stripe } from "~/payments/stripe.server";
import { DAILY_INVITE_LIMIT, REFERRAL_REWARD_CENTS } from "~/programs/referrals";
import { ensureReferralCode, referralOverview, sendFriendInvitations } from "~/programs/referrals.server";
import { runWithRequestContext, type RequestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "../../support/database";
import { useStripeEmulator } from "../../support/stripe";

const database = useTestDatabase();
const emulator = useStripeEmulator();
const ORIGIN = "http://app.test";

const unique = () => randomBytes(5).toString("hex");

async function member(firstName = "Maya") {
  return database()
    .db.insertInto("users")
    .values({ email: `member-${unique()}@example.test`, first_name: firstName, last_name: "Member", country_code: "US" })
    .returning(["id", "email", "first_name"])
    .executeTakeFirstOrThrow();
}

/** Signs up through the real sign-up service, as the form does, with the invite code the browser remembers. */
async function signUpFriend(email: string, referralCode?: string) {
  const outcome = await signUp(
    { first_name: "Noah", last_name: "Kim", email, password: "a-long-enough-password", signup_role: "student" },
    { origin: ORIGIN, clientIp: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`, referralCode },
  );
  if (outcome.kind !== "created") throw new Error(outcome.kind);
  return database().db.selectFrom("users").select(["id", "referred_by_id"]).where("id", "=", outcome.user.id).executeTakeFirstOrThrow();
}

async function buyCourse(user: { id: number; email: string }, slug: string) {
  const { id } = await database().db.selectFrom("online_courses").select("id").where("slug", "=", slug).executeTakeFirstOrThrow();
  const loaded = await loadCheckoutProduct({ kind: "online_course", onlineCourseId: id, packageType: "learn" });
  if ("error" in loaded) throw new Error(loaded.error);
  const outcome = await startCheckout(user, { product: loaded.product, country: "US" }, ORIGIN);
  if (outcome.kind !== "redirect") throw new Error(outcome.kind);
  expect((await emulator().pay(outcome.url.split("/pay/")[1]!, "4242424242424242")).outcome).toBe("succeeded");
  return outcome.purchaseId;
}

const rewardsOf = (userId: number) =>
  database().db.selectFrom("referral_credits").select(["amount_cents", "referred_user_id", "purchase_id"]).where("user_id", "=", userId).where("reason", "=", "referral").execute();

describe("referral codes", () => {
  it("gives a member one code, even when asked for it several times at once", async () => {
    const { id } = await member();
    const codes = await Promise.all([1, 2, 3, 4, 5].map(() => ensureReferralCode(id)));
    expect(new Set(codes).size).toBe(1);
    expect(codes[0]).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(await ensureReferralCode(id)).toBe(codes[0]);
  });

  it("refuses a malformed code in the database itself", async () => {
    const { id } = await member();
    await expect(database().db.updateTable("users").set({ referral_code: "lower123" }).where("id", "=", id).execute()).rejects.toThrow();
  });
});

describe("who referred a new account", () => {
  it("is the owner of the invite link's code the browser carried", async () => {
    const rep = await member();
    const code = await ensureReferralCode(rep.id);
    const friend = await signUpFriend(`friend-${unique()}@example.test`, code);
    expect(friend.referred_by_id).toBe(rep.id);
  });

  it("is the member who mailed the address an invitation, when no link was used", async () => {
    const [first, second] = [await member(), await member()];
    const email = `invited-${unique()}@example.test`;
    await database().db.insertInto("friend_invitations").values({ inviter_id: first.id, email, last_sent_at: new Date(Date.now() - 5 * 86_400_000) }).execute();
    await database().db.insertInto("friend_invitations").values({ inviter_id: second.id, email, last_sent_at: new Date(Date.now() - 86_400_000) }).execute();
    const friend = await signUpFriend(email.toUpperCase());
    expect(friend.referred_by_id).toBe(second.id);
  });

  it("is nobody for an unknown code, or without link and invitation", async () => {
    expect((await signUpFriend(`alone-${unique()}@example.test`, "ZZZZZZZZ")).referred_by_id).toBeNull();
    expect((await signUpFriend(`alone-${unique()}@example.test`)).referred_by_id).toBeNull();
  });
});

describe("emailed invitations", () => {
  const outbox = (to: string) => database().db.selectFrom("outbox_emails").select(["subject", "text_body", "kind"]).where("to_address", "=", to).execute();

  it("mails each new address once with the member's link, and skips members, the member and recent ones", async () => {
    const rep = await member("Maya");
    const code = await ensureReferralCode(rep.id);
    const fresh = `new-${unique()}@example.test`;
    const outcome = await sendFriendInvitations(rep, `${fresh}, student@demo.test, ${rep.email.toUpperCase()}`, ORIGIN);
    expect(outcome).toEqual({ ok: true, sent: 1, message: "Invitation sent to 1 friend. You cannot invite yourself. Already a member: student@demo.test." });
    const mails = await outbox(fresh);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "friend_invitation", subject: "Maya invited you to Marketplace" });
    expect(mails[0]!.text_body).toContain(`${ORIGIN}/sign-up?ref=${code}`);
    expect(await outbox("student@demo.test")).toHaveLength(0);

    const again = await sendFriendInvitations(rep, fresh, ORIGIN);
    expect(again).toMatchObject({ ok: true, sent: 0 });
    expect(await outbox(fresh)).toHaveLength(1);
  });

  it("refuses a send past the daily limit and changes nothing", async () => {
    const rep = await member();
    const earlier = Array.from({ length: DAILY_INVITE_LIMIT }, (_, index) => ({ inviter_id: rep.id, email: `earlier-${index}-${unique()}@example.test` }));
    await database().db.insertInto("friend_invitations").values(earlier).execute();
    const late = `late-${unique()}@example.test`;
    const refused = await sendFriendInvitations(rep, late, ORIGIN);
    expect(refused).toMatchObject({ ok: false, reason: "daily-limit", retryAfterSeconds: expect.any(Number) });
    // All sent just now: the send fits once the oldest is a day old.
    const { retryAfterSeconds } = refused as { retryAfterSeconds: number };
    expect(retryAfterSeconds).toBeGreaterThan(24 * 3600 - 60);
    expect(retryAfterSeconds).toBeLessThanOrEqual(24 * 3600);
    expect(await outbox(late)).toHaveLength(0);
    expect(await database().db.selectFrom("friend_invitations").select("id").where("email", "=", late).execute()).toHaveLength(0);
  });

  it("refuses text that holds no address, and changes nothing", async () => {
    const rep = await member();
    expect(await sendFriendInvitations(rep, "maya at example", ORIGIN)).toMatchObject({ ok: false, reason: "invalid" });
    expect(await database().db.selectFrom("friend_invitations").select("id").where("inviter_id", "=", rep.id).execute()).toHaveLength(0);
  });
});

describe("the referral reward", () => {
  it("credits the referrer once, on the friend's first paid purchase, with a notification; a refund takes it back", async () => {
    const rep = await member();
    const code = await ensureReferralCode(rep.id);
    const email = `buyer-${unique()}@example.test`;
    const friend = await signUpFriend(email, code);
    const buyer = { id: friend.id, email };

    const first = await buyCourse(buyer, "organic-chemistry-1-exam-prep");
    expect(await rewardsOf(rep.id)).toEqual([{ amount_cents: REFERRAL_REWARD_CENTS, referred_user_id: friend.id, purchase_id: first }]);
    const notifications = await database().db.selectFrom("notifications").select(["type", "data"]).where("user_id", "=", rep.id).execute();
    expect(notifications).toMatchObject([{ type: "ReferralReward", data: { friend_name: "Noah K.", path: "/invites" } }]);

    await buyCourse(buyer, "waterloo-math-137-exam-prep");
    expect(await rewardsOf(rep.id)).toHaveLength(1);

    const { payment_intent_id } = await database().db.selectFrom("purchases").select("payment_intent_id").where("id", "=", first).executeTakeFirstOrThrow();
    await stripe().refunds.create({ payment_intent: payment_intent_id! });
    await expect.poll(async () => (await rewardsOf(rep.id)).length, { timeout: 5000 }).toBe(0);
  });

  it("is not earned by a free purchase or by someone nobody referred", async () => {
    const rep = await member();
    const code = await ensureReferralCode(rep.id);
    const email = `free-${unique()}@example.test`;
    const friend = await signUpFriend(email, code);
    const { id } = await database().db.selectFrom("online_courses").select("id").where("slug", "=", "organic-chemistry-1-exam-prep").executeTakeFirstOrThrow();
    const loaded = await loadCheckoutProduct({ kind: "online_course", onlineCourseId: id, packageType: "learn" });
    if ("error" in loaded) throw new Error(loaded.error);
    const free = await database().db.insertInto("discount_codes").values({ code: `GIFT${unique()}`, percent_off: 100 }).returning("code").executeTakeFirstOrThrow();
    expect((await startCheckout({ id: friend.id, email }, { product: loaded.product, country: "US", discountCode: free.code }, ORIGIN)).kind).toBe("complete");
    expect(await rewardsOf(rep.id)).toHaveLength(0);
  });
});

describe("the referral overview", () => {
  it("shows friends, invitations, counts and credit in the same number of queries however many friends", async () => {
    const rep = await member();
    await ensureReferralCode(rep.id);
    const countQueries = async () => {
      const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
      const overview = await runWithRequestContext(context, () => referralOverview(rep.id, ORIGIN));
      return { overview, queries: context.queryCount };
    };
    const empty = await countQueries();
    expect(empty.overview).toMatchObject({ friends: [], invitations: [], counts: { invited: 0, joined: 0, purchased: 0 }, earnedCents: 0, balanceCents: 0 });

    const joinedEmail = `joined-${unique()}@example.test`;
    const openEmail = `open-${unique()}@example.test`;
    await database().db.insertInto("friend_invitations").values([{ inviter_id: rep.id, email: joinedEmail }, { inviter_id: rep.id, email: openEmail }]).execute();
    const joined = await signUpFriend(joinedEmail);
    const payer = await signUpFriend(`payer-${unique()}@example.test`, empty.overview.code);
    await database().db.insertInto("referral_credits").values({ user_id: rep.id, amount_cents: REFERRAL_REWARD_CENTS, reason: "referral", referred_user_id: payer.id }).execute();
    await database().db.insertInto("referral_credits").values({ user_id: rep.id, amount_cents: -400, reason: "purchase" }).execute();
    expect(joined.referred_by_id).toBe(rep.id);

    const full = await countQueries();
    expect(full.queries).toBe(empty.queries);
    expect(full.overview.counts).toEqual({ invited: 2, joined: 2, purchased: 1 });
    expect(full.overview.friends.map((friend) => friend.status).sort()).toEqual(["joined", "purchased"]);
    expect(Object.fromEntries(full.overview.invitations.map((invitation) => [invitation.email, invitation.status]))).toEqual({ [joinedEmail]: "joined", [openEmail]: "invited" });
    expect(full.overview).toMatchObject({ earnedCents: REFERRAL_REWARD_CENTS, balanceCents: REFERRAL_REWARD_CENTS - 400, link: `${ORIGIN}/sign-up?ref=${full.overview.code}` });
  });
});

describe("the demo data", () => {
  it("shows the marketing rep's programme at work", async () => {
    const rep = await database().db.selectFrom("users").select("id").where("email", "=", "marketing_rep@demo.test").executeTakeFirstOrThrow();
    const overview = await referralOverview(rep.id, ORIGIN);
    expect(overview.code).toBe("MKTREP26");
    expect(overview.counts).toEqual({ invited: 3, joined: 2, purchased: 1 });
    const { n } = await database().db.selectFrom("users").select(sql<number>`count(*)::int`.as("n")).where("referred_by_id", "=", rep.id).executeTakeFirstOrThrow();
    expect(n).toBe(2);
  });
});
