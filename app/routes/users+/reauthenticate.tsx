import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { reauthenticationSchema } from "~/accounts/profile-forms";
import { reauthenticate } from "~/accounts/reauthentication.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";
import { tooManyRequestsMessage } from "~/errors/messages";
import { safeRedirectPath } from "~/security/safe-redirect";

const ROUTE = "routes/users+/reauthenticate";
const WRONG_PASSWORD = "That password is not right.";

/** Where to continue: only a path on this site (never an open redirect); the profile by default. */
function continueTo(request: Request, target: unknown) {
  return safeRedirectPath(target, new URL(request.url).origin, "/profile");
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return { redirectTo: continueTo(request, new URL(request.url).searchParams.get("redirect_to")) };
}

/**
 * POST /users/reauthenticate: the password again; on success this same session counts as
 * freshly signed in (SPEC §8), and the visitor continues where they were going.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: reauthenticationSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const outcome = await reauthenticate(session, submission.value.password);
  if (outcome.kind === "rate-limited") {
    return data(
      { result: submission.reply({ formErrors: [tooManyRequestsMessage], hideFields: ["password"] }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.kind === "invalid") {
    return data({ result: submission.reply({ fieldErrors: { password: [WRONG_PASSWORD] }, hideFields: ["password"] }) }, { status: 400 });
  }
  throw redirect(continueTo(request, submission.value.redirect_to));
}

export default function ReauthenticatePage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(reauthenticationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reauthenticationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Container size="1" px="4">
      <Card className="auth-card" size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            Confirm it's you
          </Heading>
          <Text size="2" color="gray">
            For your security, enter your password again before changing your email, password or account status.
          </Text>
          <Form method="post" {...getFormProps(form)}>
            <Flex direction="column" gap="3">
              <CsrfInput />
              <input type="hidden" name="redirect_to" value={redirectTo} />
              <FormErrors errors={form.errors} />
              <FormField
                label="Password"
                autoComplete="current-password"
                errors={fields.password.errors}
                {...getInputProps(fields.password, { type: "password" })}
              />
              <Button type="submit" size="3" loading={navigation.state === "submitting"}>
                Continue
              </Button>
            </Flex>
          </Form>
        </Flex>
      </Card>
    </Container>
  );
}

export const meta: MetaFunction = () => [{ title: "Confirm it's you — Marketplace" }];
