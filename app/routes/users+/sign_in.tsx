import { parseWithZod } from "@conform-to/zod/v4";
import { Card, Container, Flex, Heading } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { signInSchema } from "~/accounts/forms";
import { startFreshSession } from "~/accounts/session.server";
import { destinationAfterSignIn, signInWithPassword } from "~/accounts/sign-in-flow.server";
import { INVALID_CREDENTIALS_MESSAGE } from "~/accounts/sign-in.server";
import { SignInForm, signInRedirectTo } from "~/accounts/sign-in-form";
import { tooManyRequestsMessage } from "~/errors/messages";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { offlineSafeAction } from "~/shell/offline-submission";
import { siteOrigin } from "~/utils/site-origin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/users+/sign_in");
  // Signed-in visitors have no business here: on to where they were going, or home.
  if (session) throw redirect(destinationAfterSignIn(session.user, new URL(request.url).searchParams.get("redirect_to"), siteOrigin(request)));
  return null;
}

/** POST /users/sign_in from the form, with or without JavaScript (JSON bodies: routes/json+/users+/sign_in.ts). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/sign_in");
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { email, password, remember_me, redirect_to } = submission.value;
  const outcome = await signInWithPassword({ email, password, redirectTo: redirect_to }, { origin: siteOrigin(request), clientIp: context.clientIp });
  if (outcome.kind === "rate-limited") {
    return tooManyRequests({ result: submission.reply({ formErrors: [tooManyRequestsMessage], hideFields: ["password"] }) }, outcome.retryAfterSeconds);
  }
  if (outcome.kind === "invalid") {
    return data({ result: submission.reply({ formErrors: [INVALID_CREDENTIALS_MESSAGE], hideFields: ["password"] }) }, { status: 400 });
  }
  const cookie = await startFreshSession(request, { userId: outcome.userId, rememberMe: remember_me, clientIp: context.clientIp });
  throw redirect(outcome.redirectTo, { headers: { "Set-Cookie": cookie } });
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();

export const headers = passRetryAfter;

export default function SignInPage() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  return (
    <Container size="1" px="4">
      <Card className="auth-card" size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            Log in
          </Heading>
          <SignInForm
            Form={Form}
            lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            busy={navigation.state === "submitting"}
            redirectTo={signInRedirectTo(searchParams)}
          />
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = () => [
  { title: "Log in — Marketplace" },
  { name: "description", content: "Log in to your courses, live sessions and tutors." },
];
