import { serialize, toResource, type ResourceDefinition } from "~/api/document";
import { courseResource } from "~/api/resources/catalog";
import type { CourseSummary } from "~/catalog/schools.server";
import type { EducatorSummary } from "~/accounts/educators.server";
import type { Avatar } from "~/db/schema";
import { averageRating } from "~/reviews/rules";
import type { TutorCandidate } from "~/tutoring/ranking";

const SILHOUETTE: Avatar = { is_silhouette: true, is_processing: false, original: null, normal: null, thumb: null };

/**
 * An educator as anyone may see them (type "educator", keyed by user id): a separate type from
 * "user" so a client's store never mixes this public subset into a full user record.
 */
export const educatorResource: ResourceDefinition<EducatorSummary> = {
  type: "educator",
  attributes: (educator) => ({
    name: `${educator.first_name} ${educator.last_name}`.trim(),
    first_name: educator.first_name,
    last_name: educator.last_name,
    display_name: educator.display_name,
    roles: educator.roles,
    bio: educator.bio,
    avatar: educator.avatar ?? SILHOUETTE,
  }),
};

export interface EducatorProfileRow extends EducatorSummary {
  tutor_profile: {
    headline: string;
    hourly_rate_cents: number;
    currency: string;
    accepting_students: boolean;
    sessions_taught: number;
  } | null;
  tutored_course_ids: number[];
  online_course_ids: number[];
}

export const educatorProfileResource: ResourceDefinition<EducatorProfileRow> = {
  type: "educatorProfile",
  attributes: (row) => ({
    ...educatorResource.attributes(row),
    tutor_profile: row.tutor_profile
      ? {
          headline: row.tutor_profile.headline,
          hourly_rate: row.tutor_profile.hourly_rate_cents,
          currency: row.tutor_profile.currency,
          accepting_students: row.tutor_profile.accepting_students,
          sessions_taught: row.tutor_profile.sessions_taught,
        }
      : null,
  }),
  relationships: (row) => ({
    tutored_courses: { type: "course", ids: row.tutored_course_ids },
    online_courses: { type: "onlineCourse", ids: row.online_course_ids },
  }),
};

export interface PublicOnlineCourse {
  id: number;
  name: string;
  slug: string;
  course_code: string;
  course_type: string;
  price_cents: number;
  currency: string;
}

export const publicOnlineCourseResource: ResourceDefinition<PublicOnlineCourse> = {
  type: "onlineCourse",
  attributes: (course) => ({
    name: course.name,
    slug: course.slug,
    course_code: course.course_code,
    course_type: course.course_type,
    price: course.price_cents,
    currency: course.currency,
  }),
};

/** A tutor suggested to a student (type "recommendedTutor", keyed by user id), with why. */
export const recommendedTutorResource: ResourceDefinition<TutorCandidate & { score: number; sharedCourseCodes: readonly string[] }> = {
  type: "recommendedTutor",
  attributes: (tutor) => ({
    name: `${tutor.firstName} ${tutor.lastName}`,
    headline: tutor.headline,
    hourly_rate: tutor.rateCents,
    currency: tutor.currency,
    accepting_students: tutor.acceptingStudents,
    sessions_taught: tutor.sessionsTaught,
    rating: averageRating(tutor.reviews),
    review_count: tutor.reviews.count,
    shared_course_codes: tutor.sharedCourseCodes,
    score: tutor.score,
  }),
  relationships: (tutor) => ({ tutored_courses: { type: "course", ids: [...tutor.tutoredCourseIds] } }),
};

/** An educator's profile document (educator_profile, instructor_profile): the profile with their tutored and online courses included. */
export function educatorProfileDocument(
  profile: { educator: EducatorSummary; tutorProfile: EducatorProfileRow["tutor_profile"]; tutoredCourses: CourseSummary[]; onlineCourses: PublicOnlineCourse[] },
  meta?: Record<string, unknown>,
) {
  const row: EducatorProfileRow = {
    ...profile.educator,
    tutor_profile: profile.tutorProfile,
    tutored_course_ids: profile.tutoredCourses.map((course) => course.id),
    online_course_ids: profile.onlineCourses.map((course) => course.id),
  };
  return serialize(educatorProfileResource, row, {
    included: [...profile.tutoredCourses.map((course) => toResource(courseResource, course)), ...profile.onlineCourses.map((course) => toResource(publicOnlineCourseResource, course))],
    ...(meta ? { meta } : {}),
  });
}
