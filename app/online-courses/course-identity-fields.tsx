import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FormField, SelectField, TextAreaField } from "~/components/form-field";
import { COURSE_TYPE_LABELS, COURSE_TYPES } from "~/online-courses/editor-forms";

/** The fields both the new-course form and the manager's details form share (newCourseSchema). */
export interface CourseIdentityFieldset {
  name: FieldMetadata<string>;
  course_code: FieldMetadata<string>;
  course_type: FieldMetadata<string>;
  description: FieldMetadata<string | undefined>;
}

/** Name, code, type and description of an online course, as plain inputs that post without JavaScript. */
export function CourseIdentityFields({ fields, codeHint }: { fields: CourseIdentityFieldset; codeHint?: string }) {
  return (
    <>
      <FormField label="Course name" errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} />
      <FormField label="Course code" hint={codeHint} errors={fields.course_code.errors} {...getInputProps(fields.course_code, { type: "text" })} />
      <SelectField label="Course type" errors={fields.course_type.errors} {...getSelectProps(fields.course_type)}>
        {COURSE_TYPES.map((type) => (
          <option key={type} value={type}>
            {COURSE_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Description" rows={4} errors={fields.description.errors} {...getTextareaProps(fields.description)} />
    </>
  );
}
