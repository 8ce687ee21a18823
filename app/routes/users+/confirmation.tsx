import { requireRouteAccess } from "~/accounts/authorize.server";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { confirmEmailWithToken, resendConfirmationInstructions } from "~/accounts/confirmation.server";
import {
  confirmationResendSchema,
  flattenUserFields,
  INVALID_CONFIRMATION_TOKEN_MESSAGE,
  RESEND_CONFIRMATION_MESSAGE,
} from "~/accounts/password-reset-forms";
import { AuthCard } from "~/accounts/password-reset-views";
import { homePath } from "~/accounts/roles";
import { currentSession, viewerOf } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { tooManyRequestsMessage } from "~/errors/messages";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { siteOrigin } from "~/utils/site-origin.server";

/**
 * /users/confirmation: GET with ?confirmation_token= confirms the address and comes back here
 * with ?confirmed=1 (so the token leaves the address bar and history); a bad link gets a 400
 * page with a form for a new one. POST (that form) mails a new link.
 */
type PageState = "confirmed" | "invalid" | "sent" | "request";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/confirmation");
  const url = new URL(request.url);
  const token = url.searchParams.get("confirmation_token");
  if (token !== null) {
    const outcome = await confirmEmailWithToken(token);
    if (outcome.kind === "invalid") return data({ state: "invalid" as PageState, continueTo: null }, { status: 400 });
    throw redirect("/users/confirmation?confirmed=1");
  }
  if (url.searchParams.get("confirmed") === "1") {
    const session = await currentSession(request);
    return { state: "confirmed" as PageState, continueTo: session ? homePath(viewerOf(session.user)) : null };
  }
  return { state: (url.searchParams.get("sent") === "1" ? "sent" : "request") as PageState, continueTo: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/confirmation");
  const submission = parseWithZod(flattenUserFields(await request.formData().catch(() => new FormData())), { schema: confirmationResendSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await resendConfirmationInstructions(submission.value.email, { origin: siteOrigin(request), clientIp: context.clientIp });
  if (outcome.kind === "rate-limited") {
    return tooManyRequests({ result: submission.reply({ formErrors: [tooManyRequestsMessage] }) }, outcome.retryAfterSeconds);
  }
  throw redirect("/users/confirmation?sent=1");
}

export const headers = passRetryAfter;

export default function ConfirmationPage() {
  const { state, continueTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (state === "confirmed" && !actionData) {
    return (
      <AuthCard title="Your email address is confirmed">
        <Callout.Root color="green" role="status">
          <Callout.Text>Thanks! Your email address is confirmed.</Callout.Text>
        </Callout.Root>
        <Button asChild size="3">
          {continueTo ? <Link to={continueTo}>Continue</Link> : <Link to="/users/sign_in">Log in</Link>}
        </Button>
      </AuthCard>
    );
  }
  return <ResendForm state={state} lastResult={actionData?.result} />;
}

function ResendForm({ state, lastResult }: { state: PageState; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "confirmation-resend",
    lastResult,
    constraint: getZodConstraint(confirmationResendSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmationResendSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title={state === "invalid" ? "This link no longer works" : "Confirm your email address"}>
      {state === "invalid" ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{INVALID_CONFIRMATION_TOKEN_MESSAGE}</Callout.Text>
        </Callout.Root>
      ) : state === "sent" && !lastResult ? (
        <Callout.Root color="green" role="status">
          <Callout.Text>{RESEND_CONFIRMATION_MESSAGE}</Callout.Text>
        </Callout.Root>
      ) : (
        <Text as="p" size="2" color="gray">
          Didn't get the confirmation mail? Enter your email address and we'll send a new link.
        </Text>
      )}
      <Form method="post" action="/users/confirmation" {...getFormProps(form)}>
        <CsrfInput />
        <FormErrors errors={form.errors} />
        <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
        <Button type="submit" size="3" mt="3" loading={navigation.state === "submitting"}>
          Send a new confirmation link
        </Button>
      </Form>
    </AuthCard>
  );
}

export const meta: MetaFunction = () => [{ title: "Confirm your email address — Marketplace" }, { name: "robots", content: "noindex" }];
