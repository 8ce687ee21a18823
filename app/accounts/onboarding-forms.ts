import { z } from "zod";

/**
 * The /onboarding forms, one per step (app/accounts/onboarding.ts), each saving on its own. The
 * same field rules as /profile (app/accounts/profile-forms.ts), but here each field of a step is
 * required: the step is there to fill it.
 */
const required = (max: number, label: string) =>
  z
    .string({ error: `Enter your ${label.toLowerCase()}` })
    .trim()
    .min(1, `Enter your ${label.toLowerCase()}`)
    .max(max, `${label} is too long (at most ${max} characters)`);
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** The school step's fields (also the class-rep wizard's profile step). */
export const schoolStepFields = { school_id: id("Choose your school from the list"), year: required(20, "Year") };

export const onboardingSchema = z.discriminatedUnion(
  "step",
  [
    z.object({ step: z.literal("school"), ...schoolStepFields }),
    z.object({ step: z.literal("studies"), faculty: required(120, "Faculty"), degree: required(120, "Degree") }),
    z.object({ step: z.literal("tutored-courses"), course_id: id("Choose a course you tutor") }),
  ],
  { error: "Unknown step." }
);
export type OnboardingInput = z.infer<typeof onboardingSchema>;
