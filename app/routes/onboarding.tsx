import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { ONBOARDING_STEP_TITLES, onboardingHref, onboardingStep, type OnboardingStep } from "~/accounts/onboarding";
import { onboardingSchema } from "~/accounts/onboarding-forms";
import { MISSING_ITEM_LABELS } from "~/accounts/profile-completeness";
import { loadProfile, profileChoices, ProfileInputError, updateProfile, type ProfileChanges } from "~/accounts/profile.server";
import { homePath } from "~/accounts/roles";
import { SchoolYearFields } from "~/accounts/school-year-fields";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { safeRedirectPath } from "~/security/safe-redirect";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/onboarding";

/** Where onboarding goes on to once done or skipped: the sign-up's `redirect_to` (a checkout, say), or home. */
function destination(request: Request, user: { id: number; roles: string[]; user_type: "student" | "educator" | "staff" | "partner" }) {
  const home = homePath({ id: user.id, roles: user.roles, userType: user.user_type });
  return safeRedirectPath(new URL(request.url).searchParams.get("redirect_to"), siteOrigin(request), home);
}

/**
 * /onboarding (SPEC §2, §5): one step at a time towards a complete profile (a student's school and
 * year, then faculty and degree unless at a high school or K-8; a tutor's tutored courses). Each
 * step saves on its own; "Skip for now" goes on without saving, and the dashboard keeps offering
 * the rest until the profile is complete.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const [profile, choices] = await Promise.all([loadProfile(session.user.id), profileChoices()]);
  if (!profile) throw new Response("Not found", { status: 404 });
  const step = onboardingStep(profile.missing);
  const tutored = new Set(profile.courses.filter((course) => course.relation === "tutored").map((course) => course.course_id));
  return {
    step,
    next: destination(request, profile.user),
    missing: profile.missing.map((item) => MISSING_ITEM_LABELS[item]),
    user: { school_id: profile.user.school_id, year: profile.user.year ?? "", faculty: profile.user.faculty ?? "", degree: profile.user.degree ?? "" },
    schools: step === "school" ? choices.schools.map((school) => ({ id: school.id, name: school.name })) : [],
    courses: step === "tutored-courses" ? choices.courses.filter((course) => !tutored.has(course.id)) : [],
  };
}

/** POST /onboarding: saves one step, then on to the next step, or to where the user was going once complete. */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: onboardingSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  const changes: ProfileChanges =
    input.step === "school"
      ? { school_id: input.school_id, year: input.year }
      : input.step === "studies"
      ? { faculty: input.faculty, degree: input.degree }
      : { user_courses_attributes: [{ course_id: input.course_id }] };
  try {
    await updateProfile(session.user.id, changes);
  } catch (error) {
    if (!(error instanceof ProfileInputError)) throw error;
    return data({ result: submission.reply({ fieldErrors: { [error.field === "user_courses_attributes" ? "course_id" : error.field]: [error.message] } }) }, { status: 400 });
  }
  const profile = (await loadProfile(session.user.id))!;
  const next = destination(request, profile.user);
  if (onboardingStep(profile.missing) === null) return redirectWithToast(next, { type: "success", message: "Your profile is complete." }, { status: 303 });
  return redirectWithToast(onboardingHref(next), { type: "success", message: "Saved." }, { status: 303 });
}

export default function Onboarding() {
  const { step, next, missing, user, schools, courses } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = (answer?.result.error ?? {}) as Record<string, string[] | null | undefined>;
  const fieldErrors = (name: string) => errors[name] ?? undefined;
  return (
    <div className="wrapper wrapper--small page">
      <h1 className="page-heading">{step ? "Set up your profile" : "Your profile is complete"}</h1>
      {step ? (
        <>
          <p className="muted">Tell us a little about your studies so we can show you your courses, sessions and classmates. Still to add: {missing.join(", ")}.</p>
          <Form method="post" className="stack" style={{ marginTop: "var(--space-4)" }} aria-labelledby="onboarding-step">
            <h2 id="onboarding-step">{ONBOARDING_STEP_TITLES[step as OnboardingStep]}</h2>
            <CsrfInput />
            <input type="hidden" name="step" value={step} />
            <FormErrors errors={errors[""] ?? undefined} />
            {step === "school" ? (
              <>
                <SchoolYearFields schools={schools} schoolId={user.school_id} year={user.year} errors={fieldErrors} />
              </>
            ) : null}
            {step === "studies" ? (
              <>
                <FormField label="Faculty" name="faculty" hint="For example Science, or Engineering." defaultValue={user.faculty} required maxLength={120} errors={fieldErrors("faculty")} />
                <FormField label="Degree" name="degree" hint="For example BSc Biology." defaultValue={user.degree} required maxLength={120} errors={fieldErrors("degree")} />
              </>
            ) : null}
            {step === "tutored-courses" ? (
              <SelectField label="A course you tutor" name="course_id" id="course_id" defaultValue="" required errors={fieldErrors("course_id")}>
                <option value="">Choose a course</option>
                {courses.map((course) => (
                  <option key={course.id} value={String(course.id)}>
                    {course.code} {course.name} ({course.school_name})
                  </option>
                ))}
              </SelectField>
            ) : null}
            <p style={{ display: "flex", gap: "var(--space-4)", alignItems: "center" }}>
              <button type="submit" className="button">
                Save and continue
              </button>
              <Link to={next}>Skip for now</Link>
            </p>
          </Form>
        </>
      ) : (
        <p>
          Everything we need is on your profile. <Link to={next}>Continue</Link>
        </p>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Set up your profile — Marketplace" }];
