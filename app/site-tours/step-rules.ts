import { z } from "zod";

/**
 * Staff editing of the site tours' steps (SPEC §4: add, remove and reorder steps): what a step's
 * selector may be, the order a move gives, and the forms of /admin/site-tours/{tour}. Pure;
 * tests/unit/site-tours/step-rules.test.ts.
 */

export const SELECTOR_MAX_LENGTH = 200;

const CLOSERS: Record<string, string> = { "[": "]", "(": ")" };

/**
 * Why a CSS selector cannot be used for a step, or null when it looks usable. The server cannot
 * run the browser's parser, so this catches what goes wrong in practice: nothing written, too
 * long, markup pasted in, and brackets or quotes left open. The admin form also asks the browser
 * (`document.querySelector` throws on any invalid selector) when scripts run.
 */
export function selectorProblem(selector: string): string | null {
  const text = selector.trim();
  if (text.length === 0) return "Write the selector of the element the step points at";
  if (text.length > SELECTOR_MAX_LENGTH) return `Keep the selector to ${SELECTOR_MAX_LENGTH} characters`;
  if (text.includes("<")) return "A selector names an element, it is not markup: no “<”";
  if (/^[>+~,]|[>+~,]$/.test(text)) return "The selector starts or ends with a combinator or a comma";
  const open: string[] = [];
  let quote: string | null = null;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === "\\") {
      index += 1;
      continue;
    }
    if (quote) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char in CLOSERS) open.push(CLOSERS[char]!);
    else if (char === "]" || char === ")") {
      if (open.pop() !== char) return `The selector has a “${char}” that closes nothing`;
    }
  }
  if (quote) return "The selector has a quote that is not closed";
  if (open.length > 0) return `The selector has a bracket that is not closed (expected “${open[open.length - 1]}”)`;
  return null;
}

export type StepMove = "up" | "down";

/**
 * A tour's step ids in their new order after moving one up or down, or null when it cannot move
 * (already first or last, or not in the tour). Positions are then written 0..n-1.
 */
export function movedSteps(ids: readonly number[], id: number, direction: StepMove): number[] | null {
  const index = ids.indexOf(id);
  const target = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= ids.length) return null;
  const order = [...ids];
  order[index] = ids[target]!;
  order[target] = id;
  return order;
}

/** Where a step asked to go at `position` (1-based, as staff count) lands among `count` steps: 0..count, at the end when not given. */
export function insertionIndex(position: number | undefined, count: number): number {
  if (position === undefined) return count;
  return Math.min(Math.max(position - 1, 0), count);
}

const stepId = z.coerce.number({ error: "Choose a step" }).int("Choose a step").positive("Choose a step").max(2_147_483_647, "Choose a step");
const selector = z
  .string({ error: "Write the selector of the element the step points at" })
  .trim()
  .superRefine((value, context) => {
    const problem = selectorProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });
const title = z.string({ error: "Write the step's title" }).trim().min(1, "Write the step's title").max(200, "Keep the title to 200 characters");
const body = z.string({ error: "Write what the step says" }).trim().min(1, "Write what the step says").max(2000, "Keep the text to 2,000 characters");
const position = z.coerce
  .number({ error: "The position is a number from 1" })
  .int("The position is a whole number")
  .min(1, "The position is a number from 1")
  .max(1000, "The position is a number up to 1,000")
  .optional();

/** The forms of /admin/site-tours/{tour}. */
export const tourStepSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), selector, title, body, position }),
    z.object({
      intent: z.literal("update"),
      step_id: stepId,
      selector,
      title,
      body,
    }),
    z.object({ intent: z.literal("remove"), step_id: stepId }),
    z.object({
      intent: z.literal("move"),
      step_id: stepId,
      direction: z.enum(["up", "down"], { error: "Move it up or down" }),
    }),
  ],
  { error: "Unknown action." }
);

/** The tours' names as staff and visitors read them. */
export const TOUR_NAMES = {
  site_help: "Site help",
  online_course_experience: "Online course experience",
  video: "Video lessons",
  study_room: "Study rooms",
} as const;
