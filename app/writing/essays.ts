import { z } from "zod";
import type { EssayTemplateCategory } from "~/db/schema";

/** The writing tool's forms, labels and messages, shared by the pages, their actions and tests. Pure. */

export const TEMPLATE_CATEGORIES: readonly EssayTemplateCategory[] = ["personal_statement", "med_school_secondary", "supplemental", "law_school_statement"];

export const TEMPLATE_CATEGORY_LABELS: Record<EssayTemplateCategory, string> = {
  personal_statement: "Personal statements",
  med_school_secondary: "Medical school secondaries",
  supplemental: "Supplemental essays",
  law_school_statement: "Law school statements",
};

export const TEMPLATE_CATEGORY_LABEL: Record<EssayTemplateCategory, string> = {
  personal_statement: "Personal statement",
  med_school_secondary: "Medical school secondary",
  supplemental: "Supplemental essay",
  law_school_statement: "Law school statement",
};

/** An essay's body may be at most this long (HTML as stored); a long personal statement is ~30 kB. */
export const ESSAY_BODY_MAX = 200_000;

export const ESSAY_MESSAGES = {
  stale:
    "This essay was saved somewhere else (another tab or device) after you opened it. Your text was not saved: copy it, reload the page, and paste what you need.",
  notAReviewer: "Essays can be shared with an instructor or tutor on the site. Check the email address.",
  sharedWithSelf: "That is your own address.",
  quoteNotFound: "The passage you quote does not occur in the essay. Copy it exactly from the text.",
  tooLong: "The essay is too long to save.",
  offline: "Not saved: you appear to be offline. Your text stays here and is saved once you are back online and type or leave the editor.",
} as const;

const optionalLimit = z.preprocess(
  (value) => (value === "" || value === undefined || value === null ? undefined : value),
  z.coerce.number({ error: "Enter a whole number of words." }).int("Enter a whole number of words.").min(1, "At least 1 word.").max(20000, "At most 20,000 words.").optional(),
);

export const saveEssaySchema = z.object({
  intent: z.literal("save"),
  /** "markdown" from the plain textarea without JavaScript, "html" from the rich editor. */
  format: z.enum(["markdown", "html"]).default("markdown"),
  body: z.string().max(ESSAY_BODY_MAX, ESSAY_MESSAGES.tooLong).default(""),
  title: z.string().trim().min(1, "Give the essay a title.").max(120, "At most 120 characters.").optional(),
  version: z.coerce.number().int().min(1),
  /** Sent by the editor's autosave: answer data rather than a redirect. */
  autosave: z.literal("1").optional(),
});

export const restoreVersionSchema = z.object({ intent: z.literal("restore"), version: z.coerce.number().int().min(1) });
export const shareEssaySchema = z.object({ intent: z.literal("share"), email: z.email("Enter an email address.").max(254) });
export const unshareEssaySchema = z.object({ intent: z.literal("unshare"), user_id: z.coerce.number().int().min(1) });
export const commentSchema = z.object({
  intent: z.literal("comment"),
  quote: z.string({ error: "Quote the passage you are commenting on." }).trim().min(1, "Quote the passage you are commenting on.").max(1000, "Quote at most 1,000 characters."),
  /** Where the passage starts in the plain text, when the editor knows (it picks the right one of repeated passages). */
  near: z.coerce.number().int().min(0).optional(),
  body: z.string({ error: "Write your comment." }).trim().min(1, "Write your comment.").max(2000, "At most 2,000 characters."),
});
export const resolveCommentSchema = z.object({ intent: z.literal("resolve"), comment_id: z.coerce.number().int().min(1) });

export const essayActionSchema = z.discriminatedUnion("intent", [saveEssaySchema, restoreVersionSchema, shareEssaySchema, unshareEssaySchema, commentSchema, resolveCommentSchema]);

export const newEssaySchema = z.object({ title: z.string().trim().min(1, "Give the essay a title.").max(120, "At most 120 characters.") });

export const templateSchema = z.object({
  intent: z.enum(["create", "update"]),
  id: z.coerce.number().int().min(1).optional(),
  title: z.string({ error: "Give the template a title." }).trim().min(1, "Give the template a title.").max(120, "At most 120 characters."),
  category: z.enum(["personal_statement", "med_school_secondary", "supplemental", "law_school_statement"], { error: "Choose a category." }),
  prompt: z.string({ error: "Write the prompt students answer." }).trim().min(1, "Write the prompt students answer.").max(2000, "At most 2,000 characters."),
  body: z.string().max(ESSAY_BODY_MAX).default(""),
  word_limit: optionalLimit,
  published: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

/** A download's name from the essay's title: letters, digits and dashes only. */
export function exportFileName(title: string, extension: "pdf" | "docx"): string {
  const stem = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .toLowerCase();
  return `${stem || "essay"}.${extension}`;
}

/** Finds a quoted passage in the plain text: the occurrence nearest `near`, else the first. */
export function anchorQuote(text: string, quote: string, near?: number): { start: number; end: number } | undefined {
  if (!quote) return undefined;
  let best: number | undefined;
  for (let index = text.indexOf(quote); index !== -1; index = text.indexOf(quote, index + 1)) {
    if (best === undefined || (near !== undefined && Math.abs(index - near) < Math.abs(best - near))) best = index;
    if (near === undefined) break;
  }
  return best === undefined ? undefined : { start: best, end: best + quote.length };
}
