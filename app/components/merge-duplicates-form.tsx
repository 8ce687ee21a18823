import { Heading, Text } from "@radix-ui/themes";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";

type Choice = { id: number; label: string };

/**
 * The back office's "Merge duplicates" form (schools, courses): pick the duplicate and the one to
 * keep from the same list. A plain form, so it works without JavaScript.
 */
export function MergeDuplicatesForm({ noun, nouns, explanation, choices, busy }: { noun: string; nouns: string; explanation: string; choices: Choice[]; busy: boolean }) {
  const options = (
    <>
      <option value="" disabled>
        Choose a {noun}
      </option>
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.label}
        </option>
      ))}
    </>
  );
  return (
    <section aria-labelledby="merge-heading">
      <Heading as="h2" size="5" id="merge-heading" mt="4" mb="2">
        Merge duplicates
      </Heading>
      <Text as="p" color="gray" mb="2">
        {explanation}
      </Text>
      <Form method="post" className="tutoring-form admin-merge">
        <CsrfInput />
        <input type="hidden" name="intent" value="merge" />
        <label htmlFor="merge-duplicate">Duplicate (to remove)</label>
        <select id="merge-duplicate" name="duplicate_id" className="native-input" required defaultValue="">
          {options}
        </select>
        <label htmlFor="merge-kept">{noun[0]!.toUpperCase() + noun.slice(1)} to keep</label>
        <select id="merge-kept" name="kept_id" className="native-input" required defaultValue="">
          {options}
        </select>
        <div>
          <button type="submit" className="button" disabled={busy}>
            Merge {nouns}
          </button>
        </div>
      </Form>
    </section>
  );
}
