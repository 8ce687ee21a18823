import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { jobApplicationLimitMessage, jobApplicationSchema } from "~/careers/careers";
import { createJobApplication, listOpenPositions } from "~/careers/careers.server";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";

/** The toast once an application is in (tests/e2e/public-site.spec.ts looks for it). */
const JOB_APPLICATION_SENT_MESSAGE = "Thank you — we received your application and will reply by email within two weeks.";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/job-application");
  const url = new URL(request.url);
  const positions = await listOpenPositions();
  const wanted = Number(url.searchParams.get("position"));
  return {
    positions: positions.map(({ id, title }) => ({ id, title })),
    selected: positions.some((p) => p.id === wanted) ? wanted : null,
    account: session ? { name: `${session.user.first_name} ${session.user.last_name}`.trim(), email: session.user.email } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/job-application");
  const submission = parseWithZod(await request.formData(), { schema: jobApplicationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await createJobApplication(submission.value, session?.user.id ?? null, context.clientIp);
  if (outcome.kind === "closed") {
    return data({ result: submission.reply({ fieldErrors: { job_position_id: ["This position is no longer open; choose another."] } }) }, { status: 422 });
  }
  if (outcome.kind === "rate-limited") {
    return tooManyRequests({ result: submission.reply({ formErrors: [jobApplicationLimitMessage(outcome.retryAfterSeconds)] }) }, outcome.retryAfterSeconds);
  }
  throw await redirectWithToast("/job-application", { type: "success", message: JOB_APPLICATION_SENT_MESSAGE });
}

export const headers = passRetryAfter;

export default function JobApplicationPage() {
  const { positions, selected, account } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "job-application",
    lastResult: actionData?.result,
    constraint: getZodConstraint(jobApplicationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobApplicationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { job_position_id: selected ? String(selected) : "", name: account?.name ?? "", email: account?.email ?? "" },
  });
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Job application
      </Heading>
      <Text as="p" color="gray" mb="4">
        Apply for one of our <Link to="/careers">open positions</Link>, or send a general application.
      </Text>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <CsrfInput />
          <FormErrors errors={form.errors} />
          <SelectField
            label="Position"
            errors={fields.job_position_id.errors}
            name={fields.job_position_id.name}
            id={fields.job_position_id.id}
            defaultValue={selected ? String(selected) : ""}
          >
            <option value="">General application</option>
            {positions.map((position) => (
              <option key={position.id} value={position.id}>
                {position.title}
              </option>
            ))}
          </SelectField>
          <FormField label="Full name" autoComplete="name" errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} />
          <FormField label="Email" autoComplete="email" errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} />
          <FormField label="Phone (optional)" autoComplete="tel" errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} />
          <FormField
            label="Résumé or portfolio link (optional)"
            hint="A link to your résumé, LinkedIn profile or portfolio."
            errors={fields.portfolio_url.errors}
            {...getInputProps(fields.portfolio_url, { type: "url" })}
          />
          <TextAreaField label="Why are you a good fit?" rows={8} errors={fields.cover_letter.errors} {...getTextareaProps(fields.cover_letter)} />
          <Button type="submit" size="3" loading={navigation.state === "submitting"}>
            Send application
          </Button>
        </Flex>
      </Form>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, {
    title: "Job application",
    description: "Apply for an open position on our teaching, engineering, marketing or operations teams.",
    path: "/job-application",
  });
