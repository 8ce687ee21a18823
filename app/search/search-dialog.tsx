import { Flex, Heading } from "@radix-ui/themes";
import { useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { searchQuerySchema } from "~/search/search";
import { SearchForm } from "~/search/search-form";
import type { FormDialogProps } from "~/shell/form-dialog";
import { queryOf } from "~/shell/dialogs";

/** The search dialog: the page's form; searching goes to the results page (and closes the dialog). */
export default function SearchDialog({ href, titleId, onReady }: FormDialogProps) {
  const navigation = useNavigation();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onReady(), []);
  const { type, query } = searchQuerySchema.parse(Object.fromEntries(queryOf(href)));
  return (
    <Flex direction="column" gap="2">
      <Heading as="h2" size="6" id={titleId}>
        Search
      </Heading>
      <SearchForm type={type} query={query} busy={navigation.state === "loading" && navigation.location.pathname === "/search"} />
    </Flex>
  );
}
