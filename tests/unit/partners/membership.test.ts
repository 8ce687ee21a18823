import { describe, expect, it } from "vitest";
import type { PartnerMembershipStatus } from "~/db/schema";
import { inviteAnswerSchema } from "~/partners/invite-answer";
import { answerInvite, partnerMenuEntries, type BarMembership, type InviteResponse } from "~/partners/membership";

describe("answerInvite", () => {
  const cases: [PartnerMembershipStatus, InviteResponse, PartnerMembershipStatus | "refused", boolean][] = [
    ["invited", "accept", "accepted", true],
    ["invited", "decline", "declined", true],
    // A resubmitted form (the same answer again) changes nothing and is not an error.
    ["accepted", "accept", "accepted", false],
    ["declined", "decline", "declined", false],
    // Changing one's mind is a new invitation, not an answer to this one.
    ["accepted", "decline", "refused", false],
    ["declined", "accept", "refused", false],
    ["removed", "accept", "refused", false],
    ["removed", "decline", "refused", false],
  ];
  it.each(cases)("%s + %s → %s", (current, response, expected, changed) => {
    const result = answerInvite(current, response);
    if (expected === "refused") {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message.length).toBeGreaterThan(10);
    } else {
      expect(result).toEqual({ ok: true, status: expected, changed });
    }
  });

  it("tells a member and someone who declined different reasons", () => {
    const member = answerInvite("accepted", "decline");
    const declined = answerInvite("declined", "accept");
    expect(!member.ok && member.message).toMatch(/already a member/);
    expect(!declined.ok && declined.message).toMatch(/declined/);
  });
});

describe("the invitation answer form", () => {
  it.each([
    [{ response: "accept" }, true],
    [{ response: "decline", redirectTo: "/courses" }, true],
    [{ response: "Accept" }, false],
    [{ response: "remove" }, false],
    [{ response: "" }, false],
    [{}, false],
  ] as const)("%o → accepted: %s", (fields, expected) => {
    const parsed = inviteAnswerSchema.safeParse(fields);
    expect(parsed.success).toBe(expected);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe("Choose Accept or Decline.");
  });
});

describe("partnerMenuEntries", () => {
  const memberships: BarMembership[] = [
    { id: 3, status: "invited", partnerName: "McGill Pre-Med Society", partnerSlug: "mcgill-pre-med-society" },
    { id: 1, status: "accepted", partnerName: "Waterloo Mathematics Society", partnerSlug: "waterloo-math-society" },
    { id: 2, status: "accepted", partnerName: "First-Gen Scholars Network", partnerSlug: "first-gen-scholars-network" },
  ];

  it("lists memberships first, then invitations, each by name, linking to the partner's page", () => {
    expect(partnerMenuEntries(memberships)).toEqual([
      { membershipId: 2, label: "First-Gen Scholars Network", href: "/partners/first-gen-scholars-network", statusLabel: "Member", answerable: false },
      { membershipId: 1, label: "Waterloo Mathematics Society", href: "/partners/waterloo-math-society", statusLabel: "Member", answerable: false },
      { membershipId: 3, label: "McGill Pre-Med Society", href: "/partners/mcgill-pre-med-society", statusLabel: "Invited", answerable: true },
    ]);
  });

  it("leaves out declined and removed memberships, and is empty without any", () => {
    const others = [{ id: 9, status: "declined", partnerName: "X", partnerSlug: "x" }] as unknown as BarMembership[];
    expect(partnerMenuEntries(others)).toEqual([]);
    expect(partnerMenuEntries([])).toEqual([]);
  });
});
