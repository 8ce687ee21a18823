import { describe, expect, it } from "vitest";
import {
  chooseReferrer,
  DAILY_INVITE_LIMIT,
  earnsReferralReward,
  formatCredit,
  friendName,
  friendStatus,
  invitationSummary,
  inviteFormSchema,
  inviteLink,
  inviteTextProblem,
  MAX_INVITES_PER_SEND,
  parseInviteEmails,
  parseReferralCode,
  planInvitations,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  referralCodeFromBytes,
  RESEND_AFTER_DAYS,
  type InvitationPlanInput,
} from "~/programs/referrals";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-24T12:00:00Z");

describe("referral codes", () => {
  it("are eight characters of an alphabet without look-alikes", () => {
    expect(REFERRAL_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(REFERRAL_CODE_ALPHABET).size).toBe(REFERRAL_CODE_ALPHABET.length);
    const code = referralCodeFromBytes([0, 1, 2, 3, 255, 254, 31, 62]);
    expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
    expect([...code].every((character) => REFERRAL_CODE_ALPHABET.includes(character))).toBe(true);
    // Every character of the alphabet can come out (the database check accepts exactly these).
    const all = new Set<string>();
    for (let byte = 0; byte < 256; byte++) all.add(referralCodeFromBytes(Array(REFERRAL_CODE_LENGTH).fill(byte))[0]!);
    expect([...all].sort().join("")).toBe([...REFERRAL_CODE_ALPHABET].sort().join(""));
  });

  it("refuses too few random bytes", () => {
    expect(() => referralCodeFromBytes([1, 2, 3])).toThrow(RangeError);
  });

  it.each([
    ["MKTREP26", "MKTREP26"],
    ["  mktrep26 ", "MKTREP26"],
    ["MKTREP2", null],
    ["MKTREP266", null],
    ["MKTREPO6", null], // O is not in the alphabet
    ["MKT-EP26", null],
    ["", null],
    [null, null],
    [42, null],
  ])("%j reads as %j", (value, expected) => {
    expect(parseReferralCode(value)).toBe(expected);
  });

  it("link to the sign-up page with the code", () => {
    expect(inviteLink("https://app.example", "MKTREP26")).toBe("https://app.example/sign-up?ref=MKTREP26");
  });
});

describe("the invite form's addresses", () => {
  it.each([
    ["a@x.com, b@y.org", ["a@x.com", "b@y.org"], []],
    ["A@X.com\nb@y.org;  a@x.com", ["a@x.com", "b@y.org"], []],
    ["  ", [], []],
    ["maya, b@y.org", ["b@y.org"], ["maya"]],
    ["no@domain", [], ["no@domain"]],
    ['"x"@y.com', [], ['"x"@y.com']],
  ])("%j → %j, invalid %j", (text, emails, invalid) => {
    expect(parseInviteEmails(text)).toEqual({ emails, invalid });
  });

  it.each([
    ["a@x.com", null],
    ["", "Enter at least one email address."],
    ["a@x.com nope", "These are not email addresses: nope."],
    [Array.from({ length: MAX_INVITES_PER_SEND }, (_, index) => `f${index}@x.com`).join(" "), null],
    [Array.from({ length: MAX_INVITES_PER_SEND + 1 }, (_, index) => `f${index}@x.com`).join(" "), `Send at most ${MAX_INVITES_PER_SEND} invitations at a time.`],
  ])("%j has the problem %j", (text, problem) => {
    expect(inviteTextProblem(parseInviteEmails(text))).toBe(problem);
  });

  it("are checked by the form's schema with a message for each problem", () => {
    const message = (emails: unknown) => {
      const result = inviteFormSchema.safeParse({ emails });
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(message("a@x.com")).toBeNull();
    expect(message(undefined)).toBe("Enter at least one email address.");
    expect(message(" , ")).toBe("Enter at least one email address.");
    expect(message("a@x.com, nope")).toBe("These are not email addresses: nope.");
    const eleven = Array.from({ length: MAX_INVITES_PER_SEND + 1 }, (_, index) => `f${index}@x.com`).join(",");
    expect(message(eleven)).toBe(`Send at most ${MAX_INVITES_PER_SEND} invitations at a time.`);
    expect(message("a".repeat(5_001))).toMatch(/too much text/);
  });
});

describe("planning one send of invitations", () => {
  const base: InvitationPlanInput = {
    emails: ["friend@x.com"],
    ownEmail: "Me@X.com",
    memberEmails: new Set(),
    lastSentAt: new Map(),
    sentInLastDay: [],
    now,
  };
  /** `count` invitation mails sent half an hour apart, the newest half an hour ago. */
  const sentHalfHourly = (count: number) => Array.from({ length: count }, (_, index) => new Date(now.getTime() - (index + 1) * 30 * 60 * 1000));

  it.each<[string, Partial<InvitationPlanInput>, string]>([
    ["a new address is sent", {}, "send"],
    ["the member's own address is skipped", { emails: ["me@x.com"] }, "own-address"],
    ["a member is not invited", { memberEmails: new Set(["friend@x.com"]) }, "already-member"],
    ["an address mailed yesterday waits", { lastSentAt: new Map([["friend@x.com", new Date(now.getTime() - DAY)]]) }, "sent-recently"],
    [
      "an address mailed just under the resend delay waits",
      { lastSentAt: new Map([["friend@x.com", new Date(now.getTime() - RESEND_AFTER_DAYS * DAY + 1000)]]) },
      "sent-recently",
    ],
    ["an address mailed at the resend delay is sent again", { lastSentAt: new Map([["friend@x.com", new Date(now.getTime() - RESEND_AFTER_DAYS * DAY)]]) }, "send"],
  ])("%s", (_, change, decision) => {
    const plan = planInvitations({ ...base, ...change });
    expect(plan).toEqual({ ok: true, decisions: [{ email: (change.emails ?? base.emails)[0], decision }] });
  });

  // Retry after: when enough of the day's mails are 24 hours old for this send to fit.
  it.each<[string, Partial<InvitationPlanInput>, RegExp, number]>([
    // 25 sent, the oldest 12.5 h ago: it ages out in 11.5 h.
    ["the day's invitations used up", { sentInLastDay: sentHalfHourly(DAILY_INVITE_LIMIT) }, /Try again tomorrow/, 11.5 * 3600],
    // 24 sent and 2 to send: the oldest (12 h ago) must age out, in 12 h.
    ["more than the day has left", { emails: ["a@x.com", "b@x.com"], sentInLastDay: sentHalfHourly(DAILY_INVITE_LIMIT - 1) }, /1 more invitation today/, 12 * 3600],
    // 25 sent and 3 to send: the three oldest must age out; the third oldest went 11.5 h ago.
    ["three more than the day has left", { emails: ["a@x.com", "b@x.com", "c@x.com"], sentInLastDay: sentHalfHourly(DAILY_INVITE_LIMIT) }, /Try again tomorrow/, 12.5 * 3600],
    // Out of order from the database: still the oldest.
    ["mails listed newest first or not", { sentInLastDay: sentHalfHourly(DAILY_INVITE_LIMIT).reverse() }, /Try again tomorrow/, 11.5 * 3600],
  ])("refuses the whole send for %s, saying when it would fit", (_, change, message, retryAfterSeconds) => {
    const plan = planInvitations({ ...base, ...change });
    expect(plan).toMatchObject({ ok: false, reason: "daily-limit", retryAfterSeconds });
    expect(plan.ok ? "" : plan.message).toMatch(message);
  });

  it("counts only the addresses it would send against the daily limit", () => {
    const plan = planInvitations({ ...base, emails: ["me@x.com", "new@x.com"], sentInLastDay: sentHalfHourly(DAILY_INVITE_LIMIT - 1) });
    expect(plan.ok).toBe(true);
  });

  it("sums up a send for the member", () => {
    expect(invitationSummary([{ email: "a@x.com", decision: "send" }])).toBe("Invitation sent to 1 friend.");
    expect(
      invitationSummary([
        { email: "a@x.com", decision: "send" },
        { email: "b@x.com", decision: "send" },
        { email: "c@x.com", decision: "already-member" },
        { email: "d@x.com", decision: "sent-recently" },
        { email: "me@x.com", decision: "own-address" },
      ]),
    ).toBe(`Invitation sent to 2 friends. You cannot invite yourself. Already a member: c@x.com. Invited in the last ${RESEND_AFTER_DAYS} days: d@x.com.`);
    expect(invitationSummary([])).toBe("Nothing was sent.");
  });
});

describe("who referred a new account", () => {
  const invitations = [
    { inviterId: 7, lastSentAt: new Date(now.getTime() - 5 * DAY) },
    { inviterId: 9, lastSentAt: new Date(now.getTime() - DAY) },
  ];
  it.each<[string, Parameters<typeof chooseReferrer>[0], number | null]>([
    ["the code's owner", { codeOwner: { id: 3, email: "rep@x.com" }, newEmail: "friend@x.com", invitations }, 3],
    ["not the owner of the same address", { codeOwner: { id: 3, email: "Friend@x.com" }, newEmail: "friend@X.com", invitations: [] }, null],
    ["else the latest member who mailed the address", { codeOwner: null, newEmail: "friend@x.com", invitations }, 9],
    ["else nobody", { codeOwner: null, newEmail: "friend@x.com", invitations: [] }, null],
  ])("is %s", (_, input, expected) => {
    expect(chooseReferrer(input)).toBe(expected);
  });
});

describe("friends and rewards", () => {
  it.each([
    [{ joined: false, rewarded: false }, "invited"],
    [{ joined: true, rewarded: false }, "joined"],
    [{ joined: true, rewarded: true }, "purchased"],
  ] as const)("%j is %s", (friend, status) => {
    expect(friendStatus(friend)).toBe(status);
  });

  it.each([
    ["Priya", "Raman", "Priya R."],
    ["  Priya ", " raman", "Priya R."],
    ["Priya", "", "Priya"],
    ["", "Raman", "R."],
    ["", "", "A friend"],
  ])("%j %j shows as %j", (first, last, shown) => {
    expect(friendName(first, last)).toBe(shown);
  });

  it.each([
    [{ totalCents: 2995, referrerId: 3, buyerId: 5 }, true],
    [{ totalCents: 0, referrerId: 3, buyerId: 5 }, false],
    [{ totalCents: 2995, referrerId: null, buyerId: 5 }, false],
    [{ totalCents: 2995, referrerId: 5, buyerId: 5 }, false],
  ])("a purchase %j earns the reward: %s", (purchase, earns) => {
    expect(earnsReferralReward(purchase)).toBe(earns);
  });

  it.each([
    [0, "$0.00"],
    [1000, "$10.00"],
    [123456, "$1,234.56"],
  ])("credit of %i cents reads %s", (cents, text) => {
    expect(formatCredit(cents)).toBe(text);
  });
});
