import { z } from "zod";
import { CONTEST_UPLOAD_MESSAGES, UPLOAD_MAX_BYTES, type ContestWindow } from "./scholarship-rules";

/**
 * The contest /contest runs (SPEC §2 /contest, §3 contestEntries), as data: its key (stored on
 * every entry), its window and its rules, and the entry form's fields. The page's hero and
 * judging text are its site page (slug `contest`); what an entrant must follow is here, the one
 * place the page, the form, the server and the tests read it from. Pure, shared with the browser.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The demo contest's window, set from the day the server starts (a month back, two months on),
 * so it takes entries on first start whatever the date. A real contest names its dates here.
 */
export function demoContestWindow(startedAt: Date): ContestWindow {
  return { opens: isoDay(new Date(startedAt.getTime() - 30 * DAY_MS)), closes: isoDay(new Date(startedAt.getTime() + 60 * DAY_MS)) };
}

export interface Contest {
  key: string;
  /** The site page with the contest's hero and judging text. */
  pageSlug: string;
  name: string;
  window: ContestWindow;
  rules: readonly string[];
}

export const TITLE_MAX = 200;
export const BODY_MAX_WORDS = 500;
/** The database takes up to 20,000 characters; 500 words fit with room to spare. */
export const BODY_MAX_CHARS = 20_000;

export const CONTEST: Contest = {
  key: "exam-season-study",
  pageSlug: "contest",
  name: "Exam season study contest",
  window: demoContestWindow(new Date()),
  rules: [
    "Open to students aged 16 and over in Canada and the US.",
    `Write up to ${BODY_MAX_WORDS} words about one study method and the exam it helped with.`,
    "You may attach one PDF or picture (PNG or JPEG, at most 10 MB): notes, a schedule, a mind map.",
    "One entry per person; it cannot be changed once sent.",
    "Winners are picked by our instructors and announced on this page; we email them.",
  ],
};

export const countWords = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

export const CONTEST_FORM_MESSAGES = {
  title: "Give your entry a title.",
  titleTooLong: `Use at most ${TITLE_MAX} characters.`,
  body: "Describe your study method.",
  bodyTooLong: `Use at most ${BODY_MAX_WORDS} words.`,
};

/** The entry form, shared by the page and the action. The upload's kind is checked by its bytes when stored. */
export const contestEntrySchema = z.object({
  title: z.string({ error: CONTEST_FORM_MESSAGES.title }).trim().min(1, CONTEST_FORM_MESSAGES.title).max(TITLE_MAX, CONTEST_FORM_MESSAGES.titleTooLong),
  body: z
    .string({ error: CONTEST_FORM_MESSAGES.body })
    .trim()
    .min(1, CONTEST_FORM_MESSAGES.body)
    .max(BODY_MAX_CHARS, CONTEST_FORM_MESSAGES.bodyTooLong)
    .refine((text) => countWords(text) <= BODY_MAX_WORDS, CONTEST_FORM_MESSAGES.bodyTooLong),
  upload: z
    .instanceof(File, { message: CONTEST_UPLOAD_MESSAGES.wrongType })
    .refine((file) => file.size <= UPLOAD_MAX_BYTES, CONTEST_UPLOAD_MESSAGES.tooLarge)
    .optional(),
});

/** Staff marking or unmarking a winner, and announcing them. */
export const contestStaffSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("winner"), id: z.coerce.number().int().positive(), winner: z.enum(["yes", "no"]) }),
  z.object({ intent: z.literal("announce") }),
]);

export const CONTEST_STAFF_MESSAGES = {
  announcedStays: "This winner is announced already: an announced winner stays a winner.",
  nothingToAnnounce: "No new winners to announce: mark entries as winners first.",
  gone: "That entry is gone.",
};
