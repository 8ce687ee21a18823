import { z } from "zod";
import type { EmploymentType } from "~/db/schema";
import { tryAgainInMessage } from "~/errors/messages";
import { RESUME_MAX_BYTES, RESUME_MESSAGES } from "./hiring";

export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: "Full-time",
  part_time: "Part-time",
  contract: "Contract",
  internship: "Internship",
};

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/** The job application form (/job-application), checked in the browser and always on the server. */
export const jobApplicationSchema = z.object({
  job_position_id: z.coerce.number().int().positive().optional(),
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(120, "Use at most 120 characters"),
  email: z.email({ error: "Enter a valid email address" }).trim().max(254),
  phone: optionalText(40),
  portfolio_url: z
    .url({ protocol: /^https?$/, error: "Enter a full link starting with https://" })
    .max(500)
    .optional(),
  cover_letter: z
    .string({ error: "Tell us why you are a good fit" })
    .trim()
    .min(20, "Write at least 20 characters")
    .max(5000, "Use at most 5,000 characters"),
  // Checked for size here; for what it is (PDF or Word, by its bytes) when stored.
  resume: z
    .instanceof(File)
    .refine((file) => file.size <= RESUME_MAX_BYTES, RESUME_MESSAGES.tooLarge)
    .optional()
    .transform((file) => (file && file.size > 0 ? file : undefined)),
});

export type JobApplicationInput = z.infer<typeof jobApplicationSchema>;

/** Past the hourly limit: the application was not stored, and when the form takes one again. */
export function jobApplicationLimitMessage(retryAfterSeconds: number) {
  return tryAgainInMessage("We have received several applications from your network this hour, so this one was not sent.", retryAfterSeconds);
}
