import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, SelectField, TextAreaField } from "~/components/form-field";
import { formatPrice } from "~/formatting/price";
import { ratingLabel } from "~/reviews/rules";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestFormSchema } from "~/tutoring/forms";
import { rankTutors } from "~/tutoring/ranking";
import { createTutorRequest, REQUEST_SENT } from "~/tutoring/requests.server";
import { CANCEL_NOTICE_HOURS, REQUEST_HOURS } from "~/tutoring/rules";
import { listTutorCandidates, requestableCourses, studentFacts } from "~/tutoring/tutors.server";
import { parseRecordId } from "~/utils/record-id";
import { FaqList } from "~/faqs/faq-list";
import { listFaqs } from "~/faqs/faqs.server";

const ROUTE = "routes/tutoring";

/** /tutoring[?tutor={id}&course={id}]: how tutoring works, the tutors suggested to the viewer, and the request form. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const params = new URL(request.url).searchParams;
  const student = await studentFacts(session?.user.id ?? null);
  const [candidates, faqs] = await Promise.all([listTutorCandidates(), listFaqs("tutoring")]);
  const askedTutor = candidates.find((candidate) => candidate.id === parseRecordId(params.get("tutor"))) ?? null;
  const courses = session ? await requestableCourses(askedTutor?.id ?? null, student.courseIds) : [];
  const recommended = rankTutors(candidates, student).map(({ tutor, sharedCourseCodes }) => ({
    id: tutor.id,
    name: `${tutor.firstName} ${tutor.lastName}`,
    headline: tutor.headline,
    rate: `${formatPrice(tutor.rateCents, tutor.currency)} / hour`,
    rating: ratingLabel(tutor.reviews),
    sharedCourseCodes,
  }));
  return {
    signedIn: session !== null,
    courses,
    chosenCourseId: parseRecordId(params.get("course")),
    tutor: askedTutor ? { id: askedTutor.id, name: `${askedTutor.firstName} ${askedTutor.lastName}` } : null,
    recommended,
    faqs,
  };
}

/** POST (signed in): a tutoring request; to /my-tutoring with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: requestFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  const created = await createTutorRequest(session.user.id, {
    courseId: value.course_id,
    tutorId: value.tutor_id ?? null,
    goals: value.goals,
    preferredTimes: value.preferred_times,
    hours: value.hours,
  });
  if (created.kind === "refused") return data({ result: submission.reply({ formErrors: [created.message] }) }, { status: created.status });
  throw await redirectWithToast("/my-tutoring", { type: "success", message: REQUEST_SENT });
}

export default function TutoringPage() {
  const { signedIn, courses, chosenCourseId, tutor, recommended, faqs } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = answer?.result.error;
  return (
    <div className="wrapper wrapper--wide page">
      <h1 className="page-heading">Tutoring</h1>
      <p className="muted" style={{ marginTop: "var(--space-1)" }}>
        One-on-one help with your exact course, from tutors who took it and did well.
      </p>

      <section aria-labelledby="how-heading" style={{ marginTop: "var(--space-6)" }}>
        <h2 className="section-heading" id="how-heading">
          How it works
        </h2>
        <ol className="tutoring-steps">
          <li>Ask for help with a course: say what you need and how many hours.</li>
          <li>A tutor of that course accepts. You pay the tutor's hourly rate for those hours, by card or with tokens.</li>
          <li>Book sessions from the tutor's open times, shown in your time zone. You can cancel a session until {CANCEL_NOTICE_HOURS} hours before it starts, and the time goes back to your hours.</li>
          <li>Meet in a study room, then tell us how it went and review your tutor.</li>
        </ol>
      </section>

      <section aria-labelledby="recommended-heading" style={{ marginTop: "var(--space-6)" }}>
        <h2 className="section-heading" id="recommended-heading">
          {signedIn ? "Tutors for you" : "Tutors students recommend"}
        </h2>
        {recommended.length === 0 ? (
          <p className="muted">No tutor is taking new students right now.</p>
        ) : (
          <ul className="tile-list">
            {recommended.map((entry) => (
              <li key={entry.id} className="tile">
                <Link to={`/tutors/${entry.id}`} className="tile-title">
                  {entry.name}
                </Link>
                <span className="tile-meta">{entry.headline}</span>
                <span className="tile-meta">
                  {entry.rate} · {entry.rating}
                </span>
                {entry.sharedCourseCodes.length > 0 ? <span className="tile-meta">Tutors your course {entry.sharedCourseCodes.join(", ")}</span> : null}
                <Link to={`/tutoring?tutor=${entry.id}#request-heading`}>Ask {entry.name.split(" ")[0]} for help</Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="request-heading" style={{ marginTop: "var(--space-6)", maxWidth: "var(--wrapper-narrow)" }}>
        <h2 className="section-heading" id="request-heading">
          {tutor ? `Ask ${tutor.name} for tutoring` : "Request tutoring"}
        </h2>
        {!signedIn ? (
          <p>
            <Link to="/users/sign_in?redirect_to=%2Ftutoring">Log in</Link> or <Link to="/sign-up">sign up</Link> to request tutoring.
          </p>
        ) : courses.length === 0 ? (
          <p className="muted">{tutor ? `${tutor.name} has no courses on their profile yet.` : "No course has a tutor yet."}</p>
        ) : (
          <Form method="post" className="tutoring-form">
            <CsrfInput />
            <FormErrors errors={errors?.[""] ?? undefined} />
            {tutor ? (
              <p className="muted">
                Only {tutor.name} sees this request. <Link to="/tutoring#request-heading">Ask every tutor of the course instead</Link>.
                <input type="hidden" name="tutor_id" value={tutor.id} />
              </p>
            ) : (
              <p className="muted">Every tutor of the course sees this request; the first to accept becomes your tutor.</p>
            )}
            <SelectField label="Course" name="course_id" required defaultValue={chosenCourseId ?? undefined} errors={errors?.course_id ?? undefined}>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.code}: {course.name}
                </option>
              ))}
            </SelectField>
            <TextAreaField label="What would you like help with?" name="goals" rows={5} maxLength={2000} required errors={errors?.goals ?? undefined} />
            <TextAreaField
              label="When are you usually free? (optional)"
              name="preferred_times"
              rows={2}
              maxLength={500}
              hint="For example: weekday evenings, Saturday mornings."
              errors={errors?.preferred_times ?? undefined}
            />
            <SelectField label="Hours of tutoring" name="hours" required defaultValue="3" errors={errors?.hours ?? undefined}>
              {REQUEST_HOURS.map((hours) => (
                <option key={hours} value={hours}>
                  {hours} {hours === 1 ? "hour" : "hours"}
                </option>
              ))}
            </SelectField>
            <div>
              <button type="submit" className="button" disabled={busy}>
                Send the request
              </button>
            </div>
          </Form>
        )}
      </section>
      <FaqList faqs={faqs} />
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Tutoring", description: "Request one-on-one tutoring for your course, pay by the hour and book sessions in your time zone.", path: "/tutoring" });
