import { z } from "zod";
import { REACTION_IDS } from "~/community/reactions";

/**
 * The forms of comment threads and reaction bars (blog posts, activities), posted to
 * /community/interactions. Pure, shared by the action and the forms.
 */

export const COMMENT_BODY_MAX = 10_000;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const body = z
  .string({ error: "Write something first" })
  .trim()
  .min(1, "Write something first")
  .max(COMMENT_BODY_MAX, `Keep it to ${COMMENT_BODY_MAX.toLocaleString("en-US")} characters`);

/** What a comment or reaction is about: a blog post or an activity, by id. */
export const COMMENTABLE_TYPES = ["blog_post", "activity"] as const;
const target = { target_type: z.enum(COMMENTABLE_TYPES, { error: "Comment on a blog post or an activity" }), target_id: id("Choose what to comment on") };

export const interactionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("comment"), ...target, body, parent_id: id("Choose the comment to reply to").optional() }),
    z.object({ intent: z.literal("delete_comment"), comment_id: id("Choose a comment") }),
    z.object({ intent: z.literal("vote_comment"), comment_id: id("Choose a comment"), vote: z.enum(["on", "off"], { error: "Vote, or take your vote back" }) }),
    z.object({
      intent: z.literal("react"),
      // A comment's reaction names the comment; a post's or activity's names the thing.
      target_type: z.enum([...COMMENTABLE_TYPES, "comment"], { error: "React to a post, an activity or a comment" }),
      target_id: id("Choose what to react to"),
      reaction: z.enum(REACTION_IDS, { error: "Choose a reaction" }),
      on: z.enum(["on", "off"], { error: "React, or take your reaction back" }),
    }),
    z.object({
      intent: z.literal("report_comment"),
      comment_id: id("Choose a comment"),
      reason: z.enum(["spam", "abuse", "off_topic", "other"], { error: "Choose why you are reporting it" }),
      details: z.string().trim().max(1000, "Keep the details to 1,000 characters").default(""),
    }),
  ],
  { error: "Unknown action." }
);

export type Interaction = z.infer<typeof interactionSchema>;
