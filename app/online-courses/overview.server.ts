import { AccessLevel, type Viewer } from "~/accounts/roles";
import { db } from "~/db/db.server";
import { holdsEnrolment, registration } from "~/online-courses/access";
import { chapterHeading, inCourseBase } from "~/online-courses/curriculum";
import { enrol } from "~/online-courses/enrolments.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { combinePackages, offerStanding, PACKAGE_TYPE_OF, packageOffers, type PackageKey } from "~/online-courses/packages";
import { checkPreRegistration, preRegistrationState } from "~/online-courses/pre-registration";
import { countPreRegistrations, isPreRegistered, preRegister, withdrawPreRegistration } from "~/online-courses/pre-registrations.server";

/**
 * An online course's overview as one viewer sees it, and what its forms do: taking a free
 * package, pre-registering and withdrawing. Each answers undefined (the course's overview) or
 * `no-course` when the viewer cannot see the course.
 */

export async function loadOverview(viewer: Viewer, idOrSlug: string) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) return undefined;
  const { course, enrolment, access, tree } = loaded;
  const preparing = course.status === "preparing";
  const staff = access.accessLevel >= AccessLevel.EDIT;
  const held = enrolment && holdsEnrolment(access.enrolment, access.now) ? enrolment.package_type : "none";
  const offers = packageOffers(course);
  const [preRegistered, preRegistrationCount] = await Promise.all([
    preparing && viewer.id !== null ? isPreRegistered(db(), course.id, viewer.id) : false,
    preparing && staff ? countPreRegistrations(db(), course.id) : null,
  ]);
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
    offers: offers.map((offer) => ({ ...offer, standing: offerStanding(offer, held, offers) })),
    registration: registration(course, access.accessLevel),
    preRegistration: preRegistrationState({ status: course.status, accessLevel: access.accessLevel, signedIn: viewer.id !== null, preRegistered }),
    /** Staff only: how many students wait for the course to open. */
    preRegistrationCount,
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

type NoCourse = { kind: "no-course" };
/** Why a form changed nothing, with the status the page answers. */
export type OverviewRefusal = { kind: "refused"; status: 400 | 403 | 409; message: string };

const refused = (status: OverviewRefusal["status"], message: string): OverviewRefusal => ({ kind: "refused", status, message });

/**
 * Enrols the signed-in viewer in a free package (price 0) of a course open for registration,
 * answering where they start learning. Paid packages go through checkout; an enrolment that
 * already holds access is kept as it is.
 */
export async function enrolForFree(viewer: Viewer, userId: number, idOrSlug: string, key: PackageKey) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) return { kind: "no-course" } satisfies NoCourse;
  const { course, enrolment, access } = loaded;
  if (registration(course, access.accessLevel) === null) return refused(403, "This course is not open for registration.");
  const offer = packageOffers(course).find((candidate) => candidate.key === key);
  if (!offer) return refused(400, "This course does not offer that package.");
  if (offer.priceCents !== 0) return refused(400, "This package is paid: use Buy to check out.");
  // A held enrolment keeps what it has and gains the free package (Learn + Practice = the bundle).
  const held = enrolment && holdsEnrolment(access.enrolment, access.now) ? enrolment.package_type : "none";
  const packageType = combinePackages(held, PACKAGE_TYPE_OF[key]);
  if (packageType !== held || !enrolment || enrolment.status !== "active") {
    await enrol(db(), { userId, onlineCourseId: course.id, packageType, status: held === "none" ? "active" : enrolment!.status });
  }
  return { kind: "enrolled", href: `${inCourseBase(course.slug)}?resume=true` } as const;
}

/** Where the pre-registration forms come back to. */
const preRegistrationSection = (courseId: number) => `/online-courses/${courseId}#pre-registration`;

/** Pre-registers the signed-in viewer for a preparing course they can see. Idempotent: repeating it answers as the first did. */
export async function preRegisterForCourse(viewer: Viewer, userId: number, idOrSlug: string) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) return { kind: "no-course" } satisfies NoCourse;
  const { course } = loaded;
  const check = checkPreRegistration(course.status);
  if (!check.ok) return refused(check.status, check.reason);
  await preRegister(db(), course.id, userId);
  return { kind: "pre-registered", back: preRegistrationSection(course.id) } as const;
}

/** Withdraws the signed-in viewer's pre-registration; idempotent too. */
export async function withdrawFromPreRegistration(viewer: Viewer, userId: number, idOrSlug: string) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) return { kind: "no-course" } satisfies NoCourse;
  await withdrawPreRegistration(db(), loaded.course.id, userId);
  return { kind: "withdrawn", back: preRegistrationSection(loaded.course.id) } as const;
}
