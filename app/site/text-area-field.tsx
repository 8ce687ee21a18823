import { Flex, Text } from "@radix-ui/themes";
import type { TextareaHTMLAttributes } from "react";

/** A labelled native <textarea> with its hint and errors announced (works without JavaScript). */
export function TextAreaField({ label, errors, hint, id, ...textarea }: { label: string; errors?: string[]; hint?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fieldId = id ?? textarea.name;
  const errorId = errors?.length ? `${fieldId}-error` : undefined;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={fieldId}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      <textarea
        id={fieldId}
        className="native-input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
        {...textarea}
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
