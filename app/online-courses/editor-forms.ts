import { z } from "zod";
import type { ActivityType } from "~/db/schema";
import { parsePriceToCents } from "~/online-courses/editor-rules";

/**
 * The course editor's input rules (issue 5 item 6): one schema per form, used by the server
 * always and by the browser when JavaScript runs. Prices are typed in dollars and stored in cents.
 */

export const COURSE_TYPES = ["exam_prep", "tutorial", "template", "textbook", "class_pass", "ss_booklet"] as const;
export const COURSE_TYPE_LABELS: Record<(typeof COURSE_TYPES)[number], string> = {
  exam_prep: "Exam prep",
  tutorial: "Tutorial",
  template: "Template",
  textbook: "Textbook",
  class_pass: "Class pass",
  ss_booklet: "Study session booklet",
};
export const PURCHASE_TYPES = ["standard", "subscription", "course_bundle"] as const;
export const READ_ACCESS = ["public", "private", "wize_profs", "partner_members"] as const;
export const READ_ACCESS_LABELS: Record<(typeof READ_ACCESS)[number], string> = {
  public: "Public",
  private: "Private (enrolled students only)",
  wize_profs: "Instructors only",
  partner_members: "Partner members",
};
export const CHAPTER_KINDS = ["chapter", "intro", "mock_exam"] as const;
export const CHAPTER_KIND_LABELS: Record<(typeof CHAPTER_KINDS)[number], string> = { chapter: "Chapter", intro: "Intro", mock_exam: "Mock exam" };
export const SECTION_TYPES = ["core", "additional"] as const;
export const SECTION_TYPE_LABELS: Record<(typeof SECTION_TYPES)[number], string> = { core: "Core lesson", additional: "Additional practice" };
export const ACTIVITY_TYPES = ["video", "reading", "quiz", "checkpoint_quiz", "mock_exam", "flash_card_deck", "practice_question_set"] as const satisfies readonly ActivityType[];
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  video: "Video",
  reading: "Reading",
  quiz: "Quiz",
  checkpoint_quiz: "Checkpoint quiz",
  mock_exam: "Mock exam",
  flash_card_deck: "Flash-card deck",
  practice_question_set: "Practice question set",
};

const text = (label: string, max: number) =>
  z.string({ error: `Enter a ${label}` }).trim().min(1, `Enter a ${label}`).max(max, `The ${label} is too long (at most ${max} characters)`);
const id = (what: string) => z.coerce.number({ error: `Choose a ${what}` }).int(`Choose a ${what}`).positive(`Choose a ${what}`).max(2_147_483_647, `Choose a ${what}`);
const choice = <const T extends readonly [string, ...string[]]>(values: T, label: string) => z.enum(values, { error: `Choose a ${label}` });
/** A checkbox: present ("on") when ticked, absent otherwise. */
const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("1"), z.boolean()])
  .optional()
  .transform((value) => value !== undefined && value !== false);
const price = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .transform((value, ctx) => {
      const cents = parsePriceToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: `Enter the ${label} in dollars, like 49 or 49.99` });
        return z.NEVER;
      }
      return cents;
    });
const optionalPrice = (label: string) => price(label).optional().transform((cents) => cents ?? null);

export const newCourseSchema = z.object({
  name: text("course name", 200),
  course_code: text("course code", 40),
  course_type: choice(COURSE_TYPES, "course type"),
  description: z.string().trim().max(5000, "The description is too long (at most 5000 characters)").optional().transform((value) => value ?? ""),
});
export type NewCourseInput = z.infer<typeof newCourseSchema>;

export const courseDetailsSchema = newCourseSchema.extend({
  intent: z.literal("details"),
  purchase_type: choice(PURCHASE_TYPES, "purchase type"),
  read_access: choice(READ_ACCESS, "read access"),
  currency: choice(["USD", "CAD"] as const, "currency"),
  price: price("price"),
  regular_price: optionalPrice("regular price"),
  pro_enabled: checkbox,
  pro_price: optionalPrice("Learn package price"),
  pro_regular_price: optionalPrice("Learn package regular price"),
  practice_enabled: checkbox,
  practice_price: optionalPrice("Practice package price"),
  practice_regular_price: optionalPrice("Practice package regular price"),
}).superRefine((input, ctx) => {
  for (const issue of packagePriceIssues(input)) ctx.addIssue({ code: "custom", ...issue });
});
export type CourseDetailsInput = z.infer<typeof courseDetailsSchema>;

/**
 * An enabled package needs its price. Shared by the manager's form and the API, which sends the
 * same details in cents.
 */
export function packagePriceIssues(input: {
  pro_enabled: boolean;
  pro_price: number | null;
  practice_enabled: boolean;
  practice_price: number | null;
}): { path: ["pro_price" | "practice_price"]; message: string }[] {
  const issues: { path: ["pro_price" | "practice_price"]; message: string }[] = [];
  if (input.pro_enabled && input.pro_price === null) issues.push({ path: ["pro_price"], message: "Enter the Learn package price, or turn the package off" });
  if (input.practice_enabled && input.practice_price === null) {
    issues.push({ path: ["practice_price"], message: "Enter the Practice package price, or turn the package off" });
  }
  return issues;
}

export const statusSchema = z.object({
  intent: z.literal("status"),
  status: choice(["hidden", "preparing", "published", "closed"] as const, "status"),
});

export const bookletSchema = z.object({ intent: z.literal("booklet") });

/** The course manager page's forms. */
export const managerSchema = z.discriminatedUnion("intent", [courseDetailsSchema, statusSchema, bookletSchema]);

const direction = choice(["up", "down"] as const, "direction");
/** A place among the item's siblings, counted from 0 (drag and drop, or the API's `position`). */
const position = z.coerce
  .number({ error: "Enter a position from 0" })
  .int("Enter a whole-number position")
  .min(0, "Enter a position from 0")
  .max(100_000, "Enter a position within the list");

/** The curriculum editor's forms, one `intent` each. */
export const editorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-chapter"), title: text("chapter title", 200), kind: choice(CHAPTER_KINDS, "chapter kind"), position: position.optional() }),
  z.object({ intent: z.literal("edit-chapter"), chapter_id: id("chapter"), title: text("chapter title", 200), kind: choice(CHAPTER_KINDS, "chapter kind") }),
  z.object({ intent: z.literal("move-chapter"), chapter_id: id("chapter"), direction }),
  z.object({ intent: z.literal("place-chapter"), chapter_id: id("chapter"), position }),
  z.object({ intent: z.literal("delete-chapter"), chapter_id: id("chapter") }),
  z.object({
    intent: z.literal("add-section"),
    chapter_id: id("chapter"),
    title: text("section title", 200),
    section_type: choice(SECTION_TYPES, "section type"),
    position: position.optional(),
  }),
  z.object({ intent: z.literal("edit-section"), section_id: id("section"), title: text("section title", 200), section_type: choice(SECTION_TYPES, "section type") }),
  z.object({ intent: z.literal("move-section"), section_id: id("section"), direction }),
  z.object({ intent: z.literal("place-section"), section_id: id("section"), position }),
  z.object({ intent: z.literal("delete-section"), section_id: id("section") }),
  z.object({
    intent: z.literal("add-activity"),
    section_id: id("section"),
    title: text("activity title", 200),
    activity_type: choice(ACTIVITY_TYPES, "activity type"),
    can_preview: checkbox,
    position: position.optional(),
  }),
  z.object({
    intent: z.literal("edit-activity"),
    activity_id: id("activity"),
    title: text("activity title", 200),
    activity_type: choice(ACTIVITY_TYPES, "activity type"),
    can_preview: checkbox,
  }),
  z.object({ intent: z.literal("move-activity"), activity_id: id("activity"), direction }),
  z.object({ intent: z.literal("place-activity"), activity_id: id("activity"), position }),
  z.object({ intent: z.literal("delete-activity"), activity_id: id("activity") }),
]);
export type EditorCommand = z.infer<typeof editorSchema>;

/** The question bank's filters (GET /online-course-activities/questions); bad values are dropped, not refused. */
export const questionFiltersSchema = z.object({
  course: z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined),
  type: z.enum(ACTIVITY_TYPES).optional().catch(undefined),
  query: z.string().trim().max(200).optional().catch(undefined).transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined).transform((value) => value ?? 1),
});
export type QuestionFilters = z.infer<typeof questionFiltersSchema>;
