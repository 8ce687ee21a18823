import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";

/**
 * The profile's input rules, shared by the /profile form (server always, browser when
 * JavaScript runs) and PUT /api/v1/users/{id}. One set of field rules, two envelopes: the form
 * sends every field (an empty one clears it), the API only the fields it changes.
 */
const name = (label: string) =>
  z.string({ error: `Enter your ${label}` }).trim().min(1, `Enter your ${label}`).max(80, `That ${label} is too long`);
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);
const email = z
  .string({ error: "Enter your email address" })
  .trim()
  .max(254, "That email address is too long")
  .pipe(z.email({ error: "Enter a valid email address" }));
const id = z.coerce.number({ error: "Choose a valid course" }).int().positive().max(2_147_483_647);
export const COUNTRY_CODES = ["CA", "US"] as const;
/** Courses one change of a profile may name, in the form and in the API alike. */
const USER_COURSES_MAX = 100;

/** `_destroy` as Rails forms send it: "1"/"true"/"on" (a checked box) or a JSON boolean. */
const destroyFlag = z
  .union([z.boolean(), z.enum(["1", "0", "true", "false", "on"])])
  .optional()
  .transform((value) => value === true || value === "1" || value === "true" || value === "on");

const userCourseEntry = z
  .object({ id: id.optional(), course_id: id.optional(), _destroy: destroyFlag })
  .strict()
  .refine((entry) => entry.id !== undefined || entry.course_id !== undefined, { error: "Give an id (to keep or remove) or a course_id (to add)" });

/** One entry of user_courses_attributes: keep or remove an entry by id, or add a course by course_id. */
export interface UserCourseChange {
  id?: number;
  course_id?: number;
  _destroy?: boolean;
}

/** The /profile form. Conform drops empty fields, so an absent optional field means "clear it". */
export const profileFormSchema = z.object({
  intent: z.literal("profile"),
  first_name: name("first name"),
  last_name: name("last name"),
  display_name: optionalText(80, "Display name").optional(),
  email,
  school_id: z.coerce.number({ error: "Choose a school from the list" }).int().positive().max(2_147_483_647).optional(),
  year: optionalText(20, "Year").optional(),
  faculty: optionalText(120, "Faculty").optional(),
  degree: optionalText(120, "Degree").optional(),
  country_code: z.enum(COUNTRY_CODES, { error: "Choose Canada or the United States" }).optional(),
  bio: optionalText(2000, "Bio").optional(),
  // Needed only when the email changes and the sign-in is not recent (checked by the server).
  current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  // Conform leaves an untouched "add a course" select out, which can leave an empty entry behind.
  user_courses_attributes: z
    .array(z.object({ id: id.optional(), course_id: id.optional(), _destroy: destroyFlag }).optional())
    .max(USER_COURSES_MAX, `Choose at most ${USER_COURSES_MAX} courses`)
    .optional()
    .transform((entries) => (entries ?? []).filter((entry): entry is NonNullable<typeof entry> => !!entry && (entry.id !== undefined || entry.course_id !== undefined))),
});

export type ProfileFormInput = z.infer<typeof profileFormSchema>;

/** The picture upload; whether it is an image we can use is decided on its bytes, once stored. */
export const avatarFormSchema = z.object({
  intent: z.literal("avatar"),
  avatar: z.instanceof(File, { error: "Choose an image to upload." }),
});

/** What each form says once saved: a toast on /profile (tests/e2e/profile.spec.ts looks for them). */
export const PROFILE_SAVED_MESSAGES = {
  profile: "Your profile is saved.",
  password: "Your password is changed. Other devices have been signed out.",
  avatar: "Your picture is updated.",
} as const;

export const passwordFormSchema = z
  .object({
    intent: z.literal("password"),
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    password: z
      .string({ error: "Choose a new password" })
      .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
    password_confirmation: z.string({ error: "Type the new password again" }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    error: "The two passwords don't match",
    path: ["password_confirmation"],
  });

export const reauthenticationSchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(PASSWORD_MAX_LENGTH, "That password is too long"),
  redirect_to: z.string().max(2048).optional(),
});

/** PUT /api/v1/users/{id}: only the fields being changed; null clears a clearable field. */
export const userUpdateApiSchema = z.object({
  user: z
    .object({
      first_name: name("first name"),
      last_name: name("last name"),
      display_name: optionalText(80, "Display name").nullable(),
      email,
      password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`).max(PASSWORD_MAX_LENGTH),
      school_id: id.nullable(),
      year: optionalText(20, "Year").nullable(),
      faculty: optionalText(120, "Faculty").nullable(),
      degree: optionalText(120, "Degree").nullable(),
      country_code: z.enum(COUNTRY_CODES).nullable(),
      bio: optionalText(2000, "Bio").nullable(),
      user_courses_attributes: z.array(userCourseEntry).max(USER_COURSES_MAX),
    })
    .partial()
    .strict(),
});

export type UserUpdateApiInput = z.infer<typeof userUpdateApiSchema>["user"];

/**
 * Rails-style nested names (`user_courses_attributes[0][id]`, what the API and older clients
 * use) in conform's notation (`user_courses_attributes[0].id`), so one schema reads both.
 */
export function conformNames(formData: FormData): FormData {
  const normalized = new FormData();
  for (const [key, value] of formData) normalized.append(key.replace(/\[([A-Za-z_][A-Za-z0-9_]*)\]/g, ".$1"), value);
  return normalized;
}
