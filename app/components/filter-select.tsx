import { Flex } from "@radix-ui/themes";

const words = (value: string) => value.replace(/_/g, " ");

/** One filter of a list's search form (a GET form): a labelled native select whose first choice, "", is no filter. */
export function FilterSelect(props: { id: string; label: string; name: string; value: string; anyLabel: string; options: readonly string[]; text?: (option: string) => string }) {
  const { id, label, name, value, anyLabel, options, text = words } = props;
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="native-input" name={name} defaultValue={value}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {text(option)}
          </option>
        ))}
      </select>
    </Flex>
  );
}
