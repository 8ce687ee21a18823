import { z } from "zod";

/** The admin's school and course forms (SPEC §3 schools, courses). Pure, shared by server and client. */

export const SCHOOL_TYPES = ["university", "high_school", "k_to_8"] as const;
export const COUNTRY_CODES = ["CA", "US"] as const;
export const COURSE_SUBJECTS = [
  "accounting",
  "biology",
  "biochem",
  "business",
  "cars",
  "chemistry",
  "orgchem",
  "compsci",
  "economics",
  "engineering",
  "english",
  "finance",
  "logic",
  "marketing",
  "mathematics",
  "physics",
  "physiology",
  "psychology",
  "reading",
  "reasoning",
  "statistics",
  "general",
] as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
const id = (label: string) =>
  z.coerce
    .number({ error: `Choose ${label}.` })
    .int(`Choose ${label}.`)
    .positive(`Choose ${label}.`)
    .max(2_147_483_647, `Choose ${label}.`);

const schoolFields = {
  name: text("Name", 200),
  short_name: z.string().trim().max(40, "Short name must be at most 40 characters.").optional(),
  school_type: z.enum(SCHOOL_TYPES, { error: "Choose a school type." }),
  country_code: z.enum(COUNTRY_CODES, { error: "Choose a country." }),
  region_code: text("Region", 10),
  city: text("City", 100),
};

export const schoolAdminSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...schoolFields }),
  z.object({ intent: z.literal("update"), school_id: id("a school"), ...schoolFields }),
  z.object({ intent: z.literal("merge"), duplicate_id: id("the duplicate school"), kept_id: id("the school to keep") }),
]);

const courseFields = {
  code: text("Code", 30),
  name: text("Name", 200),
  school_id: id("a school"),
  subject: z.enum(COURSE_SUBJECTS, { error: "Choose a subject." }),
  price_cents: z.coerce
    .number({ error: "Price must be a whole number of cents." })
    .int("Price must be a whole number of cents.")
    .min(0, "Price cannot be negative.")
    .max(10_000_000, "Price is too large."),
};

export const courseAdminSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...courseFields }),
  z.object({ intent: z.literal("update"), course_id: id("a course"), ...courseFields }),
  z.object({ intent: z.literal("merge"), duplicate_id: id("the duplicate course"), kept_id: id("the course to keep") }),
]);

export type SchoolFields = z.infer<z.ZodObject<typeof schoolFields>>;
export type CourseFields = z.infer<z.ZodObject<typeof courseFields>>;

/** A slug from a name ("Université Laval" → "universite-laval"); a suffix keeps it unique. */
export function slugFrom(text: string, fallback: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80)
      .replace(/-+$/g, "") || fallback
  );
}
