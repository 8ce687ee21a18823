import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { startFreshSession, viewerFor } from "~/accounts/session.server";
import { EMAIL_TAKEN_MESSAGE, signUp } from "~/accounts/sign-up.server";
import { db } from "~/db/db.server";
import { notFound } from "~/errors/not-found.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { REFERRAL_COOKIE } from "~/programs/referrals";
import { passRetryAfter, retryAfterHeaders } from "~/security/retry-after";
import { metaFor } from "~/seo/page-meta";
import { sendStudySessionConfirmation } from "~/study-sessions/confirmation.server";
import { registerFree } from "~/study-sessions/enrolments.server";
import { registrationFormSchema, registrationRefusal, REGISTERED_MESSAGE } from "~/study-sessions/registration";
import { StudySessionPage } from "~/study-sessions/session-page-view";
import { studySessionView } from "~/study-sessions/session-view.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { readCookies } from "~/utils/cookies.server";
import { logger } from "~/utils/logger.server";
import { parseRecordId } from "~/utils/record-id";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/study-sessions+/$id";

/**
 * /study-sessions/{id}: a live study session for anyone, and what the viewer can do now: register
 * for a free one (a guest signs up in the same form), buy a paid one, and once enrolled join it
 * while it is live and open its material until access ends.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const id = parseRecordId(params.id);
  const view = id === null ? undefined : await studySessionView(id, session?.user.id ?? null);
  if (!view) throw notFound("There is no such live session.");
  return { view, manage: can(viewerFor(session), "manage_study_session", { instructor_id: view.instructorId }) };
}

/**
 * The free registration: the form parsed once → a guest signed up and signed in → the enrolment
 * → the confirmation mail → back to the page with SPEC §8's message. A refusal (already
 * registered, past, paid, a course the session is not for) answers the form, 409 or 400.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const id = parseRecordId(params.id);
  const view = id === null ? undefined : await studySessionView(id, session?.user.id ?? null);
  if (!view) throw notFound("There is no such live session.");
  const submission = parseWithZod(await request.formData(), { schema: registrationFormSchema(session ? "signed-in" : "guest") });
  const reply = (status: number, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}, headers?: HeadersInit) =>
    data({ result: submission.reply({ ...errors, hideFields: ["password"] }) as SubmissionResult<string[]> }, { status, headers });
  if (submission.status !== "success") return reply(400);

  // Refused before any account is made: a guest is not signed up for a session they cannot join.
  const refused = registrationRefusal(view);
  if (refused) return reply(refused.status, { formErrors: [refused.message] });

  const headers = new Headers();
  const origin = siteOrigin(request);
  let userId = session?.user.id ?? null;
  const { account } = submission.value;
  if (userId === null && account) {
    const signedUp = await signUp({ ...account, signup_role: "student" }, { origin, clientIp: context.clientIp, referralCode: readCookies(request)[REFERRAL_COOKIE] });
    if (signedUp.kind === "rate-limited") return reply(429, { formErrors: [tooManyRequestsMessage] }, retryAfterHeaders(signedUp.retryAfterSeconds));
    if (signedUp.kind === "email-taken") return reply(400, { fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] } });
    headers.append("Set-Cookie", await startFreshSession(request, { userId: signedUp.user.id, rememberMe: false, clientIp: context.clientIp }));
    userId = signedUp.user.id;
  }
  if (userId === null) return reply(400);

  const outcome = await registerFree({ sessionId: view.id, userId, courseId: submission.value.course_id, phoneNumber: submission.value.phone_number });
  if (outcome.kind !== "registered") {
    const refusal = registrationRefusal(view, outcome.kind);
    return reply(refusal?.status ?? 409, refusal?.field ? { fieldErrors: { [refusal.field]: [refusal.message] } } : { formErrors: [refusal?.message ?? ""] }, headers);
  }
  try {
    await sendStudySessionConfirmation(db(), { enrolmentId: outcome.enrolmentId, origin });
  } catch (error) {
    // The seat is taken whatever the mail does; the confirmation can be resent from the roster.
    logger().error({ err: error, enrolmentId: outcome.enrolmentId }, "study session confirmation could not be sent");
  }
  throw await redirectWithToast(`/study-sessions/${view.id}`, { type: "success", message: REGISTERED_MESSAGE }, { headers });
}

export const headers = passRetryAfter;

export default function StudySessionRoute() {
  const { view, manage } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const navigation = useNavigation();
  return <StudySessionPage view={view} manage={manage} Form={Form} result={posted?.result ?? null} busy={navigation.state === "submitting"} />;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, {
        title: data.view.title,
        description: data.view.description.slice(0, 160) || `${data.view.typeName}: a live study session.`,
        path: `/study-sessions/${data.view.id}`,
      })
    : [{ title: "Live session not found" }];
