import { Flex } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { DISCOUNT_PRODUCT_LABELS } from "~/payments/discount-code-rules";

export interface DiscountCodeFormValues {
  code: string;
  percent_off: string;
  product_kind: string;
  online_course_id: string;
  starts_on: string;
  ends_on: string;
  usage_limit: string;
}

export const EMPTY_DISCOUNT_CODE: DiscountCodeFormValues = { code: "", percent_off: "", product_kind: "any", online_course_id: "", starts_on: "", ends_on: "", usage_limit: "" };

/** The create and edit form of /admin/discount-codes: plain fields, so it works without JavaScript. */
export function DiscountCodeForm({
  values,
  errors,
  courses,
  submitLabel,
  busy,
}: {
  values: DiscountCodeFormValues;
  errors?: Record<string, string[] | null | undefined>;
  courses: { id: number; name: string }[];
  submitLabel: string;
  busy: boolean;
}) {
  const fieldErrors = (name: string) => errors?.[name] ?? undefined;
  return (
    <Form method="post" aria-label={submitLabel}>
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormErrors errors={fieldErrors("") ?? undefined} />
      <Flex direction="column" gap="3" maxWidth="480px">
        <FormField
          label="Code"
          name="code"
          defaultValue={values.code}
          errors={fieldErrors("code")}
          required
          maxLength={32}
          hint="3 to 32 letters, digits, dashes or underscores; buyers may type it in any case."
          autoComplete="off"
        />
        <FormField label="Percent off" name="percent_off" type="number" min={1} max={100} step={1} defaultValue={values.percent_off} errors={fieldErrors("percent_off")} required />
        <SelectField label="Applies to" name="product_kind" defaultValue={values.product_kind} errors={fieldErrors("product_kind")}>
          {Object.entries(DISCOUNT_PRODUCT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Only this online course"
          name="online_course_id"
          defaultValue={values.online_course_id}
          errors={fieldErrors("online_course_id")}
          hint="Only when it applies to online courses."
        >
          <option value="">Any online course</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.name}
            </option>
          ))}
        </SelectField>
        <FormField label="First valid day" name="starts_on" type="date" defaultValue={values.starts_on} errors={fieldErrors("starts_on")} hint="Optional; from the start of that day (UTC)." />
        <FormField label="Last valid day" name="ends_on" type="date" defaultValue={values.ends_on} errors={fieldErrors("ends_on")} hint="Optional; to the end of that day (UTC)." />
        <FormField
          label="Usage limit"
          name="usage_limit"
          type="number"
          min={1}
          step={1}
          defaultValue={values.usage_limit}
          errors={fieldErrors("usage_limit")}
          hint="Optional; purchases that may use the code in all."
        />
        <div>
          <button type="submit" className="button" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </Flex>
    </Form>
  );
}
