import { z } from "zod";
import { ApiError } from "~/api/errors";
import type { OnlineCourse } from "~/db/schema";
import { courseDetailsSchema, newCourseSchema, packagePriceIssues, statusSchema, type CourseDetailsInput } from "~/online-courses/editor-forms";

/**
 * The course manager's details, packages and status as JSON for the API: the same fields and
 * messages as the manager's forms, with prices as integer cents (as the API shows them) instead
 * of typed dollars.
 */

const details = courseDetailsSchema.shape;
const cents = (label: string) =>
  z.number({ error: `Enter the ${label} in cents, as a whole number` }).int(`Enter the ${label} in cents, as a whole number`).min(0, `The ${label} cannot be negative`).max(99_999_999, `The ${label} is too high`);

const packageSchema = (label: string) =>
  z.strictObject({
    enabled: z.boolean({ error: `Say whether the ${label} package is on (true or false)` }).optional(),
    price: cents(`${label} package price`).nullable().optional(),
    regular_price: cents(`${label} package regular price`).nullable().optional(),
  });

export const newCourseBodySchema = z.object({ online_course: newCourseSchema.strict() });

export const courseChangeBodySchema = z.object({
  online_course: z.strictObject({
    name: details.name.optional(),
    course_code: details.course_code.optional(),
    course_type: details.course_type.optional(),
    description: details.description.optional(),
    purchase_type: details.purchase_type.optional(),
    read_access: details.read_access.optional(),
    currency: details.currency.optional(),
    price: cents("price").optional(),
    regular_price: cents("regular price").nullable().optional(),
    packages_config: z.strictObject({ pro: packageSchema("Learn").optional(), practice: packageSchema("Practice").optional() }).optional(),
    status: statusSchema.shape.status.optional(),
  }),
});
export type CourseChange = z.infer<typeof courseChangeBodySchema>["online_course"];

const DETAIL_FIELDS = ["name", "course_code", "course_type", "description", "purchase_type", "read_access", "currency", "price", "regular_price", "packages_config"] as const;

/**
 * The course's details after the change: what is sent over what is stored. Null when the change
 * names no detail (only the status). An enabled package without a price is 422, as in the form.
 */
export function detailsAfter(course: OnlineCourse, change: CourseChange): CourseDetailsInput | null {
  if (!DETAIL_FIELDS.some((field) => change[field] !== undefined)) return null;
  const pro = course.packages_config.pro;
  const practice = course.packages_config.practice;
  const input: CourseDetailsInput = {
    intent: "details",
    name: change.name ?? course.name,
    course_code: change.course_code ?? course.course_code,
    course_type: change.course_type ?? course.course_type,
    description: change.description ?? course.description ?? "",
    purchase_type: change.purchase_type ?? course.purchase_type,
    read_access: change.read_access ?? course.read_access,
    currency: change.currency ?? (course.currency as CourseDetailsInput["currency"]),
    price: change.price ?? course.price_cents,
    regular_price: change.regular_price !== undefined ? change.regular_price : course.regular_price_cents,
    pro_enabled: change.packages_config?.pro?.enabled ?? pro?.enabled ?? false,
    pro_price: pick(change.packages_config?.pro?.price, pro?.price_cents),
    pro_regular_price: pick(change.packages_config?.pro?.regular_price, pro?.regular_price_cents),
    practice_enabled: change.packages_config?.practice?.enabled ?? practice?.enabled ?? false,
    practice_price: pick(change.packages_config?.practice?.price, practice?.price_cents),
    practice_regular_price: pick(change.packages_config?.practice?.regular_price, practice?.regular_price_cents),
  };
  const issues = packagePriceIssues(input);
  if (issues.length) {
    const errors = issues.map((issue) => {
      const pointer = issue.path[0] === "pro_price" ? "/online_course/packages_config/pro/price" : "/online_course/packages_config/practice/price";
      return { status: "422", code: "invalid_attribute", detail: `${pointer.slice(1).replaceAll("/", ".")}: ${issue.message}`, source: { pointer } };
    });
    throw new ApiError(422, "invalid_attribute", errors[0]!.detail, { errors });
  }
  return input;
}

function pick(sent: number | null | undefined, stored: number | null | undefined): number | null {
  return sent !== undefined ? sent : (stored ?? null);
}
