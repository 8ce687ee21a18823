import { z } from "zod";
import type { EmploymentType, HiringStage } from "~/db/schema";
import { EMPLOYMENT_TYPE_LABELS } from "./careers";
import { HIRING_STAGES } from "./hiring";

/** The jobs manager's forms (/admin/hiring/*), checked on the server. */

const lines = (label: string) =>
  z
    .string({ error: `List the ${label}, one per line` })
    .max(5000)
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((items) => items.length > 0, `List the ${label}, one per line`)
    .refine((items) => items.length <= 20, "Keep it to 20 lines");

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `Use at most ${max} characters`);

export const positionSchema = z.object({
  intent: z.literal("create"),
  title: text("Give the position a title", 120),
  department: text("Name the department", 80),
  location: text("Say where the work is", 80),
  employment_type: z.enum(Object.keys(EMPLOYMENT_TYPE_LABELS) as [EmploymentType, ...EmploymentType[]], { error: "Choose the kind of employment" }),
  summary: text("Write a short summary", 1000),
  responsibilities: lines("responsibilities"),
  qualifications: lines("qualifications"),
});

const recordId = z.coerce.number().int().positive().max(2_147_483_647);

export const positionToggleSchema = z.object({ intent: z.enum(["close", "reopen"]), position_id: recordId });

export const hiringIndexSchema = z.discriminatedUnion("intent", [positionSchema, positionToggleSchema]);

export const applicationActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("stage"), stage: z.enum(HIRING_STAGES as [HiringStage, ...HiringStage[]], { error: "Choose a stage" }) }),
  z.object({ intent: z.literal("note"), body: text("Write the note", 5000) }),
  z.object({
    intent: z.literal("email"),
    subject: text("Give the email a subject", 150).refine((value) => !/[\r\n]/.test(value), "Keep the subject on one line"),
    message: text("Write the email", 5000),
  }),
]);
