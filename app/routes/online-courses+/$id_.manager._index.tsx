import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation, useOutletContext } from "@remix-run/react";
import type { z } from "zod";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { db } from "~/db/db.server";
import type { PackagesConfig } from "~/db/schema";
import { CourseIdentityFields } from "~/online-courses/course-identity-fields";
import { courseDetailsSchema, PURCHASE_TYPES, READ_ACCESS, READ_ACCESS_LABELS } from "~/online-courses/editor-forms";
import { centsToPriceInput, isEditable, nextStatus, STATUS_LABELS, STATUS_MEANINGS, CLOSED_MESSAGE } from "~/online-courses/editor-rules";
import { requireManagedCourse } from "~/online-courses/course-access.server";
import { formatDate } from "~/formatting/format";
import { preRegistrationCountLabel } from "~/online-courses/pre-registration";
import { countPreRegistrations, listPreRegistrations } from "~/online-courses/pre-registrations.server";
import type { ManagerOutletContext } from "./$id_.manager";

const ROUTE = "routes/online-courses+/$id_.manager._index";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { course } = await requireManagedCourse(request, ROUTE, params.id);
  const packages = course.packages_config;
  const [preRegistrationCount, preRegistrations] = await Promise.all([countPreRegistrations(db(), course.id), listPreRegistrations(db(), course.id)]);
  return {
    preRegistrationCount,
    preRegistrations: preRegistrations.map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim() || row.email,
      email: row.email,
      created_at: row.created_at,
      notified_at: row.notified_at,
    })),
    course: {
      id: course.id,
      name: course.name,
      course_code: course.course_code,
      course_type: course.course_type,
      description: course.description,
      purchase_type: course.purchase_type,
      read_access: course.read_access,
      currency: course.currency,
      status: course.status,
      price_cents: course.price_cents,
      regular_price_cents: course.regular_price_cents,
    },
    packages,
  };
}

export default function CourseManagerPage() {
  const { course, packages, preRegistrationCount, preRegistrations } = useLoaderData<typeof loader>();
  const answer = useOutletContext<ManagerOutletContext>()?.answer;
  const editable = isEditable(course.status);
  const next = nextStatus(course.status);
  const message = answer && "message" in answer ? answer.message : null;
  return (
    <Flex direction="column" gap="4">
      {message ? (
        <Callout.Root color="red" role="alert">
          <Callout.Text>{message}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Card size="3">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Status
          </Heading>
          <Text as="p">
            This course is <strong>{STATUS_LABELS[course.status].toLowerCase()}</strong>: {STATUS_MEANINGS[course.status]}
          </Text>
          {next ? (
            <Form method="post" action={`/online-courses/${course.id}/manager`}>
              <CsrfInput />
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="status" value={next} />
              <Flex direction="column" gap="2" align="start">
                <Button type="submit" color={next === "closed" ? "red" : undefined}>
                  Move to {STATUS_LABELS[next].toLowerCase()}
                </Button>
                <Text size="2" color="gray">
                  {STATUS_MEANINGS[next]}
                </Text>
              </Flex>
            </Form>
          ) : null}
        </Flex>
      </Card>
      <Card size="3" asChild>
        <section id="pre-registrations" aria-labelledby="pre-registrations-heading">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4" id="pre-registrations-heading">
              Pre-registrations
            </Heading>
            <Text as="p">{preRegistrationCountLabel(preRegistrationCount)}</Text>
            {preRegistrations.length > 0 ? (
              <table className="data-table">
                <caption className="visually-hidden">Students who pre-registered, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Student</th>
                    <th scope="col">Email</th>
                    <th scope="col">Pre-registered</th>
                    <th scope="col">Told it opened</th>
                  </tr>
                </thead>
                <tbody>
                  {preRegistrations.map((row) => (
                    <tr key={row.id}>
                      <td>{row.name}</td>
                      <td>{row.email}</td>
                      <td>{formatDate(row.created_at)}</td>
                      <td>{row.notified_at ? formatDate(row.notified_at) : "Not yet"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {preRegistrationCount > preRegistrations.length ? (
              <Text as="p" size="2" color="gray">
                Showing the newest {preRegistrations.length}.
              </Text>
            ) : null}
          </Flex>
        </section>
      </Card>
      <Card size="3">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Booklet
          </Heading>
          <Text as="p" size="2" color="gray">
            A printable PDF of the whole course. It is made in the background; this page tells you when it is ready.
          </Text>
          <Form method="post" action={`/online-courses/${course.id}/manager`}>
            <CsrfInput />
            <input type="hidden" name="intent" value="booklet" />
            <Button type="submit" variant="soft">
              Generate booklet
            </Button>
          </Form>
        </Flex>
      </Card>
      {editable ? (
        <DetailsForm course={course} packages={packages} answer={answer && "result" in answer ? answer.result : undefined} />
      ) : (
        <Callout.Root color="gray">
          <Callout.Text>{CLOSED_MESSAGE}</Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  );
}

type LoadedCourse = ReturnType<typeof useLoaderData<typeof loader>>["course"];

function DetailsForm({ course, packages, answer }: { course: LoadedCourse; packages: PackagesConfig; answer: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof courseDetailsSchema>, z.output<typeof courseDetailsSchema>>({
    id: "course-details",
    lastResult: answer,
    constraint: getZodConstraint(courseDetailsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: courseDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      intent: "details",
      name: course.name,
      course_code: course.course_code,
      course_type: course.course_type,
      description: course.description,
      purchase_type: course.purchase_type,
      read_access: course.read_access,
      currency: course.currency,
      price: centsToPriceInput(course.price_cents),
      regular_price: centsToPriceInput(course.regular_price_cents),
      pro_enabled: packages.pro?.enabled ? "on" : undefined,
      pro_price: packages.pro ? centsToPriceInput(packages.pro.price_cents) : "",
      pro_regular_price: centsToPriceInput(packages.pro?.regular_price_cents),
      practice_enabled: packages.practice?.enabled ? "on" : undefined,
      practice_price: packages.practice ? centsToPriceInput(packages.practice.price_cents) : "",
      practice_regular_price: centsToPriceInput(packages.practice?.regular_price_cents),
    },
  });
  return (
    <Card size="3">
      <Form method="post" action={`/online-courses/${course.id}/manager`} {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Details and packages
          </Heading>
          <CsrfInput />
          <input type="hidden" name="intent" value="details" />
          <FormErrors errors={form.errors} />
          <CourseIdentityFields fields={fields} />
          <SelectField label="Who can see it" errors={fields.read_access.errors} {...getSelectProps(fields.read_access)}>
            {READ_ACCESS.map((value) => (
              <option key={value} value={value}>
                {READ_ACCESS_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Purchase type" errors={fields.purchase_type.errors} {...getSelectProps(fields.purchase_type)}>
            {PURCHASE_TYPES.map((value) => (
              <option key={value} value={value}>
                {value === "standard" ? "Standard" : value === "subscription" ? "Subscription" : "Course bundle"}
              </option>
            ))}
          </SelectField>
          <SelectField label="Currency" errors={fields.currency.errors} {...getSelectProps(fields.currency)}>
            <option value="USD">US dollars (USD)</option>
            <option value="CAD">Canadian dollars (CAD)</option>
          </SelectField>
          <Flex gap="3" wrap="wrap">
            <FormField label="Price" hint="In dollars, e.g. 49.99" inputMode="decimal" errors={fields.price.errors} {...getInputProps(fields.price, { type: "text" })} />
            <FormField label="Regular price" hint="Shown struck through; leave empty for none" inputMode="decimal" errors={fields.regular_price.errors} {...getInputProps(fields.regular_price, { type: "text" })} />
          </Flex>
          <fieldset className="package-fieldset">
            <legend>
              <Text weight="medium">Learn package</Text>
            </legend>
            <Flex direction="column" gap="2">
              <label>
                <input {...getInputProps(fields.pro_enabled, { type: "checkbox" })} /> Offer the Learn package
              </label>
              <Flex gap="3" wrap="wrap">
                <FormField label="Learn price" inputMode="decimal" errors={fields.pro_price.errors} {...getInputProps(fields.pro_price, { type: "text" })} />
                <FormField label="Learn regular price" inputMode="decimal" errors={fields.pro_regular_price.errors} {...getInputProps(fields.pro_regular_price, { type: "text" })} />
              </Flex>
            </Flex>
          </fieldset>
          <fieldset className="package-fieldset">
            <legend>
              <Text weight="medium">Practice package</Text>
            </legend>
            <Flex direction="column" gap="2">
              <label>
                <input {...getInputProps(fields.practice_enabled, { type: "checkbox" })} /> Offer the Practice package
              </label>
              <Flex gap="3" wrap="wrap">
                <FormField label="Practice price" inputMode="decimal" errors={fields.practice_price.errors} {...getInputProps(fields.practice_price, { type: "text" })} />
                <FormField
                  label="Practice regular price"
                  inputMode="decimal"
                  errors={fields.practice_regular_price.errors}
                  {...getInputProps(fields.practice_regular_price, { type: "text" })}
                />
              </Flex>
            </Flex>
          </fieldset>
          <Flex>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Save details
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

export { NestedRouteError as ErrorBoundary } from "~/components/nested-route-error";
