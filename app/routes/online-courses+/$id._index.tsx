import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Box, Button, Callout, Card, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { instructorPageExists } from "~/catalog/educators.server";
import { CsrfInput } from "~/components/csrf-input";
import { Price } from "~/components/price";
import { ActivityLink, ErrorCallout, ProgressBar } from "~/online-courses/in-course-views";
import { overviewSchema, PRE_REGISTERED_MESSAGE, PRE_REGISTRATION_WITHDRAWN_MESSAGE } from "~/online-courses/overview-forms";
import { enrolForFree, loadOverview, preRegisterForCourse, withdrawFromPreRegistration } from "~/online-courses/overview.server";
import { preRegistrationCountLabel, type PreRegistrationState } from "~/online-courses/pre-registration";
import { pageMeta } from "~/seo/page-meta";
import { DialogLink } from "~/shell/dialog-host";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/online-courses+/$id._index";

const courseNotFound = () => new Response("Course not found", { status: 404 });

/** /online-courses/{id}: overview, packages with prices, what is previewable, the instructor. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const overview = await loadOverview(viewerFor(session), params.id ?? "");
  if (!overview) throw courseNotFound();
  const { instructor_id: instructorId } = overview.course;
  // The instructor's name links only to a page that answers: a closed account has none, nor has
  // a draft's author who teaches nothing published.
  const instructorHref = instructorId !== null && (await instructorPageExists(instructorId)) ? `/instructors/${instructorId}` : null;
  return { ...overview, instructorHref, origin: siteOrigin(request) };
}

/** POST: take a free package (the Buy links of paid ones go to checkout), pre-register or withdraw. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: overviewSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  const viewer = viewerFor(session);
  const idOrSlug = params.id ?? "";
  const outcome =
    form.intent === "enrol"
      ? await enrolForFree(viewer, session.user.id, idOrSlug, form.package)
      : form.intent === "pre-register"
        ? await preRegisterForCourse(viewer, session.user.id, idOrSlug)
        : await withdrawFromPreRegistration(viewer, session.user.id, idOrSlug);
  switch (outcome.kind) {
    case "no-course":
      throw courseNotFound();
    case "refused":
      return data({ result: submission.reply({ formErrors: [outcome.message] }) }, { status: outcome.status });
    case "enrolled":
      throw redirect(outcome.href);
    case "pre-registered":
      throw await redirectWithToast(outcome.back, { type: "success", message: PRE_REGISTERED_MESSAGE });
    case "withdrawn":
      throw await redirectWithToast(outcome.back, { type: "success", message: PRE_REGISTRATION_WITHDRAWN_MESSAGE });
  }
}

const ENROLMENT_STATUS_LABELS: Record<string, string> = {
  trialing: "Trial",
  active: "Enrolled",
  pending_payment: "Action Required",
  refunded: "Refunded",
  expired: "Expired",
  invited: "Invited",
  invite_rejected: "Invitation declined",
};

export default function OnlineCourseOverview() {
  const { course, offers, registration, preRegistration, preRegistrationCount, enrolment, previewable, outline, percent, inCourseHref, signedIn, instructorHref } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result as SubmissionResult<string[]> | undefined;
  // Every message shows here, above the forms: a refusal can come from a form the page no longer shows.
  const errors = Object.values(lastResult?.error ?? {}).flatMap((messages) => messages ?? []);
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        {course.course_code}
      </Text>
      <Heading as="h1" size="8" mb="2">
        {course.name}
      </Heading>
      <Flex gap="2" mb="4" wrap="wrap">
        {course.status === "preparing" ? <Badge color="amber" highContrast>Pre-registration open</Badge> : null}
        {enrolment ? <Badge color={enrolment.status === "pending_payment" ? "red" : "indigo"}>{ENROLMENT_STATUS_LABELS[enrolment.status]}</Badge> : null}
      </Flex>
      <Text as="p" size="4" mb="3">
        {course.description}
      </Text>
      <Text as="p" mb="5">
        <Link to={`/online-courses/${course.id}/forum`}>{course.course_code} course forum</Link>: questions and answers from its students and instructor.
      </Text>
      {errors.length > 0 ? <ErrorCallout>{errors.join(" ")}</ErrorCallout> : null}

      {enrolment && registration === "register" ? (
        <Card mb="5">
          <ProgressBar percent={percent} label="Your progress" />
          <Flex gap="3" mt="3" wrap="wrap">
            <Button asChild>
              <Link to={`${inCourseHref}?resume=true`}>Continue learning</Link>
            </Button>
            <Button asChild variant="soft">
              <Link to={inCourseHref}>Curriculum</Link>
            </Button>
          </Flex>
        </Card>
      ) : null}

      {preRegistration !== "unavailable" || preRegistrationCount !== null ? (
        <PreRegistration courseId={course.id} state={preRegistration} staffCount={preRegistrationCount} lastResult={lastResult} />
      ) : null}

      <Box asChild mb="6">
        <section id="packages" aria-labelledby="packages-heading">
          <Heading as="h2" size="6" id="packages-heading" mb="3">
            {course.purchase_type === "standard" ? "Packages" : "How to join"}
          </Heading>
          {registration === "pre-register" ? (
            <Text as="p" color="gray" mb="3">
              Registration opens when the course does; pre-registered students hear first.
            </Text>
          ) : null}
          {course.purchase_type === "subscription" ? (
            <Card>
              <Text as="p">This course is included with a Plus subscription, with every lesson and all the practice.</Text>
              <Button asChild mt="3">
                <Link to="/pricing">See plans</Link>
              </Button>
            </Card>
          ) : null}
          {course.purchase_type === "course_bundle" ? (
            <Card>
              <Text as="p">
                The full course, live sessions and practice, with a deposit now and the balance later.{" "}
                <Price cents={course.price_cents} regularCents={course.regular_price_cents} currency={course.currency} />
              </Text>
              {registration === "register" ? (
                <Button asChild mt="3">
                  <DialogLink to={`/checkout?online_course_id=${course.id}&package=bundle`}>Enrol</DialogLink>
                </Button>
              ) : null}
            </Card>
          ) : null}
          {offers.length > 0 ? (
            <Grid columns={{ initial: "1", sm: String(Math.min(3, offers.length)) }} gap="3">
              {offers.map((offer) => (
                <Card key={offer.key} asChild>
                  <article aria-labelledby={`package-${offer.key}`}>
                    <Heading as="h3" size="4" id={`package-${offer.key}`}>
                      {offer.name}
                    </Heading>
                    <Text as="p" size="5" my="2">
                      <Price cents={offer.priceCents} regularCents={offer.regularPriceCents} currency={course.currency} />
                    </Text>
                    <Text as="p" size="2" color="gray" mb="3">
                      {offer.includes}
                    </Text>
                    {offer.standing.kind === "owned" ? (
                      <Flex gap="3" align="center" wrap="wrap">
                        <Text weight="bold">You have this package</Text>
                        <Link to={inCourseHref}>Go to the course</Link>
                      </Flex>
                    ) : offer.standing.kind === "upgrade" && registration === "register" ? (
                      <>
                        <Text as="p" size="2" mb="2">
                          You have half of it already: upgrade for <Price cents={offer.standing.payCents} regularCents={null} currency={course.currency} />.
                        </Text>
                        <Button asChild>
                          <DialogLink to={offer.checkoutHref} aria-label={`Upgrade to the ${offer.name}`}>
                            Upgrade
                          </DialogLink>
                        </Button>
                      </>
                    ) : registration !== "register" ? null : offer.priceCents === 0 ? (
                      signedIn ? (
                        <IntentForm id={`enrol-${offer.key}`} fields={{ intent: "enrol", package: offer.key }} lastResult={lastResult}>
                          <Button type="submit">Enrol for free</Button>
                        </IntentForm>
                      ) : (
                        <Button asChild>
                          <DialogLink to={`/users/sign_in?redirect_to=${encodeURIComponent(`/online-courses/${course.id}`)}`}>Sign in to enrol</DialogLink>
                        </Button>
                      )
                    ) : (
                      <Button asChild>
                        <DialogLink to={offer.checkoutHref} aria-label={`Buy ${offer.name}`}>
                          Buy
                        </DialogLink>
                      </Button>
                    )}
                  </article>
                </Card>
              ))}
            </Grid>
          ) : null}
        </section>
      </Box>

      {previewable.length > 0 ? (
        <Box asChild mb="6">
          <section aria-labelledby="preview-heading">
            <Heading as="h2" size="6" id="preview-heading" mb="2">
              Try it free
            </Heading>
            <Text as="p" color="gray" mb="2">
              These lessons are open to everyone.
            </Text>
            <ul style={{ paddingLeft: "1rem" }}>
              {previewable.map((activity) => (
                <li key={activity.id}>
                  <ActivityLink activity={activity} base={inCourseHref} />
                </li>
              ))}
            </ul>
          </section>
        </Box>
      ) : null}

      <Box asChild mb="6">
        <section aria-labelledby="outline-heading">
          <Heading as="h2" size="6" id="outline-heading" mb="2">
            What you will study
          </Heading>
          <ol style={{ paddingLeft: "1.25rem" }}>
            {outline.map((chapter) => (
              <li key={chapter.id}>
                <Text weight="medium">{chapter.title}</Text>{" "}
                <Text size="2" color="gray">
                  · {chapter.activityCount} activities
                </Text>
              </li>
            ))}
          </ol>
          <Link to={inCourseHref}>Open the curriculum</Link>
        </section>
      </Box>

      {course.instructor_name ? (
        <Box asChild>
          <section aria-labelledby="instructor-heading">
            <Heading as="h2" size="6" id="instructor-heading" mb="2">
              Your instructor
            </Heading>
            <Text as="p" weight="bold">
              {instructorHref ? <Link to={instructorHref}>{course.instructor_name}</Link> : course.instructor_name}
            </Text>
            {course.instructor_bio ? <Text as="p">{course.instructor_bio}</Text> : null}
          </section>
        </Box>
      ) : null}
    </Container>
  );
}

/** SPEC §4: a preparing course takes pre-registrations instead of purchases. */
function PreRegistration({
  courseId,
  state,
  staffCount,
  lastResult,
}: {
  courseId: number;
  state: PreRegistrationState;
  staffCount: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const back = encodeURIComponent(`/online-courses/${courseId}`);
  return (
    <Box asChild mb="6">
      <section id="pre-registration" aria-labelledby="pre-registration-heading">
        <Heading as="h2" size="6" id="pre-registration-heading" mb="3">
          Pre-registration
        </Heading>
        <Card>
          {state === "sign-in" ? (
            <>
              <Text as="p">This course opens soon. Pre-register and we will tell you as soon as you can register.</Text>
              <Flex gap="3" mt="3" wrap="wrap" align="center">
                <Button asChild>
                  <Link to={`/users/sign_in?redirect_to=${back}`}>Sign in to pre-register</Link>
                </Button>
                <Link to={`/sign-up?redirect_to=${back}`}>Create a free account</Link>
              </Flex>
            </>
          ) : null}
          {state === "open" ? (
            <IntentForm id="pre-register" fields={{ intent: "pre-register" }} lastResult={lastResult}>
              <Text as="p">This course opens soon. Pre-register and we will tell you, by notification and email, as soon as you can register.</Text>
              <Button type="submit" mt="3">
                Pre-register
              </Button>
            </IntentForm>
          ) : null}
          {state === "pre-registered" ? (
            <IntentForm id="withdraw-pre-registration" fields={{ intent: "withdraw-pre-registration" }} lastResult={lastResult}>
              <Callout.Root color="green" role="status">
                <Callout.Text>You&rsquo;re pre-registered — we&rsquo;ll tell you when it opens.</Callout.Text>
              </Callout.Root>
              <Button type="submit" variant="soft" color="gray" mt="3">
                Withdraw pre-registration
              </Button>
            </IntentForm>
          ) : null}
          {staffCount !== null ? (
            <Text as="p" size="2" color="gray" mt={state === "unavailable" ? "0" : "3"}>
              {preRegistrationCountLabel(staffCount)} <Link to={`/online-courses/${courseId}/manager#pre-registrations`}>See who</Link>
            </Text>
          ) : null}
        </Card>
      </section>
    </Box>
  );
}

/**
 * One of the page's one-button forms: what it asks sent as hidden fields, so it works without
 * JavaScript. It keeps the last answer only when that answer was to it (same intent and package);
 * the page shows the messages.
 */
function IntentForm({ id, fields, lastResult, children }: { id: string; fields: Record<string, string>; lastResult: SubmissionResult<string[]> | undefined; children: ReactNode }) {
  const sent = lastResult?.initialValue;
  const answered = sent != null && Object.entries(fields).every(([name, value]) => sent[name] === value);
  const [form] = useForm({
    id,
    lastResult: answered ? lastResult : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: overviewSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form, { ariaAttributes: false })}>
      <CsrfInput />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(data.origin, {
        title: data.course.name,
        description: data.course.description.slice(0, 160),
        path: `/online-courses/${data.course.id}`,
      })
    : [{ title: "Course not found — Marketplace" }];
