import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Text } from "@radix-ui/themes";
import { reauthenticationSchema } from "~/accounts/profile-forms";
import { CsrfInput } from "~/components/csrf-input";
import type { FormElement } from "~/components/form-element";
import { FormErrors, FormField } from "~/components/form-field";

export const REAUTHENTICATION_TITLE = "Confirm it's you";

/** The password-again form of /users/reauthenticate and of its dialog. */
export function ReauthenticationForm({
  Form,
  redirectTo,
  lastResult,
  busy,
}: {
  Form: FormElement;
  redirectTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(reauthenticationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reauthenticationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <Text size="2" color="gray">
        For your security, enter your password again before changing your email, password or account status.
      </Text>
      <Form method="post" action="/users/reauthenticate" {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <CsrfInput />
          <input type="hidden" name="redirect_to" value={redirectTo} />
          <FormErrors errors={form.errors} />
          <FormField label="Password" autoComplete="current-password" errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} />
          <Button type="submit" size="3" loading={busy}>
            Continue
          </Button>
        </Flex>
      </Form>
    </>
  );
}
