import type { SubmissionResult } from "@conform-to/react";
import { Badge, Button, Card, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";
import { CsrfInput } from "~/components/csrf-input";
import type { FormElement } from "~/components/form-element";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { Price } from "~/components/price";
import { LocalTime, LocalTimeRange } from "~/study-sessions/local-time";
import type { SessionAttachmentView, StudySessionView } from "~/study-sessions/session-view.server";

const TIMING_BADGES = {
  upcoming: { label: "Upcoming", color: "blue" },
  live: { label: "Live now", color: "green" },
  past: { label: "Past", color: "gray" },
} as const;

const KIND_NAMES = { booklet: "Booklet", solution: "Solutions", recording: "Recording", preview: "Preview" } as const;

/** The page of one live study session (app/routes/study-sessions+/$id.tsx). */
export function StudySessionPage({ view, manage = false, Form, result, busy }: { view: StudySessionView; /** The viewer runs this session: links to edit it and to its roster. */ manage?: boolean; Form: FormElement; result: SubmissionResult<string[]> | null; busy: boolean }) {
  const badge = TIMING_BADGES[view.timing];
  return (
    <Container size="3" px="4" py="6">
      <Flex direction="column" gap="5">
        <header>
          <Flex gap="2" align="center" wrap="wrap" mb="2">
            <Text as="p" color="gray">
              {view.typeName}
            </Text>
            <Badge color={badge.color} size="2">
              {badge.label}
            </Badge>
          </Flex>
          <Heading as="h1" size="8">
            {view.title}
          </Heading>
          {manage ? (
            <Flex gap="4" mt="2" asChild>
              <p>
                <Link to={`/study-sessions/${view.id}/edit`}>Edit session</Link>
                <Link to={`/study-sessions/${view.id}/roster`}>Roster</Link>
              </p>
            </Flex>
          ) : null}
          <Text as="p" size="4" mt="2">
            {view.price.free ? <strong>Free</strong> : <Price cents={view.price.cents} regularCents={view.price.regularCents} currency={view.price.currency} />}
          </Text>
        </header>

        <Flex direction={{ initial: "column", md: "row" }} gap="6">
          <Flex direction="column" gap="5" style={{ flex: 2 }}>
            <section aria-labelledby="session-about">
              <Heading as="h2" size="5" mb="2" id="session-about">
                About this session
              </Heading>
              {view.description.split(/\n{2,}/).map((paragraph, index) => (
                <Text as="p" key={index} mb="2">
                  {paragraph}
                </Text>
              ))}
              <Text as="p" mb="1">
                Instructor:{" "}
                {view.instructorPending || !view.instructor ? (
                  <em>Instructor to be announced</em>
                ) : view.instructor.href ? (
                  <Link to={view.instructor.href}>{view.instructor.name}</Link>
                ) : (
                  view.instructor.name
                )}
              </Text>
              {view.courses.length > 0 ? (
                <Text as="p">
                  For{" "}
                  {view.courses.map((course, index) => (
                    <span key={course.id}>
                      {index > 0 ? ", " : null}
                      <Link to={`/courses/${course.slug}`}>
                        {course.code} {course.name}
                      </Link>
                    </span>
                  ))}
                </Text>
              ) : null}
              {view.disableZoom ? (
                <Text as="p" mt="2" color="gray">
                  This session is not held online here: it takes place in person or elsewhere, as the description says.
                </Text>
              ) : null}
            </section>

            <section aria-labelledby="session-dates">
              <Heading as="h2" size="5" mb="2" id="session-dates">
                {view.dates.length === 1 ? "Date" : "Dates"}
              </Heading>
              {view.dates.length === 0 ? (
                <Text as="p">Dates will be announced.</Text>
              ) : (
                <ul className="stack-list">
                  {view.dates.map((date) => (
                    <li key={date.id} className="tile">
                      <span className="tile-title">
                        <LocalTimeRange start={date.start} end={date.end} />
                      </span>
                      <span className="tile-meta">{TIMING_BADGES[date.timing].label}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <Attachments view={view} />
          </Flex>

          <aside style={{ flex: 1 }} aria-labelledby="session-actions">
            <Card size="3">
              <Heading as="h2" size="5" mb="3" id="session-actions">
                {view.enrolment?.status === "active" ? "You're registered" : "Join this session"}
              </Heading>
              <Actions view={view} Form={Form} result={result} busy={busy} />
            </Card>
          </aside>
        </Flex>
      </Flex>
    </Container>
  );
}

function Actions({ view, Form, result, busy }: { view: StudySessionView; Form: FormElement; result: SubmissionResult<string[]> | null; busy: boolean }) {
  const enrolment = view.enrolment;
  if (enrolment?.status === "active") {
    return (
      <Flex direction="column" gap="3">
        {view.canJoin ? (
          <Button asChild size="3" color="green">
            <a href={`/study-sessions/${view.id}/join`}>Join</a>
          </Button>
        ) : view.joinOpens ? (
          <Text as="p" size="2">
            The Join link opens <LocalTime value={view.joinOpens} />, an hour before the start.
          </Text>
        ) : null}
        {view.timing !== "past" ? <a href={`/study-sessions/${view.id}/calendar.ics`}>Add to calendar</a> : null}
        {enrolment.accessEnds ? (
          enrolment.withAccess ? (
            <Text as="p" size="2">
              Your access to the material lasts until <LocalTime value={enrolment.accessEnds} />.
            </Text>
          ) : (
            <Text as="p" size="2" role="status">
              Your access ended on <LocalTime value={enrolment.accessEnds} />.
            </Text>
          )
        ) : null}
        <Link to="/study-sessions">My live sessions</Link>
      </Flex>
    );
  }
  if (enrolment?.status === "pending_payment") {
    return (
      <Text as="p" size="2">
        Your payment is being confirmed. <a href={`/checkout?study_session_id=${view.id}`}>Back to checkout</a>
      </Text>
    );
  }
  if (enrolment) {
    return (
      <Text as="p" size="2">
        Your registration for this session was cancelled. <Link to="/contact-us">Contact us</Link> if this is a mistake.
      </Text>
    );
  }
  if (view.timing === "past") {
    return (
      <Text as="p" size="2">
        This session has already taken place, so registration is closed.
      </Text>
    );
  }
  if (view.canBuy) {
    return (
      <Flex direction="column" gap="3">
        <Text as="p" size="2">
          Buy a seat to join live and get the material.
        </Text>
        <Button asChild size="3">
          <a href={`/checkout?study_session_id=${view.id}`}>Buy</a>
        </Button>
      </Flex>
    );
  }
  if (view.canRegister) return <RegistrationForm view={view} Form={Form} result={result} busy={busy} />;
  return null;
}

/** The free registration; a guest creates an account in the same form. Works without JavaScript. */
function RegistrationForm({ view, Form, result, busy }: { view: StudySessionView; Form: FormElement; result: SubmissionResult<string[]> | null; busy: boolean }) {
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const typed = (name: string) => {
    const value = result?.initialValue?.[name];
    return typeof value === "string" ? value : undefined;
  };
  const returnTo = `/study-sessions/${view.id}`;
  return (
    <Form method="post" noValidate>
      <Flex direction="column" gap="3">
        <CsrfInput />
        <FormErrors errors={errors("")} />
        {view.viewer === "guest" ? (
          <fieldset className="plain-fieldset">
            <legend>
              <Text weight="bold">Create your account</Text>
            </legend>
            <Flex direction="column" gap="3">
              <Text size="2">
                Already have an account? <Link to={`/users/sign_in?redirect_to=${encodeURIComponent(returnTo)}`}>Log in</Link>
              </Text>
              <FormField label="First name" name="first_name" type="text" autoComplete="given-name" defaultValue={typed("first_name")} errors={errors("first_name")} required />
              <FormField label="Last name" name="last_name" type="text" autoComplete="family-name" defaultValue={typed("last_name")} errors={errors("last_name")} required />
              <FormField label="Email" name="email" type="email" autoComplete="email" defaultValue={typed("email")} errors={errors("email")} required />
              <FormField label="Password" name="password" type="password" autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} errors={errors("password")} required />
            </Flex>
          </fieldset>
        ) : null}
        {view.courses.length > 0 ? (
          <SelectField label="Your course (optional)" name="course_id" defaultValue={typed("course_id") ?? ""} errors={errors("course_id")}>
            <option value="">Not listed / prefer not to say</option>
            {view.courses.map((course) => (
              <option key={course.id} value={String(course.id)}>
                {course.code} {course.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <FormField
          label="Phone number (optional)"
          name="phone_number"
          type="tel"
          autoComplete="tel"
          hint="For a text if the session moves."
          defaultValue={typed("phone_number")}
          errors={errors("phone_number")}
        />
        <Button type="submit" size="3" loading={busy}>
          Register for free
        </Button>
      </Flex>
    </Form>
  );
}

function Attachments({ view }: { view: StudySessionView }) {
  if (view.attachments.length === 0) return null;
  return (
    <section aria-labelledby="session-material">
      <Heading as="h2" size="5" mb="2" id="session-material">
        Material
      </Heading>
      <ul className="stack-list">
        {view.attachments.map((attachment) => (
          <AttachmentRow key={attachment.id} attachment={attachment} />
        ))}
      </ul>
    </section>
  );
}

function AttachmentRow({ attachment }: { attachment: SessionAttachmentView }) {
  return (
    <li className="tile">
      <span className="tile-meta">{KIND_NAMES[attachment.kind]}</span>
      {attachment.video ? (
        <>
          <span className="tile-title">{attachment.name}</span>
          {/* Streams by byte range from the attachment route; the browser seeks without downloading it all. */}
          <video controls preload="metadata" src={attachment.href} style={{ width: "100%", maxWidth: 720 }}>
            <a href={attachment.href}>Download {attachment.name}</a>
          </video>
        </>
      ) : (
        <a className="tile-title" href={attachment.href}>
          {attachment.name} (PDF)
        </a>
      )}
    </li>
  );
}
