import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

interface FieldFrame {
  label: string;
  errors?: string[];
  hint?: string;
}

/** The ids and ARIA attributes that tie a control to its hint and errors. */
function describedControl(controlId: string | undefined, { errors, hint }: FieldFrame) {
  const errorId = errors?.length ? `${controlId}-error` : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  return {
    errorId,
    hintId,
    control: {
      id: controlId,
      className: "native-input",
      "aria-invalid": errors?.length ? true : undefined,
      "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
    },
  };
}

/**
 * Label above, hint and errors below: every field of every form looks and reads the same. Plain
 * elements styled with Radix's tokens (app.css `.form-field`): forms are on most pages, and
 * Radix's Flex and Text cost far more server render time per field.
 */
export function Field({ label, errors, hint, controlId, errorId, hintId, children }: FieldFrame & { controlId?: string; errorId?: string; hintId?: string; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={controlId} className="form-field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <span id={hintId} className="form-field__hint">
          {hint}
        </span>
      ) : null}
      {errors?.length ? (
        <span id={errorId} className="form-field__error" role="alert">
          {errors.join(" ")}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled native input with its errors announced next to it (works without JavaScript). */
export function FormField({ label, errors, hint, id, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const controlId = id ?? input.name;
  const { errorId, hintId, control } = describedControl(controlId, { label, errors, hint });
  return (
    <Field label={label} errors={errors} hint={hint} controlId={controlId} errorId={errorId} hintId={hintId}>
      <input {...control} {...input} type={input.type ?? "text"} />
    </Field>
  );
}

/** A labelled native <select> (works without JavaScript, unlike a Radix Select). */
export function SelectField({ label, errors, hint, children, id, ...select }: FieldFrame & { children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const controlId = id ?? select.name;
  const { errorId, hintId, control } = describedControl(controlId, { label, errors, hint });
  return (
    <Field label={label} errors={errors} hint={hint} controlId={controlId} errorId={errorId} hintId={hintId}>
      <select {...control} {...select}>
        {children}
      </select>
    </Field>
  );
}

/** A labelled native <textarea> with its hint and errors announced (works without JavaScript). */
export function TextAreaField({ label, errors, hint, id, ...textarea }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const controlId = id ?? textarea.name;
  const { errorId, hintId, control } = describedControl(controlId, { label, errors, hint });
  return (
    <Field label={label} errors={errors} hint={hint} controlId={controlId} errorId={errorId} hintId={hintId}>
      <textarea {...control} {...textarea} />
    </Field>
  );
}

/** Every message of a form's answer (`submission.reply()`), its fields' and its own, for a page that lists them together. */
export function allMessages(result: { error?: Record<string, readonly string[] | null | undefined> | null } | undefined): string[] | undefined {
  if (!result?.error) return undefined;
  return Object.values(result.error)
    .flat()
    .filter((message): message is string => Boolean(message));
}

export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="form-errors">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}
