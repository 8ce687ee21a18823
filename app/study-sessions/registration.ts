import { z } from "zod";
import { signUpSchema } from "~/accounts/forms";
import type { StudySessionType } from "~/db/schema";

/**
 * The free registration for a live study session (SPEC §7 free_register, §8's success text),
 * shared by the session page's form, its JSON twin and the tests: the fields, the messages and
 * the session types' names.
 */

/** SPEC §8: shown after a free registration, word for word. */
export const REGISTERED_MESSAGE = "Thanks for signing up. You should receive a confirmation email shortly.";
export const ALREADY_REGISTERED_MESSAGE = "You're already registered for this session.";
export const PAST_SESSION_MESSAGE = "This session has already taken place, so registration is closed.";
export const PAID_SESSION_MESSAGE = "This session is not free: buy a seat at checkout instead.";
export const UNKNOWN_COURSE_MESSAGE = "Choose one of the courses this session is offered for";

export const SESSION_TYPE_NAMES: Record<StudySessionType, string> = {
  general: "Live session",
  exam_prep: "Exam prep crash course",
  weekly_tutorial: "Weekly tutorial",
  office_hours: "Office hours",
  exam_review: "Exam review / mock exam walkthrough",
};

export const PHONE_NUMBER_MAX_LENGTH = 40;

const optionalText = (schema: z.ZodString) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

/** The registration's own fields, the same in the form and the API: an optional course and phone number. */
export const registrationFields = {
  course_id: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ error: UNKNOWN_COURSE_MESSAGE }).int(UNKNOWN_COURSE_MESSAGE).positive(UNKNOWN_COURSE_MESSAGE).max(2_147_483_647, UNKNOWN_COURSE_MESSAGE).optional(),
  ),
  phone_number: optionalText(
    z
      .string()
      .trim()
      .max(PHONE_NUMBER_MAX_LENGTH, "That phone number is too long")
      .regex(/^[0-9+()\-. ]+$/, "Enter a phone number with digits, spaces, +, - or parentheses"),
  ),
};

export const registrationApiSchema = z.object(registrationFields);
export type RegistrationFields = z.infer<typeof registrationApiSchema>;

const accountSchema = signUpSchema.pick({ first_name: true, last_name: true, email: true, password: true });

/**
 * The page's form: a signed-in student sends only the registration's fields; a guest signs up in
 * the same form (first and last name, email, password, checked as on the sign-up page).
 */
export function registrationFormSchema(viewer: "guest" | "signed-in") {
  return z
    .object({
      ...registrationFields,
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      email: z.string().optional(),
      password: z.string().optional(),
    })
    .transform(({ first_name, last_name, email, password, ...fields }, context) => {
      if (viewer === "signed-in") return { ...fields, account: null };
      const account = accountSchema.safeParse({ first_name, last_name, email, password });
      if (account.success) return { ...fields, account: account.data };
      for (const issue of account.error.issues) context.addIssue({ code: "custom", message: issue.message, path: issue.path });
      return z.NEVER;
    });
}

export type RegistrationRefusalKind = "already-registered" | "paid" | "past" | "unknown-course" | "not-found";

export interface RegistrationRefusal {
  kind: RegistrationRefusalKind;
  status: 400 | 404 | 409;
  message: string;
  field?: "course_id";
}

const REFUSALS: Record<RegistrationRefusalKind, Omit<RegistrationRefusal, "kind">> = {
  "already-registered": { status: 409, message: ALREADY_REGISTERED_MESSAGE },
  paid: { status: 409, message: PAID_SESSION_MESSAGE },
  past: { status: 409, message: PAST_SESSION_MESSAGE },
  "unknown-course": { status: 400, message: UNKNOWN_COURSE_MESSAGE, field: "course_id" },
  "not-found": { status: 404, message: "There is no such live session." },
};

/**
 * Why a free registration is refused, from the domain's outcome or, before anything is written,
 * from what the page knows of the session and the viewer (undefined: it may go ahead).
 */
export function registrationRefusal(
  state: { enrolment: unknown; price: { free: boolean }; timing: "upcoming" | "live" | "past" },
  outcome?: RegistrationRefusalKind,
): RegistrationRefusal | undefined {
  const kind: RegistrationRefusalKind | undefined =
    outcome ?? (state.enrolment ? "already-registered" : !state.price.free ? "paid" : state.timing === "past" ? "past" : undefined);
  return kind ? { kind, ...REFUSALS[kind] } : undefined;
}
