import { z } from "zod";
import { isTimeZone } from "~/study-sessions/editor-rules";

/** The blog editor's form, pure: shared by its action and its page. */

export const BLOG_BODY_MAX = 50_000;
export const BLOG_EXCERPT_MAX = 300;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const POST_INTENTS = ["preview", "draft", "schedule", "publish"] as const;

export const blogPostSchema = z.object({
  intent: z.enum(POST_INTENTS, { error: "Save, schedule, publish or preview the post" }),
  title: z.string({ error: "Give the post a title" }).trim().min(3, "Give the post a title of at least 3 characters").max(200, "Keep the title to 200 characters"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, "Keep the address to 80 characters")
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, "Use lower-case letters, digits and single dashes in the address")
    .optional()
    .transform((value) => value || undefined),
  excerpt: z
    .string({ error: "Write a one- or two-sentence summary" })
    .trim()
    .min(1, "Write a one- or two-sentence summary")
    .max(BLOG_EXCERPT_MAX, `Keep the summary to ${BLOG_EXCERPT_MAX} characters`),
  body: z
    .string({ error: "Write the post" })
    .trim()
    .min(1, "Write the post")
    .max(BLOG_BODY_MAX, `Keep the post to ${BLOG_BODY_MAX.toLocaleString("en-US")} characters`),
  category: z.string({ error: "Choose a category" }).trim().min(1, "Choose a category").max(40, "Choose a category"),
  publish_at: z.string().trim().max(40).optional(),
  time_zone: z.string().trim().default("UTC").refine(isTimeZone, "Choose a time zone"),
  cover: z
    .instanceof(File)
    .optional()
    .refine((file) => !file || file.size <= COVER_MAX_BYTES, "The cover picture is too large (at most 5 MB)")
    .transform((file) => (file && file.size > 0 ? file : undefined)),
  remove_cover: z.literal("on").optional(),
});

export type BlogPostForm = z.output<typeof blogPostSchema>;
