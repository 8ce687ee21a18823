import type { ResourceDefinition } from "~/api/document";
import type { InstructorDashboardData } from "~/dashboards/dashboards.server";

/** GET /api/v1/users/{id}/instructor_dashboard (SPEC §2): the educator home's data, open question counts included. */
export const instructorDashboardResource: ResourceDefinition<InstructorDashboardData> = {
  type: "instructorDashboard",
  attributes: (dashboard) => ({
    online_courses: dashboard.onlineCourses.map((course) => ({
      id: course.id,
      name: course.name,
      status: course.status,
      course_type: course.course_type,
      chapter_count: course.chapter_count,
      open_question_count: course.open_question_count,
    })),
    answers_questions: dashboard.answersQuestions,
    open_question_count: dashboard.questionCounts.open,
    question_counts: dashboard.questionCounts,
    upcoming_study_sessions: dashboard.sessions.map((session) => ({ id: session.id, title: session.title, next_start: session.next_start })),
    tutored_courses: dashboard.tutoredCourses.map((course) => ({ id: course.id, code: course.code, name: course.name, school_name: course.school_name })),
    tutor_profile: dashboard.tutorProfile
      ? {
          headline: dashboard.tutorProfile.headline,
          hourly_rate_cents: dashboard.tutorProfile.hourly_rate_cents,
          currency: dashboard.tutorProfile.currency,
          accepting_students: dashboard.tutorProfile.accepting_students,
        }
      : null,
  }),
};
