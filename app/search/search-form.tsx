import { Button, Flex, Text } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { useId } from "react";
import { trackSearchTyping } from "~/tracking/tracking-host";

/**
 * The search form of /search and of the search dialog. A GET form that always navigates to
 * /search: from the dialog, the results are the page.
 */
export function SearchForm({ type, query, busy }: { type: "course" | "school"; query: string; busy: boolean }) {
  const inputId = useId();
  return (
    <Form method="get" action="/search" role="search" aria-label="Search courses and schools">
      <Flex gap="3" wrap="wrap" align="end" mb="5">
        <Flex direction="column" gap="1">
          <label htmlFor={inputId}>
            <Text size="2" weight="medium">
              Search for
            </Text>
          </label>
          <input id={inputId} className="native-input" type="search" name="query" defaultValue={query} placeholder="e.g. calculus, MATH 137 or McGill"
            maxLength={100}
            onChange={(event) => trackSearchTyping(event.currentTarget.value, { in: event.currentTarget.form?.querySelector<HTMLInputElement>('input[name="type"]:checked')?.value ?? type })}
          />
        </Flex>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Text size="2" weight="medium">
              In
            </Text>
          </legend>
          <Flex gap="3">
            <label>
              <input type="radio" name="type" value="course" defaultChecked={type === "course"} /> Courses
            </label>
            <label>
              <input type="radio" name="type" value="school" defaultChecked={type === "school"} /> Schools
            </label>
          </Flex>
        </fieldset>
        <Button type="submit" size="3" loading={busy}>
          Search
        </Button>
      </Flex>
    </Form>
  );
}
