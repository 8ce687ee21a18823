import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField, TextAreaField } from "~/components/form-field";
import { MCAT_EVENT_TYPES } from "~/mcat/mcat";
import { SESSION_TYPE_NAMES, studySessionSchema, WEEKDAY_NAMES, WEEKDAYS, type SessionFormDefaults } from "~/study-sessions/editor-rules";

export interface LinkableCourse {
  id: number;
  code: string;
  name: string;
  school_name: string;
}

/**
 * The live session form, for creating and editing: plain controls that post without JavaScript.
 * Dates are rows (day, start, end in the chosen time zone, and a remove box), with blank rows for
 * new dates, and a weekly series section that adds a date on each chosen weekday for N weeks.
 */
export function StudySessionForm({
  heading,
  submitLabel,
  defaults,
  courses,
  timeZones,
  lastResult,
  busy,
}: {
  heading: string;
  submitLabel: string;
  defaults: SessionFormDefaults;
  courses: LinkableCourse[];
  timeZones: string[];
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { ...defaults, disable_zoom: defaults.disable_zoom ? "on" : undefined, booklet_excluded: defaults.booklet_excluded ? "on" : undefined, solutions_excluded: defaults.solutions_excluded ? "on" : undefined, recording_excluded: defaults.recording_excluded ? "on" : undefined, instructor_pending: defaults.instructor_pending ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: studySessionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const rows = fields.dates.getFieldList();
  const selectedCourses = new Set([fields.course_ids.initialValue ?? []].flat().map(String));
  const checkbox = (name: "disable_zoom" | "booklet_excluded" | "solutions_excluded" | "recording_excluded" | "instructor_pending", label: string) => (
    <label className="checkbox-row">
      <input type="checkbox" name={name} defaultChecked={fields[name].initialValue === "on"} /> {label}
    </label>
  );
  return (
    <Form method="post" {...getFormProps(form)}>
      <Flex direction="column" gap="3">
        <Heading as="h1" size="6">
          {heading}
        </Heading>
        <CsrfInput />
        <FormErrors errors={form.errors} />
        <FormField label="Title" errors={fields.title.errors} {...getInputProps(fields.title, { type: "text" })} />
        <SelectField label="Kind of session" errors={fields.session_type.errors} {...getSelectProps(fields.session_type)}>
          {Object.entries(SESSION_TYPE_NAMES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField label="Description" rows={4} errors={fields.description.errors} {...getTextareaProps(fields.description)} />
        <Flex gap="3" wrap="wrap">
          <FormField label="Price" hint="0 or empty: free" inputMode="decimal" errors={fields.price.errors} {...getInputProps(fields.price, { type: "text" })} />
          <FormField label="Regular price (optional)" hint="Shown struck through" inputMode="decimal" errors={fields.regular_price.errors} {...getInputProps(fields.regular_price, { type: "text" })} />
          <SelectField label="Currency" errors={fields.currency.errors} {...getSelectProps(fields.currency)}>
            <option value="USD">US dollars</option>
            <option value="CAD">Canadian dollars</option>
          </SelectField>
        </Flex>
        <SelectField label="Courses it is for" hint="Hold Ctrl (⌘ on a Mac) to choose several" multiple size={8} name="course_ids" id="course_ids" defaultValue={[...selectedCourses]} errors={fields.course_ids.errors}>
          {courses.map((course) => (
            <option key={course.id} value={String(course.id)}>
              {course.code} · {course.name} ({course.school_name})
            </option>
          ))}
        </SelectField>
        <Flex gap="3" wrap="wrap">
          <SelectField label="MCAT event kind (optional)" errors={fields.mcat_type.errors} {...getSelectProps(fields.mcat_type)}>
            <option value="">Not an MCAT event</option>
            {Object.entries(MCAT_EVENT_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <FormField label="MCAT subject (optional)" errors={fields.mcat_subtype.errors} {...getInputProps(fields.mcat_subtype, { type: "text" })} />
        </Flex>
        <fieldset className="form-fieldset">
          <legend>Options</legend>
          {checkbox("disable_zoom", "Held without an online meeting (no join link)")}
          {checkbox("instructor_pending", "Instructor to be announced")}
          {checkbox("booklet_excluded", "No booklet")}
          {checkbox("solutions_excluded", "No solutions")}
          {checkbox("recording_excluded", "No recording")}
        </fieldset>
        <FormField label="Access ends on (optional)" hint="Empty: 21 days after the last date" errors={fields.expires_on.errors} {...getInputProps(fields.expires_on, { type: "date" })} />
        <SelectField label="Time zone of the dates" errors={fields.time_zone.errors} {...getSelectProps(fields.time_zone)}>
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </SelectField>
        <fieldset className="form-fieldset">
          <legend>Dates</legend>
          <FormErrors errors={fields.dates.errors} />
          <ol className="stack-list">
            {rows.map((row, index) => {
              const date = row.getFieldset();
              return (
                <li key={row.key}>
                  {date.id.initialValue ? <input type="hidden" name={date.id.name} value={String(date.id.initialValue)} /> : null}
                  <Flex gap="3" wrap="wrap" align="end">
                    <FormField label={`Date ${index + 1}: day`} errors={date.day.errors} {...getInputProps(date.day, { type: "date" })} />
                    <FormField label="Starts" errors={date.start.errors} {...getInputProps(date.start, { type: "time" })} />
                    <FormField label="Ends" errors={date.end.errors} {...getInputProps(date.end, { type: "time" })} />
                    {date.id.initialValue ? (
                      <label className="checkbox-row">
                        <input type="checkbox" name={date.remove.name} /> Remove
                      </label>
                    ) : null}
                  </Flex>
                </li>
              );
            })}
          </ol>
        </fieldset>
        <fieldset className="form-fieldset">
          <legend>Add a weekly series</legend>
          <Text as="p" size="2" color="gray">
            Adds a date on each chosen weekday (or the first day's) every week, at the same time of day.
          </Text>
          <Flex gap="3" wrap="wrap" align="end">
            <FormField label="First day" errors={fields.series_first_day.errors} {...getInputProps(fields.series_first_day, { type: "date" })} />
            <FormField label="Starts" errors={fields.series_start.errors} {...getInputProps(fields.series_start, { type: "time" })} />
            <FormField label="Ends" errors={fields.series_end.errors} {...getInputProps(fields.series_end, { type: "time" })} />
            <FormField label="Number of weeks" min={1} max={52} errors={fields.series_weeks.errors} {...getInputProps(fields.series_weeks, { type: "number" })} />
          </Flex>
          <Flex gap="3" wrap="wrap" mt="2" role="group" aria-label="Weekdays">
            {WEEKDAYS.map((code) => (
              <label key={code} className="checkbox-row">
                <input type="checkbox" name="series_weekdays" value={code} defaultChecked={[fields.series_weekdays.initialValue ?? []].flat().includes(code)} /> {WEEKDAY_NAMES[code]}
              </label>
            ))}
          </Flex>
        </fieldset>
        <Flex>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
