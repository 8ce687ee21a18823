import { parseWithZod } from "@conform-to/zod/v4";
import { Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { signUpSchema } from "~/accounts/forms";
import { startFreshSession } from "~/accounts/session.server";
import { destinationAfterSignIn } from "~/accounts/sign-in-flow.server";
import { EMAIL_TAKEN_MESSAGE, signUp } from "~/accounts/sign-up.server";
import { SignUpForm, signUpHeading } from "~/accounts/sign-up-form";
import { tooManyRequestsMessage } from "~/errors/messages";
import { REFERRAL_COOKIE } from "~/programs/referrals";
import { findCodeOwner, referralCookie } from "~/programs/referrals.server";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { isOfflineAnswer, offlineSafeAction } from "~/shell/offline-submission";
import { readCookies } from "~/utils/cookies.server";
import { siteOrigin } from "~/utils/site-origin.server";

/**
 * /sign-up?role=teacher (from the educators page), ?product=mcat&redirect_to=… (from MCAT pages),
 * ?ref=CODE (a member's invite link: remembered in this browser until the account is made).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/sign-up");
  const params = new URL(request.url).searchParams;
  // Signed-in visitors have no business here: on to where they were going, or home.
  if (session) throw redirect(destinationAfterSignIn(session.user, params.get("redirect_to"), siteOrigin(request)));
  const inviter = await findCodeOwner(params.get("ref"));
  const choices = {
    signupRole: params.get("role") === "teacher" ? ("teacher" as const) : ("student" as const),
    product: params.get("product") === "mcat" || params.get("product") === "lsat" ? params.get("product") : null,
    // SPEC §2: arriving with a reset_password_token, the user goes to / after logging in.
    redirectTo: params.has("reset_password_token") ? "/" : (params.get("redirect_to") ?? ""),
    invitedBy: inviter ? inviter.first_name || "A friend" : null,
  };
  return inviter ? data(choices, { headers: { "Set-Cookie": referralCookie(inviter.referral_code) } }) : choices;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/sign-up");
  const submission = parseWithZod(await request.formData(), { schema: signUpSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signUp(submission.value, {
    origin: siteOrigin(request),
    clientIp: context.clientIp,
    referralCode: readCookies(request)[REFERRAL_COOKIE],
  });
  if (outcome.kind === "rate-limited") {
    return tooManyRequests({ result: submission.reply({ formErrors: [tooManyRequestsMessage], hideFields: ["password"] }) }, outcome.retryAfterSeconds);
  }
  if (outcome.kind === "email-taken") {
    return data({ result: submission.reply({ fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] }, hideFields: ["password"] }) }, { status: 400 });
  }
  const cookie = await startFreshSession(request, { userId: outcome.user.id, rememberMe: false, clientIp: context.clientIp });
  throw redirect(outcome.redirectTo, { headers: { "Set-Cookie": cookie } });
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();

export const headers = passRetryAfter;

/**
 * Its own form is never followed by loading it again: a successful sign-up leaves for onboarding,
 * and the sign-up dialog keeps this loader in a fetcher, whose reload would now see a signed-in
 * visitor and send them past onboarding to their home.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, actionResult, defaultShouldRevalidate }) =>
  formAction?.startsWith("/sign-up") || isOfflineAnswer(actionResult) ? false : defaultShouldRevalidate;

export default function SignUpPage() {
  const choices = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Container size="1" px="4">
      <Card className="auth-card" size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            {signUpHeading(choices)}
          </Heading>
          {choices.invitedBy ? (
            <Text as="p" color="gray" data-testid="invited-by">
              {`${choices.invitedBy} invited you. Welcome!`}
            </Text>
          ) : null}
          <SignUpForm Form={Form} choices={choices} lastResult={actionData?.result} busy={navigation.state === "submitting"} />
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = () => [
  { title: "Create your free account — Marketplace" },
  { name: "description", content: "Sign up free for online courses, live study sessions and tutors." },
];
