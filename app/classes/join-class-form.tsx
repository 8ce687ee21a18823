import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormField } from "~/components/form-field";

/** The student dashboard's "Join a class" block: the code goes to /join-class, which answers and lists the student's classes. */
export function JoinClassPanel() {
  return (
    <section aria-labelledby="join-class-heading" style={{ marginTop: "var(--space-6)" }}>
      <h2 className="section-heading" id="join-class-heading">
        Your classes
      </h2>
      <Form method="post" action="/join-class" className="tutoring-form">
        <CsrfInput />
        <FormField label="Class code from your teacher" id="dashboard-class-code" name="code" required maxLength={20} autoComplete="off" />
        <div>
          <button type="submit" className="button">
            Join a class
          </button>
        </div>
      </Form>
      <p style={{ margin: "var(--space-3) 0 0" }}>
        <Link to="/join-class">See your classes and their assignments</Link>
      </p>
    </section>
  );
}
