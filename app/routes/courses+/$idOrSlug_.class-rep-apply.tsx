import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { orNotFound } from "~/errors/not-found.server";
import { applicantStanding, applyForClassRep, findClassRepCourse } from "~/programs/class-reps/class-reps.server";
import { applicationSchema } from "~/programs/class-reps/rules";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";

const ROUTE = "routes/courses+/$idOrSlug_.class-rep-apply";

/** /courses/{idOrSlug}/class-rep-apply: a signed-in student applies to be the class rep of a course looking for one. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const course = await orNotFound(findClassRepCourse(params.idOrSlug ?? ""));
  const standing = await applicantStanding(session.user.id, course.id);
  return { course, standing, year: session.user.year ?? "" };
}

/** POST: the application; one open per user and course. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const course = await orNotFound(findClassRepCourse(params.idOrSlug ?? ""));
  const submission = parseWithZod(await request.formData(), { schema: applicationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await applyForClassRep(session.user.id, course, submission.value);
  if (outcome.kind === "already-open") return data({ result: submission.reply({ formErrors: ["You already applied to be the class rep of this course: staff will answer by email."] }) }, { status: 409 });
  if (outcome.kind === "already-rep") return data({ result: submission.reply({ formErrors: ["You are already the class rep of this course."] }) }, { status: 409 });
  if (outcome.kind === "not-wanted") return data({ result: submission.reply({ formErrors: ["This course is not looking for a class rep."] }) }, { status: 409 });
  throw await redirectWithToast(`/courses/${course.slug}/class-rep-apply`, { type: "success", message: "Your application is sent. We will answer by email." }, { status: 303 });
}

export default function ClassRepApplyPage() {
  const { course, standing, year } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = (answer?.result.error ?? {}) as Record<string, string[] | null | undefined>;
  const field = (name: string) => errors[name] ?? undefined;
  const title = `${course.code}: ${course.name}`;
  return (
    <div className="wrapper wrapper--small page">
      <p className="in-course__small">
        <Link to="/class-rep-positions">Class rep positions</Link> · <Link to={`/courses/${course.slug}`}>{course.code}</Link>
      </p>
      <h1 className="page-heading">Be the class rep of {course.code}</h1>
      <p className="muted">
        {title}, {course.school_name}
      </p>
      {standing.rep ? (
        <p>
          You are the class rep of this course.{" "}
          {standing.rep.wizard_step === "done" ? <Link to="/dashboard?tab=class-rep">Open your Class Rep dashboard</Link> : <Link to={`/class-rep-wizard/${standing.rep.id}`}>Set up your rep workspace</Link>}.
        </p>
      ) : standing.open ? (
        <p role="status">Your application is waiting for review. We will answer by email.</p>
      ) : !course.wanted ? (
        <p>
          This course is not looking for a class rep right now. <Link to="/class-rep-positions">See the courses that are</Link>.
        </p>
      ) : (
        <Form method="post" className="stack" aria-labelledby="apply-heading" style={{ marginTop: "var(--space-4)" }}>
          <h2 id="apply-heading">Your application</h2>
          <CsrfInput />
          <FormErrors errors={errors[""] ?? undefined} />
          <TextAreaField label="Why do you want to be the class rep?" name="motivation" rows={4} required maxLength={2000} errors={field("motivation")} />
          <FormField label="Your year" name="year" hint="For example 2, or Grade 11." defaultValue={year} required maxLength={20} errors={field("year")} />
          <TextAreaField label="How will you reach your classmates?" name="outreach" hint="Group chats, lectures, clubs, social media…" rows={3} required maxLength={2000} errors={field("outreach")} />
          <p>
            <button type="submit" className="button" disabled={busy}>
              Send my application
            </button>
          </p>
        </Form>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, { title: data ? `Class rep for ${data.course.code}` : "Class rep application", description: "Apply to be the class rep of your course.", path: "/class-rep-positions", noindex: true });
