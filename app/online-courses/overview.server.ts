import { data, redirect } from "@remix-run/node";
import { AccessLevel, type Viewer } from "~/accounts/roles";
import { db } from "~/db/db.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { holdsEnrolment, registration } from "~/online-courses/access";
import { chapterHeading } from "~/online-courses/curriculum";
import { enrol } from "~/online-courses/enrolments.server";
import { inCourseBase } from "~/online-courses/in-course-page.server";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { combinePackages, isPackageKey, PACKAGE_TYPE_OF, packageOffers } from "~/online-courses/packages";
import { checkPreRegistration, preRegistrationState } from "~/online-courses/pre-registration";
import { countPreRegistrations, isPreRegistered, preRegister, withdrawPreRegistration } from "~/online-courses/pre-registrations.server";

/** The overview page of an online course and its forms (taking a free package, pre-registering). */

export async function loadOverview(viewer: Viewer, idOrSlug: string) {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) throw new Response("Course not found", { status: 404 });
  const { course, enrolment, access, tree } = loaded;
  const preparing = course.status === "preparing";
  const staff = access.accessLevel >= AccessLevel.EDIT;
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
    offers: packageOffers(course),
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

/**
 * Enrols the signed-in viewer in a free package (price 0) of a course open for registration.
 * Paid packages go through checkout; an enrolment that already holds access is kept as it is.
 */
export async function overviewAction(_request: Request, viewer: Viewer, userId: number, idOrSlug: string, form: FormData) {
  const intent = form.get("intent");
  if (intent === "pre-register" || intent === "withdraw-pre-registration") return preRegistrationAction(viewer, userId, idOrSlug, intent);
  if (intent !== "enrol") return data({ error: "Unknown action." }, { status: 400 });
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

/**
 * Pre-registers the signed-in viewer for a preparing course they can see, or withdraws their
 * pre-registration. Both are idempotent: repeating one answers as the first did.
 */
async function preRegistrationAction(viewer: Viewer, userId: number, idOrSlug: string, intent: "pre-register" | "withdraw-pre-registration") {
  const loaded = await loadCourseForViewer(viewer, idOrSlug);
  if (!loaded) throw new Response("Course not found", { status: 404 });
  const { course } = loaded;
  const back = `/online-courses/${course.id}#pre-registration`;
  if (intent === "withdraw-pre-registration") {
    await withdrawPreRegistration(db(), course.id, userId);
    return redirectWithToast(back, { type: "success", message: "Your pre-registration is withdrawn." });
  }
  const check = checkPreRegistration(course.status);
  if (!check.ok) return data({ error: check.reason }, { status: check.status });
  await preRegister(db(), course.id, userId);
  return redirectWithToast(back, { type: "success", message: "You're pre-registered: we'll tell you when the course opens." });
}
