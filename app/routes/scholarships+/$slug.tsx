import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess, SIGN_IN_PATH } from "~/accounts/authorize.server";
import { mayOpen } from "~/accounts/policy/route-rules";
import { viewerFor } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, TextAreaField } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { formatPrice } from "~/formatting/price";
import { displayDate } from "~/formatting/display";
import { applicationSchema, ESSAY_MAX_CHARS } from "~/programs/scholarship-forms";
import { applyForScholarship, findMyApplication, todayIso } from "~/programs/scholarship-applications.server";
import { DEADLINE_PASSED_MESSAGE, DUPLICATE_APPLICATION_MESSAGE, isScholarshipOpen, TRANSCRIPT_MESSAGES } from "~/programs/scholarship-rules";
import { findScholarship } from "~/programs/scholarships.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

const ROUTE = "routes/scholarships+/$slug";

export const headers = guestCacheableHeaders;

async function scholarshipOf(slug: string | undefined) {
  const scholarship = await findScholarship(slug ?? "");
  if (!scholarship) throw notFound("Scholarship not found");
  return scholarship;
}

/** /scholarships/{slug}: the scholarship, and for a signed-in student their application form, or their application's status once sent. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const scholarship = await scholarshipOf(params.slug);
  const viewer = viewerFor(session);
  return {
    scholarship,
    open: isScholarshipOpen(scholarship.deadline, todayIso(requestNow(request))),
    signedIn: session !== null,
    application: session ? await findMyApplication(scholarship.id, session.user.id) : null,
    reviews: mayOpen(viewer, "routes/admin+/scholarships._index"),
    signInPath: `${SIGN_IN_PATH}?redirect_to=${encodeURIComponent(`/scholarships/${scholarship.slug}`)}`,
  };
}

/** POST (multipart): a signed-in student's application; refused after the deadline (400, nothing stored) and a second time (409). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireMutationAccess(request, ROUTE))!;
  const scholarship = await scholarshipOf(params.slug);
  const submission = parseWithZod(await request.formData(), { schema: applicationSchema });
  const today = todayIso(requestNow(request));
  const refuse = (status: number, formErrors: string[], fieldErrors: Record<string, string[]> = {}) =>
    data({ result: submission.reply({ formErrors, fieldErrors }) }, { status });
  if (!isScholarshipOpen(scholarship.deadline, today)) return refuse(400, [DEADLINE_PASSED_MESSAGE]);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { essay, eligibility_answers, transcript } = submission.value;
  if (eligibility_answers.length !== scholarship.eligibility.length) return refuse(400, ["Answer each of the eligibility questions."]);
  const outcome = await applyForScholarship(
    scholarship.id,
    session.user.id,
    { essay, eligibility_answers, transcript: { name: transcript.name, bytes: new Uint8Array(await transcript.arrayBuffer()) } },
    today,
  );
  if (outcome.kind === "not-found") throw notFound("Scholarship not found");
  if (outcome.kind === "closed") return refuse(400, [DEADLINE_PASSED_MESSAGE]);
  if (outcome.kind === "wrong-file") return refuse(415, [], { transcript: [TRANSCRIPT_MESSAGES.wrongType] });
  if (outcome.kind === "too-large") return refuse(413, [], { transcript: [TRANSCRIPT_MESSAGES.tooLarge] });
  if (outcome.kind === "duplicate") return refuse(409, [DUPLICATE_APPLICATION_MESSAGE]);
  throw await redirectWithToast(`/scholarships/applications/${outcome.id}`, { type: "success", message: "Your application is sent. We will write to you once it is decided." }, { status: 303 });
}

export default function ScholarshipPage() {
  const { scholarship, open, signedIn, application, reviews, signInPath } = useLoaderData<typeof loader>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        <Link to="/scholarships">Scholarships</Link>
        {signedIn ? (
          <>
            {" · "}
            <Link to="/scholarships/applications">Your applications</Link>
          </>
        ) : null}
        {reviews ? (
          <>
            {" · "}
            <Link to="/admin/scholarships">Review applications</Link>
          </>
        ) : null}
      </Text>
      <Heading as="h1" size="8" mb="3">
        {scholarship.name}
      </Heading>
      <Text as="p" size="5" weight="bold" mb="1">
        {formatPrice(scholarship.amount_cents, scholarship.currency)} for each of {scholarship.winners_count}{" "}
        {scholarship.winners_count === 1 ? "winner" : "winners"}
      </Text>
      <Text as="p" color="gray" mb="4">
        Applications close <time dateTime={scholarship.deadline}>{displayDate(scholarship.deadline)}</time>
      </Text>
      <Text as="p" mb="4">
        {scholarship.summary}
      </Text>
      <Heading as="h2" size="5" mb="2">
        Who can apply
      </Heading>
      <ul>
        {scholarship.eligibility.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <Heading as="h2" size="5" mb="2" mt="4">
        How to apply
      </Heading>
      <Text as="p" mb="4">
        {scholarship.how_to_apply}
      </Text>
      {application ? (
        <Callout.Root mb="4" role="status">
          <Callout.Text>
            You applied on {displayDate(application.created_at)}. Status: <strong data-application-status>{application.status}</strong>.{" "}
            <Link to={`/scholarships/applications/${application.id}`}>See your application</Link>
          </Callout.Text>
        </Callout.Root>
      ) : !open ? (
        <Callout.Root mb="4" role="status" color="gray">
          <Callout.Text>{DEADLINE_PASSED_MESSAGE}</Callout.Text>
        </Callout.Root>
      ) : signedIn ? (
        <ApplicationForm />
      ) : (
        <Button size="3" asChild>
          <Link to={signInPath}>Sign in to apply</Link>
        </Button>
      )}
    </Container>
  );
}

function ApplicationForm() {
  const { scholarship } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "scholarship-application",
    lastResult: actionData?.result,
    constraint: getZodConstraint(applicationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: applicationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { eligibility_answers: scholarship.eligibility.map(() => "") },
  });
  const answers = fields.eligibility_answers.getFieldList();
  return (
    <section aria-labelledby="apply-heading">
      <Heading as="h2" size="5" id="apply-heading" mb="2" mt="4">
        Your application
      </Heading>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <CsrfInput />
          <FormErrors errors={form.errors} />
          <TextAreaField label="Essay" hint="As the scholarship asks above." rows={10} maxLength={ESSAY_MAX_CHARS} errors={fields.essay.errors} {...getTextareaProps(fields.essay)} />
          {scholarship.eligibility.map((rule, index) => {
            const answer = answers[index];
            return answer ? (
              <FormField label={`How do you meet this? ${rule}`} errors={answer.errors} {...getInputProps(answer, { type: "text" })} />
            ) : null;
          })}
          <FormField
            label="Transcript"
            hint="A PDF, or a PNG or JPEG picture, at most 10 MB."
            type="file"
            name={fields.transcript.name}
            id={fields.transcript.id}
            accept="application/pdf,image/png,image/jpeg"
            errors={fields.transcript.errors}
          />
          <div>
            <Button type="submit" size="3" loading={navigation.state === "submitting"}>
              Send your application
            </Button>
          </div>
        </Flex>
      </Form>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? metaFor(matches, { title: data.scholarship.name, description: data.scholarship.summary, path: `/scholarships/${data.scholarship.slug}` })
    : [{ title: "Scholarship not found" }];
