import { FormField, SelectField } from "~/components/form-field";

/** The school and year fields of onboarding's first step, also the class-rep wizard's profile step. */
export function SchoolYearFields(props: {
  schools: readonly { id: number; name: string }[];
  schoolId: number | null;
  year: string;
  errors: (name: "school_id" | "year") => string[] | undefined;
}) {
  return (
    <>
      <SelectField label="School" name="school_id" id="school_id" defaultValue={props.schoolId ? String(props.schoolId) : ""} required errors={props.errors("school_id")}>
        <option value="">Choose your school</option>
        {props.schools.map((school) => (
          <option key={school.id} value={String(school.id)}>
            {school.name}
          </option>
        ))}
      </SelectField>
      <FormField label="Year" name="year" hint="For example 2, or Grade 11." defaultValue={props.year} required maxLength={20} errors={props.errors("year")} />
    </>
  );
}
