import { parseWithZod } from "@conform-to/zod/v4";
import { Card, Container, Flex, Heading } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { reauthenticationSchema } from "~/accounts/profile-forms";
import { reauthenticate } from "~/accounts/reauthentication.server";
import { REAUTHENTICATION_TITLE, ReauthenticationForm } from "~/accounts/reauthentication-form";
import { tooManyRequestsMessage } from "~/errors/messages";
import { safeRedirectPath } from "~/security/safe-redirect";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { offlineSafeAction } from "~/shell/offline-submission";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/users+/reauthenticate";
const WRONG_PASSWORD = "That password is not right.";

/** Where to continue: only a path on this site (never an open redirect); the profile by default. */
function continueTo(request: Request, target: unknown) {
  return safeRedirectPath(target, siteOrigin(request), "/profile");
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return { redirectTo: continueTo(request, new URL(request.url).searchParams.get("redirect_to")) };
}

/**
 * POST /users/reauthenticate: the password again; on success this same session counts as
 * freshly signed in (SPEC §8), and the visitor continues where they were going.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: reauthenticationSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const outcome = await reauthenticate(session, submission.value.password, context.clientIp);
  if (outcome.kind === "rate-limited") {
    return tooManyRequests({ result: submission.reply({ formErrors: [tooManyRequestsMessage], hideFields: ["password"] }) }, outcome.retryAfterSeconds);
  }
  if (outcome.kind === "invalid") {
    return data({ result: submission.reply({ fieldErrors: { password: [WRONG_PASSWORD] }, hideFields: ["password"] }) }, { status: 400 });
  }
  throw redirect(continueTo(request, submission.value.redirect_to));
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();

export const headers = passRetryAfter;

export default function ReauthenticatePage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Container size="1" px="4">
      <Card className="auth-card" size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            {REAUTHENTICATION_TITLE}
          </Heading>
          <ReauthenticationForm Form={Form} redirectTo={redirectTo} lastResult={actionData?.result} busy={navigation.state === "submitting"} />
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: `${REAUTHENTICATION_TITLE} — Marketplace` }];
