import { Callout } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** What a dashboard says when its address asks for a view that is not built (app/dashboards/unbuilt-views.ts). */
export function UnavailableViewNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <Callout.Root color="amber" role="status" mt="4">
      <Callout.Text>{notice} Here is your dashboard instead.</Callout.Text>
    </Callout.Root>
  );
}

/** A titled block of a dashboard, with what to show when it is empty. */
export function DashboardSection({
  title,
  empty,
  children,
  isEmpty,
}: {
  title: string;
  empty: ReactNode;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} style={{ marginTop: "var(--space-6)" }}>
      <h2 className="section-heading">{title}</h2>
      {isEmpty ? <p className="muted">{empty}</p> : children}
    </section>
  );
}

export function CourseTiles({
  courses,
}: {
  courses: {
    id: number;
    slug: string;
    code: string;
    name: string;
    school_name?: string | null;
  }[];
}) {
  return (
    <ul className="tile-list">
      {courses.map((course) => (
        <li key={course.id}>
          <Link to={`/courses/${course.slug}`} className="tile">
            <span className="tile-meta">
              {course.code}
              {course.school_name ? ` · ${course.school_name}` : ""}
            </span>
            <span className="tile-title">{course.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const ENROLMENT_LABELS: Record<string, string> = {
  trialing: "Trial",
  active: "Active",
  pending_payment: "Action Required",
  refunded: "Refunded",
  expired: "Expired",
  invited: "Invited",
  invite_rejected: "Declined",
};

/** The student's online courses with a progress bar and a link back to where they left off. */
export function OnlineCourseProgressList({
  courses,
}: {
  courses: {
    id: number;
    slug: string;
    name: string;
    course_code: string;
    status: string;
    percent: number;
    completed_count: number;
    activity_count: number;
  }[];
}) {
  return (
    <ul className="tile-list">
      {courses.map((course) => (
        <li key={course.id} className="tile">
          <span className="tile-meta">
            {course.course_code} ·{" "}
            {ENROLMENT_LABELS[course.status] ?? course.status}
          </span>
          <Link to={`/online-courses/${course.id}`} className="tile-title">
            {course.name}
          </Link>
          <label style={{ display: "block", marginTop: "var(--space-2)" }}>
            <span className="tile-meta">
              Progress: {course.percent}% ({course.completed_count} of{" "}
              {course.activity_count})
            </span>
            <progress
              value={course.percent}
              max={100}
              style={{ display: "block", width: "100%" }}
            >
              {course.percent}%
            </progress>
          </label>
          <Link
            to={`/in-course-experience/${course.slug}?resume=true`}
            aria-label={`Resume ${course.name}`}
          >
            Resume
          </Link>
        </li>
      ))}
    </ul>
  );
}
