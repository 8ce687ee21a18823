import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { CONTACT_TOPICS, contactSchema, isContactTopic } from "~/site/contact";
import { submitContactMessage } from "~/site/contact.server";
import { TextAreaField } from "~/site/text-area-field";
import { metaFor } from "~/seo/page-meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/contact-us");
  const url = new URL(request.url);
  const topic = url.searchParams.get("topic");
  const subject = url.searchParams.get("subject")?.slice(0, 120) ?? "";
  return {
    sent: url.searchParams.get("sent") === "1",
    defaults: {
      topic: isContactTopic(topic) ? topic : "general",
      body: subject ? `${subject}: ` : "",
      name: session ? `${session.user.first_name} ${session.user.last_name}`.trim() : "",
      email: session?.user.email ?? "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/contact-us");
  const submission = parseWithZod(await request.formData(), { schema: contactSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await submitContactMessage(submission.value, session?.user.id ?? null);
  throw redirect("/contact-us?sent=1");
}

export default function ContactUsPage() {
  const { sent, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "contact-us",
    lastResult: actionData?.result,
    constraint: getZodConstraint(contactSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: defaults,
  });
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Contact us
      </Heading>
      {sent ? (
        <Callout.Root color="green" role="status" mb="4">
          <Callout.Text>Thanks — your message is on its way to our support team. We reply by email within one business day.</Callout.Text>
        </Callout.Root>
      ) : (
        <Text as="p" color="gray" mb="4">
          Questions about a course, your account or a partnership? Write to us and we will reply by email.
        </Text>
      )}
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <CsrfInput />
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
          <Button type="submit" size="3" loading={navigation.state === "submitting"}>
            Send message
          </Button>
        </Flex>
      </Form>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Contact us", description: "Questions about a course, your account or a partnership? Send us a message.", path: "/contact-us" });
