import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { signUpSchema } from "~/accounts/forms";
import { PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";
import { redirectSignedInVisitor } from "~/accounts/sign-in-flow.server";
import { EMAIL_TAKEN_MESSAGE, signUp } from "~/accounts/sign-up.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { tooManyRequestsMessage } from "~/errors/messages";

/** /sign-up?role=teacher (from the educators page), ?product=mcat&redirect_to=… (from MCAT pages). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/sign-up");
  await redirectSignedInVisitor(request);
  const params = new URL(request.url).searchParams;
  return {
    signupRole: params.get("role") === "teacher" ? ("teacher" as const) : ("student" as const),
    product: params.get("product") === "mcat" || params.get("product") === "lsat" ? params.get("product") : null,
    // SPEC §2: arriving with a reset_password_token, the user goes to / after logging in.
    redirectTo: params.has("reset_password_token") ? "/" : (params.get("redirect_to") ?? ""),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRouteAccess(request, "routes/sign-up");
  const submission = parseWithZod(await request.formData(), { schema: signUpSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await signUp(request, submission.value, context.clientIp);
  if (outcome.kind === "rate-limited") {
    return data(
      { result: submission.reply({ formErrors: [tooManyRequestsMessage], hideFields: ["password"] }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.kind === "email-taken") {
    return data({ result: submission.reply({ fieldErrors: { email: [EMAIL_TAKEN_MESSAGE] }, hideFields: ["password"] }) }, { status: 400 });
  }
  throw redirect(outcome.redirectTo, { headers: { "Set-Cookie": outcome.cookie } });
}

export default function SignUpPage() {
  const { signupRole, product, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(signUpSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const heading = signupRole === "teacher" ? "Create your educator account" : product === "mcat" ? "Start your MCAT prep for free" : "Get started for free";
  return (
    <Container size="1" px="4">
      <Card className="auth-card" size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            {heading}
          </Heading>
          <Form method="post" {...getFormProps(form)}>
            <Flex direction="column" gap="3">
              <CsrfInput />
              <input type="hidden" name="signup_role" value={signupRole} />
              {product ? <input type="hidden" name="product" value={product} /> : null}
              {redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
              <FormErrors errors={form.errors} />
              <Flex gap="3" wrap="wrap">
                <FormField label="First name" autoComplete="given-name" errors={fields.first_name.errors} {...getInputProps(fields.first_name, { type: "text" })} />
                <FormField label="Last name" autoComplete="family-name" errors={fields.last_name.errors} {...getInputProps(fields.last_name, { type: "text" })} />
              </Flex>
              <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
              <FormField
                label="Password"
                autoComplete="new-password"
                hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                errors={fields.password.errors}
                {...getInputProps(fields.password, { type: "password" })}
              />
              <Button type="submit" size="3" loading={navigation.state === "submitting"}>
                Create account
              </Button>
            </Flex>
          </Form>
          <Text size="2">
            Already have an account? <Link to={redirectTo ? `/users/sign_in?redirect_to=${encodeURIComponent(redirectTo)}` : "/users/sign_in"}>Log in</Link>
          </Text>
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = () => [
  { title: "Create your free account — Marketplace" },
  { name: "description", content: "Sign up free for online courses, live study sessions and tutors." },
];
