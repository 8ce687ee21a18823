import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { listTutors, tutorFilterChoices } from "~/catalog/people.server";
import { formatSubject } from "~/formatting/format";
import { formatPrice } from "~/formatting/price";
import { ratingLabel } from "~/reviews/rules";
import { metaFor } from "~/seo/page-meta";
import { hasFilters, OPEN_SOON_DAYS, parseTutorFilters } from "~/tutoring/tutor-filters";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;

/** /tutors[?course&subject&school&open=week]: tutors, filtered by course, subject, school and whether they are open soon. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/tutors+/_index");
  const choices = await tutorFilterChoices();
  const filters = parseTutorFilters(new URL(request.url).searchParams, choices.subjects);
  return { tutors: await listTutors(filters), choices, filters, filtered: hasFilters(filters) };
}

export default function TutorsPage() {
  const { tutors, choices, filters, filtered } = useLoaderData<typeof loader>();
  return (
    <div className="wrapper wrapper--wide page">
      <h1 className="page-heading">Tutors</h1>
      <p style={{ margin: "var(--space-2) 0 var(--space-5)" }}>
        One-on-one help from tutors who took your course and did well in it. <Link to="/tutoring">Request tutoring</Link> and the first tutor of your course to accept
        takes you on, or ask one of them from their profile.
      </p>
      <Form method="get" className="tutor-filters" aria-label="Filter tutors">
        <label className="tutoring-field">
          Course
          <select className="native-input" name="course" defaultValue={filters.courseId ?? ""}>
            <option value="">Any course</option>
            {choices.courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.code}: {course.name}
              </option>
            ))}
          </select>
        </label>
        <label className="tutoring-field">
          Subject
          <select className="native-input" name="subject" defaultValue={filters.subject ?? ""}>
            <option value="">Any subject</option>
            {choices.subjects.map((subject) => (
              <option key={subject} value={subject}>
                {formatSubject(subject)}
              </option>
            ))}
          </select>
        </label>
        <label className="tutoring-field">
          School
          <select className="native-input" name="school" defaultValue={filters.schoolId ?? ""}>
            <option value="">Any school</option>
            {choices.schools.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
              </option>
            ))}
          </select>
        </label>
        <label className="tutor-filters__check">
          <input type="checkbox" name="open" value="week" defaultChecked={filters.openSoon} /> Open in the next {OPEN_SOON_DAYS} days
        </label>
        <div className="tutor-filters__actions">
          <button type="submit" className="button">
            Show tutors
          </button>
          {filtered ? <Link to="/tutors">Clear</Link> : null}
        </div>
      </Form>
      <p role="status" className="muted" style={{ margin: "var(--space-4) 0 var(--space-3)" }}>
        {tutors.length === 0 ? "No tutor matches these filters." : `${tutors.length} ${tutors.length === 1 ? "tutor" : "tutors"}`}
      </p>
      <ul className="tile-list">
        {tutors.map((tutor) => (
          <li key={tutor.id}>
            <Link to={`/tutors/${tutor.id}`} className="tile">
              <span className="tile-title">
                {tutor.first_name} {tutor.last_name}
              </span>
              <span className="tile-meta">{tutor.headline}</span>
              <span className="tile-meta">
                {formatPrice(tutor.hourly_rate_cents, tutor.currency)} / hour · {ratingLabel(tutor.reviews)} · {tutor.sessions_taught} sessions
                {tutor.accepting_students ? "" : " · not accepting students"}
              </span>
              {tutor.course_codes.length ? <span className="tile-meta">Tutors {tutor.course_codes.join(", ")}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Tutors", description: "Find a one-on-one tutor for your exact course, with rates, ratings and the courses they tutor.", path: "/tutors" });
