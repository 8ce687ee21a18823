import type { OnlineCourseStatus } from "~/db/schema";

/**
 * The course editor's rules (issue 5 item 6, SPEC §4 statuses). Pure, shared by server and client.
 */

/** A course moves one step at a time along this line; closed is the end. */
export const STATUS_ORDER: readonly OnlineCourseStatus[] = ["hidden", "preparing", "published", "closed"];

export const STATUS_LABELS: Record<OnlineCourseStatus, string> = {
  hidden: "Hidden",
  preparing: "Preparing",
  published: "Published",
  closed: "Closed",
};

/** What each status means to students, shown next to the status control. */
export const STATUS_MEANINGS: Record<OnlineCourseStatus, string> = {
  hidden: "Students cannot see the course.",
  preparing: "Students see the details and can pre-register.",
  published: "Students can register and view the course.",
  closed: "No one can view the course, and it can no longer be edited.",
};

/** The status a course may move to next, or null at the end of the line. */
export function nextStatus(status: OnlineCourseStatus): OnlineCourseStatus | null {
  const index = STATUS_ORDER.indexOf(status);
  return index >= 0 && index < STATUS_ORDER.length - 1 ? STATUS_ORDER[index + 1]! : null;
}

export type StatusChange = { ok: true } | { ok: false; reason: string };

/** Whether a course may move from one status to another: only forward, one step at a time. */
export function checkStatusChange(from: OnlineCourseStatus, to: OnlineCourseStatus): StatusChange {
  if (from === "closed") return { ok: false, reason: "This course is closed: its status can no longer change." };
  if (from === to) return { ok: false, reason: `The course is already ${STATUS_LABELS[to].toLowerCase()}.` };
  const next = nextStatus(from);
  if (to !== next) {
    return { ok: false, reason: `A ${STATUS_LABELS[from].toLowerCase()} course can only move on to ${STATUS_LABELS[next!].toLowerCase()}.` };
  }
  return { ok: true };
}

/** Closed courses allow no edits (SPEC §4). */
export function isEditable(status: OnlineCourseStatus): boolean {
  return status !== "closed";
}

export const CLOSED_MESSAGE = "This course is closed and can no longer be edited.";

/** The toast after each course-manager form (details and packages, status, booklet). */
export const MANAGER_SAVED_MESSAGES = {
  details: "Course details saved.",
  status: "Course status changed.",
  booklet: "Your booklet is being generated.",
} as const;

/** The status toast, saying how many pre-registered students the change is telling (publishing). */
export function statusChangedMessage(preRegistrantsNotified: number): string {
  if (preRegistrantsNotified <= 0) return MANAGER_SAVED_MESSAGES.status;
  const told = preRegistrantsNotified === 1 ? "1 pre-registered student is" : `${preRegistrantsNotified} pre-registered students are`;
  return `${MANAGER_SAVED_MESSAGES.status} ${told} being told.`;
}

/** The toast after creating a course and after each curriculum change; a change not listed (placing by drag) has none. */
export const EDITOR_SAVED_MESSAGES: Record<string, string> = {
  created: "Course created. Add its first chapter below.",
  "add-chapter": "Chapter added.",
  "edit-chapter": "Chapter saved.",
  "move-chapter": "Chapter moved.",
  "delete-chapter": "Chapter deleted.",
  "add-section": "Section added.",
  "edit-section": "Section saved.",
  "move-section": "Section moved.",
  "delete-section": "Section deleted.",
  "add-activity": "Activity added.",
  "edit-activity": "Activity saved.",
  "move-activity": "Activity moved.",
  "delete-activity": "Activity deleted.",
};

export type Direction = "up" | "down";

/**
 * The position an item at `position` swaps with when moved, among `count` items with dense
 * positions 0…count-1; null when it is already at that end (or out of range).
 */
export function swapTarget(position: number, count: number, direction: Direction): number | null {
  if (!Number.isInteger(position) || position < 0 || position >= count) return null;
  const target = direction === "up" ? position - 1 : position + 1;
  return target >= 0 && target < count ? target : null;
}

/**
 * Positions after moving the item at `from` to `to` (drag and drop), as a permutation: element i
 * of the result is the old position of the item that now sits at i. Null when out of range.
 */
export function moveOrder(count: number, from: number, to: number): number[] | null {
  if (![from, to].every((n) => Number.isInteger(n) && n >= 0 && n < count)) return null;
  const order = Array.from({ length: count }, (_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved!);
  return order;
}

/** Parses a price typed as dollars ("12", "12.5", "12.50", "$1,200.00") into integer cents; null when it is not a price. */
export function parsePriceToCents(input: string): number | null {
  const text = input.trim().replace(/^\$/, "").replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the editor shows them in a price field: "12.50". */
export function centsToPriceInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export type CourseDeletion = { ok: true } | { ok: false; reason: string };

/**
 * A course may be deleted only while no student has seen or joined it: hidden and without
 * enrolments. Anything else keeps its history and is closed instead.
 */
export function checkCourseDeletion(course: { status: OnlineCourseStatus; enrolments: number }): CourseDeletion {
  if (course.status !== "hidden") {
    return { ok: false, reason: `A ${STATUS_LABELS[course.status].toLowerCase()} course cannot be deleted: close it instead.` };
  }
  if (course.enrolments > 0) return { ok: false, reason: "This course has enrolled students: close it instead of deleting it." };
  return { ok: true };
}
