import type { ResourceDefinition } from "~/api/document";
import type { CourseSummary } from "~/catalog/schools.server";
import type { School } from "~/db/schema";

export const schoolResource = (courseIds?: Map<number, number[]>): ResourceDefinition<School> => ({
  type: "school",
  attributes: (school) => ({
    name: school.name,
    short_name: school.short_name,
    slug: school.slug,
    school_type: school.school_type,
    country_code: school.country_code,
    region_code: school.region_code,
    city: school.city,
  }),
  relationships: courseIds ? (school) => ({ courses: { type: "course", ids: courseIds.get(school.id) ?? [] } }) : undefined,
});

export const courseResource: ResourceDefinition<CourseSummary> = {
  type: "course",
  attributes: (course) => ({
    code: course.code,
    name: course.name,
    slug: course.slug,
    subject: course.subject,
    price: course.price_cents,
    currency: course.currency,
  }),
  relationships: (course) => ({ school: { type: "school", id: course.school_id } }),
};
