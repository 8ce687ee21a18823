import { describe, expect, it } from "vitest";
import { interactionSchema } from "~/community/comment-forms";
import { isReactionId, reactionCounts, REACTION_IDS, REACTIONS } from "~/community/reactions";

describe("the reaction set", () => {
  it("is fixed, each with an emoji and a label", () => {
    expect(REACTION_IDS).toEqual(["like", "love", "insightful", "celebrate", "confused"]);
    expect(REACTIONS.map((reaction) => reaction.emoji)).toEqual(["👍", "❤️", "💡", "🎉", "😕"]);
    expect(isReactionId("love")).toBe(true);
    expect(isReactionId("angry")).toBe(false);
    expect(isReactionId(undefined)).toBe(false);
  });

  it("answers every reaction's count, zero for those nobody left, ignoring unknown ids", () => {
    expect(reactionCounts([{ reaction_id: "like", count: 3 }, { reaction_id: "angry", count: 9 }])).toEqual({ like: 3, love: 0, insightful: 0, celebrate: 0, confused: 0 });
  });
});

describe("interactionSchema", () => {
  it.each([
    { fields: { intent: "comment", target_type: "blog_post", target_id: "1", body: "Hi" }, ok: true },
    { fields: { intent: "comment", target_type: "forum_post", target_id: "1", body: "Hi" }, ok: false },
    { fields: { intent: "comment", target_type: "activity", target_id: "1", body: " " }, ok: false },
    { fields: { intent: "react", target_type: "comment", target_id: "4", reaction: "celebrate", on: "on" }, ok: true },
    { fields: { intent: "react", target_type: "comment", target_id: "4", reaction: "angry", on: "on" }, ok: false },
    { fields: { intent: "vote_comment", comment_id: "4", vote: "maybe" }, ok: false },
    { fields: { intent: "report_comment", comment_id: "4", reason: "spam" }, ok: true },
  ])("$fields → $ok", ({ fields, ok }) => {
    expect(interactionSchema.safeParse(fields).success).toBe(ok);
  });
});
