import type { ResourceDefinition } from "~/api/document";
import type { Enrolment } from "~/study-sessions/enrolments.server";

/** An enrolment in a live study session as every /api/v1 study-session call answers it (SPEC §3 study session user). */
export interface StudySessionUserRow extends Enrolment {
  /** On a roster: who the student is (their instructor and admins see it). */
  email?: string;
  name?: string;
}

export const studySessionUserResource: ResourceDefinition<StudySessionUserRow> = {
  type: "studySessionUser",
  attributes: (row) => ({
    role: row.role,
    status: row.status,
    course_id: row.course_id,
    phone_number: row.phone_number,
    extended_access_date: row.extended_access_date,
    purchase_id: row.purchase_id,
    confirmation_sent_at: row.confirmation_sent_at,
    created_at: row.created_at,
    ...(row.email === undefined ? {} : { email: row.email, name: row.name ?? "" }),
  }),
  relationships: (row) => ({
    study_session: { type: "studySession", id: row.study_session_id },
    user: { type: "user", id: row.user_id },
    course: { type: "course", id: row.course_id },
    purchase: { type: "purchase", id: row.purchase_id },
  }),
};
