import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { classesJoined, joinClass } from "~/classes/classes.server";
import { joinClassSchema } from "~/classes/forms";
import { STATUS_LABELS } from "~/classes/lateness";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/join-class";

/** /join-class (?code= from a teacher's invitation): join a class with its code; the classes one is in and their assignments. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const code = new URL(request.url).searchParams.get("code")?.slice(0, 20) ?? "";
  return { code, classes: await classesJoined(session.user.id, requestNow(request)) };
}

/** POST: join the class with this code (also sent from the student dashboard's "Join a class" form). */
export async function action({ request }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const submission = parseWithZod(await request.formData(), { schema: joinClassSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await joinClass({ userId: session.user.id, code: submission.value.code });
  if (outcome.kind === "unknown-code") return data({ result: submission.reply({ fieldErrors: { code: ["No class has this code. Check it with your teacher."] } }) }, { status: 404 });
  if (outcome.kind === "teaches-it") return data({ result: submission.reply({ fieldErrors: { code: ["You teach this class; students join it with this code."] } }) }, { status: 409 });
  const message = outcome.kind === "joined" ? `You joined ${outcome.label}.` : `You are already in ${outcome.label}.`;
  throw await redirectWithToast("/join-class", { type: "success", message }, { status: 303 });
}

export default function JoinClassPage() {
  const { code, classes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/dashboard">Dashboard</Link>
      </p>
      <h1 className="page-heading">Your classes</h1>
      <section aria-labelledby="join-heading" style={{ marginTop: "var(--space-4)" }}>
        <h2 className="section-heading" id="join-heading">
          Join a class
        </h2>
        <Form method="post" className="tutoring-form">
          <CsrfInput />
          <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
          <FormField
            label="Class code"
            id="class-code"
            name="code"
            required
            maxLength={20}
            autoComplete="off"
            defaultValue={code}
            hint="The 7-character code your teacher gave you."
            errors={answer?.result.error?.code ?? undefined}
          />
          <div>
            <button type="submit" className="button">
              Join class
            </button>
          </div>
        </Form>
      </section>
      {classes.length === 0 ? (
        <p className="muted" style={{ marginTop: "var(--space-5)" }}>
          You are not in any class yet.
        </p>
      ) : (
        classes.map((klass) => (
          <section key={klass.id} aria-labelledby={`class-${klass.id}`} style={{ marginTop: "var(--space-5)" }}>
            <h2 className="section-heading" id={`class-${klass.id}`}>
              {klass.label}
            </h2>
            <p className="muted">{klass.name}</p>
            {klass.assignments.length === 0 ? (
              <p className="muted">No assignments yet.</p>
            ) : (
              <ul className="tutoring-list">
                {klass.assignments.map((assignment) => (
                  <li key={assignment.id} className="tutoring-row">
                    <strong>
                      <Link to={`/course-assignments/${assignment.id}`}>{assignment.title}</Link>
                    </strong>
                    <span className="muted">
                      Due {new Date(assignment.dueAt).toUTCString().replace(":00 GMT", " UTC")} · {STATUS_LABELS[assignment.status]}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Your classes — Marketplace" }];
