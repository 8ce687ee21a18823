import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { signInSchema } from "~/accounts/forms";
import { CsrfInput } from "~/components/csrf-input";
import type { FormElement } from "~/components/form-element";
import { FormErrors, FormField } from "~/components/form-field";

/** The log-in form of /users/sign_in and of the log-in dialog. */
export function SignInForm({
  Form,
  lastResult,
  busy,
  redirectTo,
}: {
  Form: FormElement;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  redirectTo: string;
}) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(signInSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <Form method="post" action="/users/sign_in" {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <CsrfInput />
          {redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
          <FormErrors errors={form.errors} />
          <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
          <FormField label="Password" autoComplete="current-password" errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} />
          {/* Wrapping the checkbox is what labels it; a `for` as well is redundant markup. */}
          <Flex align="center" gap="2" asChild>
            <label>
              <input {...getInputProps(fields.remember_me, { type: "checkbox" })} />
              <Text size="2">Keep me signed in on this device</Text>
            </label>
          </Flex>
          <Button type="submit" size="3" loading={busy}>
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
    </>
  );
}

/** Where the log-in continues, from the page's query (SPEC §2: a reset_password_token goes to /). */
export function signInRedirectTo(params: URLSearchParams): string {
  return params.has("reset_password_token") ? "/" : (params.get("redirect_to") ?? "");
}
