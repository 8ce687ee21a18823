import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { signUpSchema } from "~/accounts/forms";
import { PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";
import { CsrfInput } from "~/components/csrf-input";
import type { FormElement } from "~/components/form-element";
import { FormErrors, FormField } from "~/components/form-field";

/** Who is signing up and where they continue (the sign-up page's loader data). */
export interface SignUpChoices {
  signupRole: "teacher" | "student";
  product: string | null;
  redirectTo: string;
}

export function signUpHeading({ signupRole, product }: SignUpChoices): string {
  return signupRole === "teacher" ? "Create your educator account" : product === "mcat" ? "Start your MCAT prep for free" : "Get started for free";
}

/** The sign-up form of /sign-up and of the sign-up dialog. */
export function SignUpForm({
  Form,
  choices,
  lastResult,
  busy,
}: {
  Form: FormElement;
  choices: SignUpChoices;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const { signupRole, product, redirectTo } = choices;
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(signUpSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signUpSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <Form method="post" action="/sign-up" {...getFormProps(form)}>
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
          <Button type="submit" size="3" loading={busy}>
            Create account
          </Button>
        </Flex>
      </Form>
      <Text size="2">
        Already have an account? <Link to={redirectTo ? `/users/sign_in?redirect_to=${encodeURIComponent(redirectTo)}` : "/users/sign_in"}>Log in</Link>
      </Text>
    </>
  );
}
