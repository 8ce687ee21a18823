import { Link } from "@remix-run/react";
import type { ClassRepWizardStep } from "~/db/schema";
import { ClassRepReportList, type ReportView } from "./report-list";

export interface RepCourseView {
  id: number;
  wizard_step: ClassRepWizardStep;
  course_code: string;
  course_name: string;
  course_slug: string;
  reports: ReportView[];
}

/**
 * The class-rep tab's courses: each course the rep represents, with the set-up wizard while it is
 * unfinished, the link to file a report, and the latest reports with staff's comments. Its
 * headings are h2 and h3: it sits under the dashboard's h1.
 */
export function RepCoursesPanel({ courses }: { courses: readonly RepCourseView[] }) {
  return (
    <section aria-labelledby="rep-courses" style={{ marginBottom: "var(--space-6)" }}>
      <h2 id="rep-courses">Your class rep courses</h2>
      {courses.length === 0 ? (
        <p className="muted">
          You do not represent a course yet. <Link to="/class-rep-positions">See the courses looking for a class rep</Link>.
        </p>
      ) : (
        <ul className="stack-list">
          {courses.map((course) => (
            <li key={course.id}>
              <h3>
                <Link to={`/courses/${course.course_slug}`}>{course.course_code}</Link>: {course.course_name}
              </h3>
              <p>
                <Link to={`/class-rep-wizard/${course.id}`}>{course.wizard_step === "done" ? `Your set-up for ${course.course_code}` : `Finish setting up ${course.course_code}`}</Link> ·{" "}
                <Link to={`/class-rep-courses/${course.id}/reports`}>File a report for {course.course_code}</Link>
              </p>
              <ClassRepReportList reports={course.reports} empty="No report filed yet." />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
