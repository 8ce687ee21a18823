import { Flex, Text } from "@radix-ui/themes";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: string[];
  hint?: string;
}

/** A labelled native input with its errors announced next to it (works without JavaScript). */
export function FormField({ label, errors, hint, id, ...input }: FieldProps) {
  const inputId = id ?? input.name;
  const errorId = errors?.length ? `${inputId}-error` : undefined;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={inputId}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <input
        id={inputId}
        className="native-input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        {...input}
      />
      {hint ? (
        <Text id={hintId} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {errors?.length ? (
        <Text id={errorId} size="2" color="red" role="alert">
          {errors.join(" ")}
        </Text>
      ) : null}
    </Flex>
  );
}

export function FormErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="form-errors">
      {errors.map((error) => (
        <Text as="p" key={error} size="2">
          {error}
        </Text>
      ))}
    </div>
  );
}

/** A labelled native <select> (works without JavaScript, unlike a Radix Select). */
export function SelectField({ label, errors, children, id, ...select }: { label: string; errors?: string[]; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const selectId = id ?? select.name;
  const errorId = errors?.length ? `${selectId}-error` : undefined;
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={selectId}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <select id={selectId} className="native-input" aria-invalid={errors?.length ? true : undefined} aria-describedby={errorId} {...select}>
        {children}
      </select>
      {errors?.length ? (
        <Text id={errorId} size="2" color="red" role="alert">
          {errors.join(" ")}
        </Text>
      ) : null}
    </Flex>
  );
}
