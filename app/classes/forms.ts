import { z } from "zod";
import { normalizeClassCode } from "~/classes/class-codes";
import { parseGrade } from "~/classes/grade-averages";
import { isIsoDate } from "~/classes/planner";
import { isTerm } from "~/classes/terms";

/** The forms of the teacher's pages and the student's assignment page. Pure, shared by actions and forms. */

const id = z.coerce.number({ error: "Choose one" }).int().positive({ error: "Choose one" });
const title = z.string({ error: "Give it a title" }).trim().min(1, "Give it a title").max(200, "Keep the title to 200 characters");
const category = z.string({ error: "Give a category, e.g. Homework" }).trim().min(1, "Give a category, e.g. Homework").max(60, "Keep the category to 60 characters");
const weight = z.coerce.number({ error: "Give a weight from 1 to 1000" }).int("Give a whole number").min(1, "Give a weight from 1 to 1000").max(1000, "Give a weight from 1 to 1000");
/** A typed grade: blank clears it. */
const grade = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const parsed = parseGrade(value ?? "");
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: "Give a grade from 0 to 100 (at most two decimals), or leave it blank" });
      return z.NEVER;
    }
    return parsed.grade;
  });

export const teacherHomeSchema = z.object({
  intent: z.literal("add-class"),
  course_id: id,
  /** "fall:2026": one field, so the term and its year are chosen together. */
  term_of_year: z.string({ error: "Choose a term" }).transform((value, ctx) => {
    const [term = "", year = ""] = value.split(":");
    if (!isTerm(term) || !/^\d{4}$/.test(year) || Number(year) < 2000 || Number(year) > 2100) {
      ctx.addIssue({ code: "custom", message: "Choose a term" });
      return z.NEVER;
    }
    return { term, year: Number(year) };
  }),
});

/** A datetime-local value ("2026-12-01T17:00"), read as UTC, as the field's label says. */
const dueAt = z
  .string({ error: "Give a due date and time" })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Give a due date and time")
  .transform((value, ctx) => {
    const date = new Date(`${value}:00Z`);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "Give a due date and time" });
      return z.NEVER;
    }
    return date;
  });

export const classPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email: z.email({ error: "Give the student's email address" }).trim().max(254) }),
  z.object({ intent: z.literal("add-teacher"), email: z.email({ error: "Give the teacher's email address" }).trim().max(254) }),
  z.object({ intent: z.literal("remove-teacher"), user_id: id }),
  z.object({ intent: z.literal("remove-student"), user_id: id }),
  z.object({
    intent: z.literal("assign"),
    kind: z.enum(["activity", "quiz", "reading", "upload"], { error: "Choose what kind of work it is" }),
    title,
    instructions: z.string().trim().max(5000, "Keep the instructions to 5,000 characters").optional().default(""),
    activity_id: z.coerce.number().int().positive().optional(),
    due_at: dueAt,
    category,
    weight,
  }),
]);

export const gradeBookSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grade"), assessment_id: id, user_id: id, grade }),
  z.object({ intent: z.literal("add-assessment"), title, category, weight }),
  z.object({
    intent: z.literal("import"),
    file: z
      .instanceof(File, { error: "Choose a CSV file" })
      .refine((file) => file.size > 0, "Choose a CSV file")
      .refine((file) => file.size <= 1024 * 1024, "The file is too large (at most 1 MB)"),
  }),
]);

export const joinClassSchema = z.object({
  code: z.string({ error: "Type the class code your teacher gave you" }).transform((typed, ctx) => {
    const code = normalizeClassCode(typed);
    if (!code) {
      ctx.addIssue({ code: "custom", message: "A class code has 7 letters and digits, e.g. K7MP2QX" });
      return z.NEVER;
    }
    return code;
  }),
});

export const assignmentPageSchema = z.discriminatedUnion("intent", [
  z.looseObject({ intent: z.literal("submit") }),
  z.object({ intent: z.literal("grade"), user_id: id, grade, feedback: z.string().trim().max(5000, "Keep the feedback to 5,000 characters").optional().default("") }),
]);

/** A day of the planner ("YYYY-MM-DD", as a date field sends it); whether it is in the term is checked against the class. */
const day = z.string({ error: "Give a day" }).refine(isIsoDate, "Give a day");
const notes = z.string().trim().max(5000, "Keep the notes to 5,000 characters").optional().default("");
const eventKind = z.enum(["test", "holiday", "other"], { error: "Choose what kind of event it is" });
/** "17:30", or blank for all day. */
const time = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const typed = (value ?? "").trim();
    if (typed === "") return null;
    const match = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(typed);
    if (!match) {
      ctx.addIssue({ code: "custom", message: "Give a time like 09:30, or leave it blank for all day" });
      return z.NEVER;
    }
    return `${match[1]}:${match[2]}`;
  });
const itemKind = z.enum(["lesson", "event"], { error: "Choose a lesson or an event" });

export const plannerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-lesson"), title, notes, date: day }),
  z.object({ intent: z.literal("edit-lesson"), item_id: id, title, notes }),
  z.object({ intent: z.literal("add-event"), title, event_kind: eventKind, date: day, time }),
  z.object({ intent: z.literal("edit-event"), item_id: id, title, event_kind: eventKind, time }),
  z.object({ intent: z.literal("move"), item_kind: itemKind, item_id: id, date: day }),
  z.object({ intent: z.literal("delete"), item_kind: itemKind, item_id: id }),
]);
