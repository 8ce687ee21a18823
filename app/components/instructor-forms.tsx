import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";

/**
 * The back office's forms that set or remove the instructor of one thing (an online course, a
 * study session), each a plain form: `intent` "instructor" with `instructor_id`, or
 * "remove_instructor", and the thing's id in the field `idField`.
 */
export function InstructorForms(props: {
  idField: string;
  id: number;
  title: string;
  instructorId: number | null;
  instructors: readonly { id: number; name: string | null; email: string }[];
  busy: boolean;
}) {
  const { idField, id, title, instructorId, instructors, busy } = props;
  return (
    <>
      <Form method="post" className="inline-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="instructor" />
        <input type="hidden" name={idField} value={id} />
        <label htmlFor={`instructor-${id}`} className="visually-hidden">
          Instructor of {title}
        </label>
        <select id={`instructor-${id}`} name="instructor_id" className="native-input" defaultValue={instructorId ?? ""} required>
          <option value="" disabled>
            Choose
          </option>
          {instructors.map((instructor) => (
            <option key={instructor.id} value={instructor.id}>
              {instructor.name || instructor.email}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--soft" disabled={busy}>
          Set<span className="visually-hidden"> the instructor of {title}</span>
        </button>
      </Form>
      {instructorId ? (
        <Form method="post" className="inline-form">
          <CsrfInput />
          <input type="hidden" name="intent" value="remove_instructor" />
          <input type="hidden" name={idField} value={id} />
          <button type="submit" className="button button--outline" disabled={busy}>
            Remove<span className="visually-hidden"> the instructor of {title}</span>
          </button>
        </Form>
      ) : null}
    </>
  );
}
