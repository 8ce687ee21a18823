import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { signInSchema } from "~/accounts/forms";
import { redirectSignedInVisitor, signInWithPassword } from "~/accounts/sign-in-flow.server";
import { INVALID_CREDENTIALS_MESSAGE } from "~/accounts/sign-in.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { tooManyRequestsMessage } from "~/errors/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/sign_in");
  await redirectSignedInVisitor(request);
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
  const outcome = await signInWithPassword(request, { email, password, rememberMe: remember_me, redirectTo: redirect_to }, context.clientIp);
  if (outcome.kind === "rate-limited") {
    return data(
      { result: submission.reply({ formErrors: [tooManyRequestsMessage], hideFields: ["password"] }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.kind === "invalid") {
    return data({ result: submission.reply({ formErrors: [INVALID_CREDENTIALS_MESSAGE], hideFields: ["password"] }) }, { status: 400 });
  }
  throw redirect(outcome.redirectTo, { headers: { "Set-Cookie": outcome.cookie } });
}

export default function SignInPage() {
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(signInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // SPEC §2: arriving with a reset_password_token, the user goes to / after logging in.
  const redirectTo = searchParams.has("reset_password_token") ? "/" : (searchParams.get("redirect_to") ?? "");
  return (
    <Container size="1" px="4">
      <Card className="auth-card" size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            Log in
          </Heading>
          <Form method="post" {...getFormProps(form)}>
            <Flex direction="column" gap="3">
              <CsrfInput />
              {redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
              <FormErrors errors={form.errors} />
              <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
              <FormField
                label="Password"
                autoComplete="current-password"
                errors={fields.password.errors}
                {...getInputProps(fields.password, { type: "password" })}
              />
              <Flex align="center" gap="2" asChild>
                <label htmlFor={fields.remember_me.id}>
                  <input {...getInputProps(fields.remember_me, { type: "checkbox" })} />
                  <Text size="2">Keep me signed in on this device</Text>
                </label>
              </Flex>
              <Button type="submit" size="3" loading={navigation.state === "submitting"}>
                Log in
              </Button>
            </Flex>
          </Form>
          <Flex direction="column" gap="1">
            <Text size="2">
              <Link to="/users/password/new">Forgot your password?</Link>
            </Text>
            <Text size="2">
              New here? <Link to={redirectTo ? `/sign-up?redirect_to=${encodeURIComponent(redirectTo)}` : "/sign-up"}>Create a free account</Link>
            </Text>
          </Flex>
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = () => [
  { title: "Log in — Marketplace" },
  { name: "description", content: "Log in to your courses, live sessions and tutors." },
];
