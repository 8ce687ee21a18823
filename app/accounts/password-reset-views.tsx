import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  INVALID_RESET_TOKEN_MESSAGE,
  newPasswordSchema,
  passwordResetRequestSchema,
  RESET_REQUESTED_MESSAGE,
} from "~/accounts/password-reset-forms";
import { PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField } from "~/components/form-field";

/**
 * The two password-reset forms. Both post to /users/password (SPEC §7), whose page renders
 * them again with their errors when a submission fails, so they live here rather than in one
 * route. Native form and inputs: they work without JavaScript.
 */
export const PASSWORD_PATH = "/users/password";
export const REQUEST_RESET_PATH = "/users/password/new";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="1" px="4">
      <Card className="auth-card" size="3">
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            {title}
          </Heading>
          {children}
        </Flex>
      </Card>
    </Container>
  );
}

export function RequestResetForm({ lastResult, sent = false }: { lastResult?: SubmissionResult<string[]>; sent?: boolean }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "password-reset-request",
    lastResult,
    constraint: getZodConstraint(passwordResetRequestSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordResetRequestSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title="Reset your password">
      {sent ? (
        <Callout.Root color="green" role="status">
          <Callout.Text>{RESET_REQUESTED_MESSAGE}</Callout.Text>
        </Callout.Root>
      ) : (
        <Text as="p" size="2" color="gray">
          Enter the email address of your account and we'll mail you a link to choose a new password.
        </Text>
      )}
      <Form method="post" action={PASSWORD_PATH} {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <CsrfInput />
          <FormErrors errors={form.errors} />
          <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
          <Button type="submit" size="3" loading={navigation.state === "submitting"}>
            {sent ? "Send another link" : "Send me a reset link"}
          </Button>
        </Flex>
      </Form>
      <Text size="2">
        Remembered it? <Link to="/users/sign_in">Log in</Link>
      </Text>
    </AuthCard>
  );
}

export function InvalidResetLink() {
  return (
    <AuthCard title="This link no longer works">
      <Callout.Root color="red" role="alert">
        <Callout.Text>{INVALID_RESET_TOKEN_MESSAGE}</Callout.Text>
      </Callout.Root>
      <Button asChild size="3">
        <Link to={REQUEST_RESET_PATH}>Request a new link</Link>
      </Button>
    </AuthCard>
  );
}

export function NewPasswordForm({ token, lastResult }: { token: string; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-password",
    lastResult,
    defaultValue: { reset_password_token: token },
    constraint: getZodConstraint(newPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <AuthCard title="Choose a new password">
      <Form method="post" action={PASSWORD_PATH} {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <CsrfInput />
          {/* HTML forms cannot send PUT: the server reads this post as PUT /users/password. */}
          <input type="hidden" name="_method" value="put" />
          <input {...getInputProps(fields.reset_password_token, { type: "hidden" })} key={fields.reset_password_token.key} />
          <FormErrors errors={[...(form.errors ?? []), ...(fields.reset_password_token.errors ?? [])]} />
          <FormField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            errors={fields.password.errors}
            {...getInputProps(fields.password, { type: "password" })}
          />
          <FormField
            label="Confirm new password"
            autoComplete="new-password"
            errors={fields.password_confirmation.errors}
            {...getInputProps(fields.password_confirmation, { type: "password" })}
          />
          <Button type="submit" size="3" loading={navigation.state === "submitting"}>
            Save new password
          </Button>
        </Flex>
      </Form>
    </AuthCard>
  );
}
