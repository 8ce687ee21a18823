import { db } from "~/db/db.server";
import type { StudySessionAttachmentKind } from "~/db/schema";
import { openableAttachments } from "~/study-sessions/access";
import { mySession } from "~/study-sessions/my-sessions";
import { myEnrolmentsFromRows, myEnrolmentsQuery } from "~/study-sessions/my-sessions.server";

/** Which attachments are study sheets (recordings and previews are not). */
const SHEET_KINDS: readonly StudySessionAttachmentKind[] = ["booklet", "solution"];

export interface StudySheet {
  id: number;
  sessionId: number;
  sessionTitle: string;
  kind: "booklet" | "solution";
  name: string;
  href: string;
}

/**
 * /dashboard?view_sheets=true: the booklets and solutions of the student's live sessions that they
 * may open now (the session's own rules: access while enrolled, material excluded by the session
 * left out), newest session first. One round of queries.
 */
export async function studySheetsOf(userId: number, now: Date): Promise<StudySheet[]> {
  const [enrolments, attachments] = await Promise.all([
    myEnrolmentsQuery(userId).execute(),
    db()
      .selectFrom("study_session_attachments as a")
      .innerJoin("study_session_users as ssu", "ssu.study_session_id", "a.study_session_id")
      .innerJoin("study_sessions as s", "s.id", "a.study_session_id")
      .where("ssu.user_id", "=", userId)
      .where("a.kind", "in", SHEET_KINDS)
      .select(["a.id", "a.study_session_id", "a.kind", "a.position", "a.name", "s.booklet_excluded", "s.solutions_excluded", "s.recording_excluded"])
      .orderBy("a.study_session_id", "desc")
      .orderBy("a.position")
      .execute(),
  ]);
  const sessions = new Map(myEnrolmentsFromRows(enrolments).map((enrolment) => [enrolment.session_id, mySession(enrolment, now)]));
  const bySession = new Map<number, typeof attachments>();
  for (const attachment of attachments) bySession.set(attachment.study_session_id, [...(bySession.get(attachment.study_session_id) ?? []), attachment]);
  return [...bySession].flatMap(([sessionId, rows]) => {
    const session = sessions.get(sessionId);
    if (!session) return [];
    return openableAttachments(rows, rows[0]!, session.hasAccess).map((row) => ({
      id: row.id,
      sessionId,
      sessionTitle: session.title,
      kind: row.kind as "booklet" | "solution",
      name: row.name,
      href: `/study-sessions/${sessionId}/attachments/${row.id}`,
    }));
  });
}
