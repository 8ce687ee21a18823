import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex } from "@radix-ui/themes";
import { CsrfInput } from "~/components/csrf-input";
import type { FormElement } from "~/components/form-element";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { CONTACT_RETURN_FIELD, CONTACT_TOPICS, contactSchema, type ContactTopic } from "~/contact/contact";

export const CONTACT_INTRO = "Questions about a course, your account or a partnership? Write to us and we will reply by email.";

export interface ContactDefaults {
  topic: ContactTopic;
  body: string;
  name: string;
  email: string;
}

/**
 * The contact form of /contact-us and of the contact dialog. From the dialog it carries the page
 * the visitor is on (`returnTo`): the message sent, they stay there and a toast says so.
 */
export function ContactForm({
  Form,
  formId,
  defaults,
  lastResult,
  busy,
  returnTo,
}: {
  Form: FormElement;
  formId: string;
  defaults: ContactDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  returnTo?: string;
}) {
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    constraint: getZodConstraint(contactSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: defaults,
  });
  return (
    <Form method="post" action="/contact-us" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <CsrfInput />
        {returnTo ? <input type="hidden" name={CONTACT_RETURN_FIELD} value={returnTo} /> : null}
        <FormErrors errors={form.errors} />
        <FormField label="Your name" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} />
        <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
        <SelectField label="Topic" name={fields.topic.name} id={fields.topic.id} defaultValue={defaults.topic} errors={fields.topic.errors}>
          {Object.entries(CONTACT_TOPICS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Message" rows={8} errors={fields.body.errors} {...getTextareaProps(fields.body)} />
        <Button type="submit" size="3" loading={busy}>
          Send message
        </Button>
      </Flex>
    </Form>
  );
}
