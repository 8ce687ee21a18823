import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { db } from "~/db/db.server";
import { notFound } from "~/errors/not-found.server";
import { ACTIVITY_TYPE_LABELS, SECTION_TYPE_LABELS } from "~/online-courses/editor-forms";
import { findCourse } from "~/online-courses/editor.server";
import { printEditionFor } from "~/online-courses/printable-access.server";
import { loadPrintableCourse } from "~/online-courses/printable.server";
import { studentEdition } from "~/online-courses/student-booklets";
import { requestNow } from "~/utils/clock.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * /online-courses/{id}/print: the whole course on one page, laid out for paper (no app bar on
 * print paths). Its managers read the quizzes' answers; a student with the full content reads it
 * as a study sheet, without them; anyone else gets 404, as if there were no course.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, "routes/online-courses+/$id_.print"))!;
  const id = parseRecordId(params.id);
  const course = id === null ? undefined : await findCourse(db(), id);
  const edition = course ? await printEditionFor(viewerFor(session), course, requestNow(request)) : null;
  const printable = course && edition ? await loadPrintableCourse(db(), course.id) : null;
  if (!printable || !edition) throw notFound("There is no such online course.");
  if (edition === "manager") return { ...printable, edition };
  // Paper for studying, as the students' booklet prints it: the questions stay, their answers do not leave the server.
  return { ...studentEdition(printable), edition };
}

const LETTERS = "ABCDEFGHIJ";

export default function PrintCoursePage() {
  const { course, instructorName, chapters, edition } = useLoaderData<typeof loader>();
  return (
    <article className="print-page">
      <p className="no-print">
        {edition === "manager" ? <Link to={`/online-courses/${course.id}/manager`}>Back to the course manager</Link> : <Link to="/dashboard?view_sheets=true">Back to your study sheets</Link>} · Use your
        browser’s Print command to print this page or save it as a PDF.
      </p>
      <header>
        <h1>{course.name}</h1>
        <p>
          {course.course_code}
          {instructorName ? ` · Instructor: ${instructorName}` : null}
        </p>
        {course.description ? <p>{course.description}</p> : null}
      </header>
      {chapters.length === 0 ? <p>This course has no chapters yet.</p> : null}
      {chapters.map((chapter, chapterIndex) => (
        <section key={chapter.id} aria-labelledby={`print-chapter-${chapter.id}`}>
          <h2 id={`print-chapter-${chapter.id}`}>
            {chapterIndex + 1}. {chapter.title}
          </h2>
          {chapter.sections.map((section) => (
            // Unnamed, so not a landmark: two chapters may hold sections with the same title.
            <section key={section.id}>
              <h3>
                {section.title} <small>({SECTION_TYPE_LABELS[section.type]})</small>
              </h3>
              {section.activities.map((activity) => (
                <div key={activity.id} className="print-activity">
                  <h4>
                    {activity.title} <small>({ACTIVITY_TYPE_LABELS[activity.type]})</small>
                  </h4>
                  {activity.body ? <p>{activity.body}</p> : null}
                  {activity.cards.length ? (
                    <dl>
                      {activity.cards.map((card, index) => (
                        <div key={index}>
                          <dt>{card.front}</dt>
                          <dd>{card.back}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  {activity.questions.length ? (
                    <ol>
                      {activity.questions.map((question, index) => (
                        <li key={index}>
                          {question.prompt}
                          <ol type="A">
                            {question.choices.map((choice, choiceIndex) => (
                              <li key={choiceIndex}>{choice}</li>
                            ))}
                          </ol>
                        </li>
                      ))}
                    </ol>
                  ) : null}
                  {edition === "manager" && activity.questions.length ? (
                    <p>
                      <small>
                        Answers: {activity.questions.map((question, index) => `${index + 1}. ${question.answerIndex === null ? "?" : (LETTERS[question.answerIndex] ?? question.answerIndex + 1)}`).join("  ")}
                      </small>
                    </p>
                  ) : null}
                </div>
              ))}
            </section>
          ))}
        </section>
      ))}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.course.name ?? "Course"} — Print — Marketplace` },
  { name: "robots", content: "noindex" },
];
