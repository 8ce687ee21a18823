import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { loadProfile, profileChoices, ProfileInputError, updateProfile } from "~/accounts/profile.server";
import { findCourseDetail } from "~/catalog/courses.server";
import { repCourseFor } from "./class-rep-course.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { SchoolYearFields } from "~/accounts/school-year-fields";
import { formatPrice } from "~/formatting/price";
import { saveWizardStep } from "~/programs/class-reps/class-reps.server";
import { nextWizardStep, WIZARD_STEP_TITLES, WIZARD_STEPS, wizardSchema, wizardStepToShow, type WizardFormStep } from "~/programs/class-reps/rules";
import { InviteLinkField } from "~/programs/referral-panel";
import { inviteLink } from "~/programs/referrals";
import { ensureReferralCode } from "~/programs/referrals.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";
import { metaFor } from "~/seo/page-meta";
import { UpcomingSessionList } from "~/study-sessions/upcoming-session-list";

const ROUTE = "routes/class-rep-wizard.$crcId";
const DASHBOARD = "/dashboard?tab=class-rep";


/**
 * /class-rep-wizard/{crcId} (SPEC §2, shown without the app bar): an approved rep sets up their
 * workspace in four steps (profile, the course's schedule, their referral link, a first
 * announcement to classmates), each saved on its own so they can leave and come back.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const crc = await repCourseFor(session, params.crcId);
  const step = wizardStepToShow(crc.wizard_step, new URL(request.url).searchParams.get("step"));
  const base = { crc, step, reached: crc.wizard_step };
  if (step === "profile") {
    const [profile, choices] = await Promise.all([loadProfile(crc.user_id), profileChoices()]);
    return {
      ...base,
      profile: { school_id: profile?.user.school_id ?? null, year: profile?.user.year ?? "" },
      schools: choices.schools.map((school) => ({ id: school.id, name: school.name })),
    };
  }
  if (step === "schedule") {
    const detail = await findCourseDetail(String(crc.course_id));
    return { ...base, onlineCourses: detail?.onlineCourses ?? [], studySessions: detail?.studySessions ?? [] };
  }
  if (step === "referral") return { ...base, link: inviteLink(siteOrigin(request), await ensureReferralCode(crc.user_id)) };
  return base;
}

/** POST: saves one step, then on to the step the rep has got to; the last one opens the Class Rep dashboard. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const crc = await repCourseFor(session, params.crcId);
  const submission = parseWithZod(await request.formData(), { schema: wizardSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = submission.value;
  if (input.step === "profile") {
    try {
      await updateProfile(crc.user_id, { school_id: input.school_id, year: input.year }, { actorId: session!.user.id });
    } catch (error) {
      if (!(error instanceof ProfileInputError)) throw error;
      return data({ result: submission.reply({ fieldErrors: { [error.field]: [error.message] } }) }, { status: 400 });
    }
  }
  const announcement = input.step === "announcement" ? { title: input.announcement_title, body: input.announcement_body } : undefined;
  await saveWizardStep(crc, input.step, announcement);
  const next = nextWizardStep(input.step);
  if (next === "done") throw await redirectWithToast(DASHBOARD, { type: "success", message: `Your class rep workspace for ${crc.course_code} is ready.` }, { status: 303 });
  // Back to the wizard, which opens where the rep has got to.
  throw await redirectWithToast(`/class-rep-wizard/${crc.id}`, { type: "success", message: "Saved." }, { status: 303 });
}

export default function ClassRepWizardPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = (answer?.result.error ?? {}) as Record<string, string[] | null | undefined>;
  const field = (name: string) => errors[name] ?? undefined;
  const { crc, step, reached } = page;
  const position = WIZARD_STEPS.indexOf(step);
  const reachedIndex = reached === "done" ? WIZARD_STEPS.length : WIZARD_STEPS.indexOf(reached as WizardFormStep);
  const previous = WIZARD_STEPS[position - 1];
  return (
    <div className="wrapper wrapper--small page">
      <p className="in-course__small">
        <Link to="/">Marketplace</Link> · Class rep set-up
      </p>
      <h1 className="page-heading">
        Class rep of {crc.course_code}: {crc.course_name}
      </h1>
      <p className="muted">{crc.school_name}</p>
      <nav aria-label="Set-up steps">
        <ol className="plain-list">
          {WIZARD_STEPS.map((item, index) => (
            <li key={item}>
              {index + 1}.{" "}
              {item === step ? (
                <strong aria-current="step">{WIZARD_STEP_TITLES[item]}</strong>
              ) : index <= reachedIndex ? (
                <Link to={`/class-rep-wizard/${crc.id}?step=${item}`}>{WIZARD_STEP_TITLES[item]}</Link>
              ) : (
                WIZARD_STEP_TITLES[item]
              )}
              {index < reachedIndex ? <span className="muted"> (done)</span> : null}
            </li>
          ))}
        </ol>
      </nav>
      <Form method="post" className="stack" aria-labelledby="wizard-step" style={{ marginTop: "var(--space-4)" }}>
        <h2 id="wizard-step">
          Step {position + 1} of {WIZARD_STEPS.length}: {WIZARD_STEP_TITLES[step]}
        </h2>
        <CsrfInput />
        <input type="hidden" name="step" value={step} />
        <FormErrors errors={errors[""] ?? undefined} />
        {"schools" in page ? (
          <>
            <p>Your classmates see which school and year their rep is in.</p>
            <SchoolYearFields schools={page.schools} schoolId={page.profile.school_id} year={page.profile.year} errors={field} />
          </>
        ) : null}
        {"studySessions" in page ? (
          <>
            <p>What you can point your classmates to this term.</p>
            <h3>Upcoming live sessions</h3>
            {page.studySessions.length === 0 ? <p className="muted">No live session scheduled yet.</p> : <UpcomingSessionList sessions={page.studySessions} />}
            <h3>Online courses</h3>
            {page.onlineCourses.length === 0 ? (
              <p className="muted">No online course for this course yet.</p>
            ) : (
              <ul className="plain-list">
                {page.onlineCourses.map((course) => (
                  <li key={course.id}>
                    <Link to={`/online-courses/${course.slug}`}>{course.name}</Link> <span className="muted">· {formatPrice(course.price_cents, course.currency)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
        {"link" in page ? (
          <>
            <p>Share this link with your classmates: everyone who signs up through it counts as referred by you, and their first purchase earns you credit.</p>
            <InviteLinkField link={page.link} />
          </>
        ) : null}
        {step === "announcement" ? (
          <>
            <p>Say hello to your classmates. Your announcement shows on the course's page.</p>
            <FormField label="Title" name="announcement_title" defaultValue={crc.announcement_title ?? ""} required maxLength={120} errors={field("announcement_title")} />
            <TextAreaField label="Message" name="announcement_body" defaultValue={crc.announcement_body ?? ""} rows={5} required maxLength={4000} errors={field("announcement_body")} />
          </>
        ) : null}
        <p style={{ display: "flex", gap: "var(--space-4)", alignItems: "center" }}>
          <button type="submit" className="button" disabled={busy}>
            {step === "announcement" ? "Publish and finish" : "Save and continue"}
          </button>
          {previous ? <Link to={`/class-rep-wizard/${crc.id}?step=${previous}`}>Back</Link> : null}
          <Link to={DASHBOARD}>Finish later</Link>
        </p>
      </Form>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, { title: data ? `Class rep set-up: ${data.crc.course_code}` : "Class rep set-up", description: "Set up your class rep workspace.", path: "/class-rep-positions", noindex: true });
