import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { db } from "~/db/db.server";
import { ACTIVITY_TYPE_LABELS, SECTION_TYPE_LABELS } from "~/online-courses/editor-forms";
import { requireManagedCourse } from "~/online-courses/course-access.server";
import { loadPrintableCourse } from "~/online-courses/printable.server";

/** /online-courses/{id}/print: the whole course on one page, laid out for paper (no app bar on print paths). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { course } = await requireManagedCourse(request, "routes/online-courses+/$id_.print", params.id);
  const printable = await loadPrintableCourse(db(), course.id);
  if (!printable) throw new Response("There is no such online course.", { status: 404 });
  return printable;
}

const LETTERS = "ABCDEFGHIJ";

export default function PrintCoursePage() {
  const { course, instructorName, chapters } = useLoaderData<typeof loader>();
  return (
    <article className="print-page">
      <p className="no-print">
        <Link to={`/online-courses/${course.id}/manager`}>Back to the course manager</Link> · Use your browser’s Print command to print this page or save it as a PDF.
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
                  {activity.questions.length ? (
                    <p>
                      <small>
                        Answers: {activity.questions.map((question, index) => `${index + 1}. ${LETTERS[question.answerIndex] ?? question.answerIndex + 1}`).join("  ")}
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
