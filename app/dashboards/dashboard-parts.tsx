import { Heading, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A titled block of a dashboard, with what to show when it is empty. */
export function DashboardSection({ title, empty, children, isEmpty }: { title: string; empty: ReactNode; isEmpty: boolean; children: ReactNode }) {
  return (
    <section aria-label={title} style={{ marginTop: "var(--space-6)" }}>
      <Heading as="h2" size="5" mb="3">
        {title}
      </Heading>
      {isEmpty ? (
        <Text as="p" color="gray">
          {empty}
        </Text>
      ) : (
        children
      )}
    </section>
  );
}

export function CourseTiles({ courses }: { courses: { id: number; slug: string; code: string; name: string; school_name?: string | null }[] }) {
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
