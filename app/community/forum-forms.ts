import { z } from "zod";
import { POST_MODERATIONS } from "~/community/moderation";

/** The forms of a course's board and of a thread. Pure, shared by the actions and the forms. */

export const FORUM_BODY_MAX = 20_000;

const body = z
  .string({ error: "Write something first" })
  .trim()
  .min(1, "Write something first")
  .max(FORUM_BODY_MAX, `Keep it to ${FORUM_BODY_MAX.toLocaleString("en-US")} characters`);
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

const title = z.string({ error: "Give your post a title" }).trim().min(3, "Give your post a title of at least 3 characters").max(200, "Keep the title to 200 characters");

export const newPostSchema = z.object({ title, body });

export const threadSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("reply"), body }),
    z.object({ intent: z.literal("edit"), title, body }),
    z.object({ intent: z.literal("edit_reply"), reply_id: id("Choose a reply"), body }),
    z.object({
      intent: z.literal("vote"),
      votable_type: z.enum(["forum_post", "forum_reply"], { error: "Vote for the post or a reply" }),
      votable_id: id("Vote for the post or a reply"),
      vote: z.enum(["on", "off"], { error: "Vote, or take your vote back" }),
    }),
    z.object({ intent: z.literal("accept"), reply_id: id("Choose the reply that answers it") }),
    z.object({ intent: z.literal("unaccept") }),
    z.object({ intent: z.literal("follow"), follow: z.enum(["on", "off"], { error: "Follow the post, or stop" }) }),
    z.object({
      intent: z.literal("report"),
      reportable_type: z.enum(["forum_post", "forum_reply"], { error: "Report the post or a reply" }),
      reportable_id: id("Report the post or a reply"),
      reason: z.enum(["spam", "abuse", "off_topic", "other"], { error: "Choose why you are reporting it" }),
      details: z.string().trim().max(1000, "Keep the details to 1,000 characters").default(""),
    }),
    z.object({ intent: z.literal("moderate"), action: z.enum(POST_MODERATIONS, { error: "Choose what to do with the post" }) }),
    z.object({ intent: z.literal("moderate_reply"), reply_id: id("Choose a reply"), action: z.enum(["hide", "unhide"], { error: "Hide the reply, or show it" }) }),
  ],
  { error: "Unknown action." }
);

/** The board's search and page, as the address has them: anything odd reads as the first page of everything. */
export function boardQuery(params: URLSearchParams): { query: string; page: number } {
  const query = (params.get("q") ?? "").trim().slice(0, 100);
  const page = Number(params.get("page") ?? "1");
  return { query, page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1 };
}

/** The moderators' queue: dismiss a thing's reports, or hide it. */
export const reportQueueSchema = z.object({
  intent: z.enum(["dismiss", "hide"], { error: "Dismiss the reports, or hide it" }),
  reportable_type: z.enum(["forum_post", "forum_reply", "comment"], { error: "Choose a reported post, reply or comment" }),
  reportable_id: id("Choose a reported post, reply or comment"),
});
