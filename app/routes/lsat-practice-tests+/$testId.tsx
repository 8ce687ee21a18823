import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { FormErrors } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { loadPracticeTest } from "~/practice-tests/attempts.server";
import { practiceTestSchema } from "~/practice-tests/forms";
import { PracticeTestBody } from "~/practice-tests/practice-test-views";
import { actOnPracticeTest, practiceTestView } from "~/practice-tests/test-view.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/lsat-practice-tests+/$testId";

async function testFor(testId: string | undefined) {
  const test = testId ? await loadPracticeTest({ kind: "lsat", idOrSlug: testId }) : null;
  if (!test) throw notFound("There is no LSAT practice test at this address.");
  return test;
}

/** /lsat-practice-tests/{testId}: an LSAT practice test in timed sections, its scaled score, review and the student's attempts. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const test = await testFor(params.testId);
  const url = new URL(request.url);
  return practiceTestView(test, session?.user.id ?? null, requestNow(request), url.searchParams.get("attempt"));
}

/** POST: start the test, start the next section, save or submit the running section. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const test = await testFor(params.testId);
  const submission = parseWithZod(await request.formData(), { schema: practiceTestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await actOnPracticeTest(session.user.id, test, submission.value, requestNow(request));
  if (outcome.kind === "refused") return data({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
  const back = new URL(request.url).pathname;
  throw outcome.message ? await redirectWithToast(back, { type: "success", message: outcome.message }, { status: 303 }) : redirect(back, 303);
}

export default function LsatPracticeTestPage() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to="/lsat">LSAT</Link>
      </p>
      <h1 className="page-heading">{view.test.title}</h1>
      <p className="muted">{view.test.description}</p>
      <FormErrors errors={answer?.result.error?.[""] ?? undefined} />
      <PracticeTestBody view={view} noun="test" signInHref={`/users/sign_in?redirect_to=${encodeURIComponent(`/lsat-practice-tests/${view.test.id}`)}`} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data ? `${data.test.title} — LSAT` : "LSAT practice test",
    description: "A timed LSAT practice test with a scaled score and every answer explained.",
    path: data ? `/lsat-practice-tests/${data.test.id}` : "/lsat",
    noindex: true,
  });
