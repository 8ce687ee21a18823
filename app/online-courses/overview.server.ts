import { data, redirect } from "@remix-run/node";
import type { Viewer } from "~/accounts/roles";
import { db } from "~/db/db.server";
import { holdsEnrolment, registration } from "~/online-courses/access";
import { chapterHeading } from "~/online-courses/curriculum";
import { enrol } from "~/online-courses/enrolments.server";
import { inCourseBase } from "~/online-courses/in-course-page.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { combinePackages, isPackageKey, PACKAGE_TYPE_OF, packageOffers } from "~/online-courses/packages";

/** The overview page of an online course and its one form (taking a free package). */

export async function loadOverview(viewer: Viewer, idOrSlug: string) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) throw new Response("Course not found", { status: 404 });
  const { course, enrolment, access, tree } = loaded;
  return {
    course: {
      id: course.id,
      slug: course.slug,
      name: course.name,
      course_code: course.course_code,
      description: course.description,
      status: course.status,
      purchase_type: course.purchase_type,
      price_cents: course.price_cents,
      regular_price_cents: course.regular_price_cents,
      currency: course.currency,
      instructor_id: course.instructor_id,
      instructor_name: course.instructor_name,
      instructor_bio: course.instructor_bio,
    },
    offers: packageOffers(course),
    registration: registration(course, access.accessLevel),
    enrolment: enrolment ? { status: enrolment.status, package_type: enrolment.package_type } : null,
    percent: tree.percent,
    previewable: tree.activities.filter((activity) => activity.access.allowed && activity.access.via === "preview"),
    outline: tree.chapters.map((chapter) => ({
      id: chapter.id,
      title: chapterHeading(chapter),
      activityCount: chapter.sections.reduce((sum, section) => sum + section.activities.length, 0),
    })),
    inCourseHref: inCourseBase(course.slug),
    signedIn: viewer.id !== null,
  };
}

/**
 * Enrols the signed-in viewer in a free package (price 0) of a course open for registration.
 * Paid packages go through checkout; an enrolment that already holds access is kept as it is.
 */
export async function overviewAction(viewer: Viewer, userId: number, idOrSlug: string, form: FormData) {
  if (form.get("intent") !== "enrol") return data({ error: "Unknown action." }, { status: 400 });
  const key = form.get("package");
  if (!isPackageKey(key)) return data({ error: "Choose Learn, Practice or the Learn-Practice Bundle." }, { status: 400 });
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) throw new Response("Course not found", { status: 404 });
  const { course, enrolment, access } = loaded;
  if (registration(course, access.accessLevel) === null) return data({ error: "This course is not open for registration." }, { status: 403 });
  const offer = packageOffers(course).find((candidate) => candidate.key === key);
  if (!offer) return data({ error: "This course does not offer that package." }, { status: 400 });
  if (offer.priceCents !== 0) return data({ error: "This package is paid: use Buy to check out." }, { status: 400 });
  const base = inCourseBase(course.slug);
  // A held enrolment keeps what it has and gains the free package (Learn + Practice = the bundle).
  const held = enrolment && holdsEnrolment(access.enrolment, access.now) ? enrolment.package_type : "none";
  const packageType = combinePackages(held, PACKAGE_TYPE_OF[key]);
  if (packageType !== held || !enrolment || enrolment.status !== "active") {
    await enrol(db(), { userId, onlineCourseId: course.id, packageType, status: held === "none" ? "active" : enrolment!.status });
  }
  throw redirect(`${base}?resume=true`);
}
