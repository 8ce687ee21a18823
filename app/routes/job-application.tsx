import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { jobApplicationLimitMessage, jobApplicationSchema } from "~/careers/careers";
import { createJobApplication, listMyApplications, listOpenPositions } from "~/careers/careers.server";
import { RESUME_MESSAGES } from "~/careers/hiring";
import { displayDate, isoOf } from "~/formatting/display";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";

/** The toast once an application is in (tests/e2e/public-site.spec.ts looks for it). */
const JOB_APPLICATION_SENT_MESSAGE = "Thank you — we received your application and will reply by email within two weeks.";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/job-application");
  const url = new URL(request.url);
  const [positions, applications] = await Promise.all([listOpenPositions(), session ? listMyApplications(session.user.id) : []]);
  const wanted = Number(url.searchParams.get("position"));
  return {
    positions: positions.map(({ id, title }) => ({ id, title })),
    selected: positions.some((p) => p.id === wanted) ? wanted : null,
    account: session ? { name: `${session.user.first_name} ${session.user.last_name}`.trim(), email: session.user.email } : null,
    applications,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/job-application");
  const submission = parseWithZod(await request.formData(), { schema: jobApplicationSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { resume, ...fields } = submission.value;
  const outcome = await createJobApplication(
    { ...fields, resume: resume ? { name: resume.name, bytes: new Uint8Array(await resume.arrayBuffer()) } : undefined },
    session?.user.id ?? null,
    context.clientIp,
  );
  if (outcome.kind === "wrong-file") return data({ result: submission.reply({ fieldErrors: { resume: [RESUME_MESSAGES.wrongType] } }) }, { status: 415 });
  if (outcome.kind === "closed") {
    return data({ result: submission.reply({ fieldErrors: { job_position_id: ["This position is no longer open; choose another."] } }) }, { status: 422 });
  }
  if (outcome.kind === "rate-limited") {
    return tooManyRequests({ result: submission.reply({ formErrors: [jobApplicationLimitMessage(outcome.retryAfterSeconds)] }) }, outcome.retryAfterSeconds);
  }
  throw await redirectWithToast("/job-application", { type: "success", message: JOB_APPLICATION_SENT_MESSAGE }, { status: 303 });
}

export const headers = passRetryAfter;

export default function JobApplicationPage() {
  const { positions, selected, account, applications } = useLoaderData<typeof loader>();
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
      {applications.length > 0 ? (
        <section aria-labelledby="my-applications-heading">
          <Heading as="h2" size="5" id="my-applications-heading" mb="2">
            Your applications
          </Heading>
          <ul className="plain-list" style={{ marginBottom: "var(--space-5)" }}>
            {applications.map((application) => (
              <li key={application.id}>
                <strong>{application.position_title ?? "General application"}</strong> — sent <time dateTime={isoOf(application.created_at)}>{displayDate(application.created_at)}</time>.{" "}
                Status: <strong>{application.status}</strong>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
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
          <FormField
            label="Résumé (optional)"
            hint="A PDF or Word document (.docx), at most 5 MB."
            type="file"
            name={fields.resume.name}
            id={fields.resume.id}
            accept="application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,.docx"
            errors={fields.resume.errors}
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
