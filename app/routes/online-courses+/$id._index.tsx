import { Badge, Box, Button, Card, Container, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { guestViewer } from "~/accounts/roles";
import { viewerOf } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { formatPrice } from "~/formatting/price";
import { ActivityLink, ErrorCallout, ProgressBar } from "~/online-courses/in-course-views";
import { loadOverview, overviewAction } from "~/online-courses/overview.server";
import { pageMeta } from "~/seo/page-meta";
import { DialogLink } from "~/shell/dialog-host";

const ROUTE = "routes/online-courses+/$id._index";

/** /online-courses/{id}: overview, packages with prices, what is previewable, the instructor. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const overview = await loadOverview(session ? viewerOf(session.user) : guestViewer, params.id ?? "");
  return { ...overview, origin: new URL(request.url).origin };
}

/** POST: take a free package (the Buy links of paid ones go to checkout). */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  return overviewAction(viewerOf(session.user), session.user.id, params.id ?? "", await request.formData());
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
  const { course, offers, registration, enrolment, previewable, outline, percent, inCourseHref, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Container size="3" px="4" py="6">
      <Text as="p" color="gray">
        {course.course_code}
      </Text>
      <Heading as="h1" size="8" mb="2">
        {course.name}
      </Heading>
      <Flex gap="2" mb="4" wrap="wrap">
        {course.status === "preparing" ? <Badge color="amber">Pre-registration open</Badge> : null}
        {enrolment ? <Badge color={enrolment.status === "pending_payment" ? "red" : "indigo"}>{ENROLMENT_STATUS_LABELS[enrolment.status]}</Badge> : null}
      </Flex>
      <Text as="p" size="4" mb="5">
        {course.description}
      </Text>
      {actionData && "error" in actionData ? <ErrorCallout>{actionData.error}</ErrorCallout> : null}

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

      <Box asChild mb="6">
        <section id="packages" aria-labelledby="packages-heading">
          <Heading as="h2" size="6" id="packages-heading" mb="3">
            {course.purchase_type === "standard" ? "Packages" : "How to join"}
          </Heading>
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
                <Price cents={course.price_cents} regular={course.regular_price_cents} currency={course.currency} />
              </Text>
              {registration ? (
                <Button asChild mt="3">
                  <DialogLink to={`/checkout?online_course_id=${course.id}&package=bundle`}>{registration === "pre-register" ? "Pre-register" : "Enrol"}</DialogLink>
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
                      <Price cents={offer.priceCents} regular={offer.regularPriceCents} currency={course.currency} />
                    </Text>
                    <Text as="p" size="2" color="gray" mb="3">
                      {offer.includes}
                    </Text>
                    {registration === null ? null : offer.priceCents === 0 ? (
                      signedIn ? (
                        <Form method="post">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="enrol" />
                          <input type="hidden" name="package" value={offer.key} />
                          <Button type="submit">{registration === "pre-register" ? "Pre-register for free" : "Enrol for free"}</Button>
                        </Form>
                      ) : (
                        <Button asChild>
                          <DialogLink to={`/users/sign_in?redirect_to=${encodeURIComponent(`/online-courses/${course.id}`)}`}>Sign in to enrol</DialogLink>
                        </Button>
                      )
                    ) : (
                      <Button asChild>
                        <DialogLink to={offer.checkoutHref} aria-label={`${registration === "pre-register" ? "Pre-register" : "Buy"} ${offer.name}`}>
                          {registration === "pre-register" ? "Pre-register" : "Buy"}
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
              {course.instructor_id ? <Link to={`/instructors/${course.instructor_id}`}>{course.instructor_name}</Link> : course.instructor_name}
            </Text>
            {course.instructor_bio ? <Text as="p">{course.instructor_bio}</Text> : null}
          </section>
        </Box>
      ) : null}
    </Container>
  );
}

function Price({ cents, regular, currency }: { cents: number; regular: number | null; currency: "USD" | "CAD" }) {
  return (
    <>
      <strong>{formatPrice(cents, currency)}</strong>
      {regular !== null && regular > cents ? (
        <>
          {" "}
          <s aria-label={`Regular price ${formatPrice(regular, currency)}`}>{formatPrice(regular, currency)}</s>
        </>
      ) : null}
    </>
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
