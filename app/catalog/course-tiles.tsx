import { Link } from "@remix-run/react";
import type { Currency } from "~/db/schema";
import { formatPrice } from "~/formatting/price";
import { TileSection } from "~/content/content-page";

/** Where every mention of an online course links: its overview (SPEC §2 /online-courses/{id}). */
export function onlineCoursePath(id: number) {
  return `/online-courses/${id}`;
}

interface OnlineCourseTile {
  id: number;
  slug: string;
  name: string;
  description: string;
  course_type: string;
  price_cents: number;
  currency: Currency;
}

/** Published online courses as tiles, each linking to the search for its name. */
export function OnlineCourseTiles({ heading, courses }: { heading: string; courses: OnlineCourseTile[] }) {
  if (courses.length === 0) return null;
  return (
    <TileSection heading={heading}>
      {courses.map((course) => (
        <li key={course.id}>
          <article className="tile">
            <span className="tile-tags">
              <span className="tag">{course.course_type.replace("_", " ")}</span>
            </span>
            <h3 className="tile-title">
              <Link to={onlineCoursePath(course.id)}>{course.name}</Link>
            </h3>
            <p className="tile-meta">{course.description}</p>
            <p className="tile-meta">
              <strong>{formatPrice(course.price_cents, course.currency)}</strong>
            </p>
          </article>
        </li>
      ))}
    </TileSection>
  );
}

interface SchoolTile {
  id: number;
  name: string;
  city: string;
  region_code: string;
  course_count?: number | null;
  session_count?: number | null;
}

export function SchoolTiles({ heading, schools, href }: { heading: string; schools: SchoolTile[]; href: (school: SchoolTile & { slug: string }) => string }) {
  return (
    <TileSection heading={heading}>
      {schools.map((school) => (
        <li key={school.id}>
          <Link to={href(school as SchoolTile & { slug: string })} className="tile">
            <span className="tile-title">{school.name}</span>
            <span className="tile-meta">
              {school.city}, {school.region_code}
              {school.course_count != null ? ` · ${school.course_count} courses` : ""}
              {school.session_count != null ? ` · ${school.session_count} upcoming sessions` : ""}
            </span>
          </Link>
        </li>
      ))}
    </TileSection>
  );
}
