import { Flex, Heading, Text } from "@radix-ui/themes";
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import type { action, loader } from "~/routes/contact-us";
import { CONTACT_INTRO, ContactForm } from "~/contact/contact-form";
import { Loading, type FormDialogProps } from "~/shell/form-dialog";
import { withoutDialogQuery } from "~/shell/dialogs";

/** The contact dialog: the page's form, posted in place; once sent, the visitor stays on their page with a toast. */
export default function ContactDialog({ href, titleId, onReady }: FormDialogProps) {
  const page = useFetcher<typeof loader>();
  const submit = useFetcher<typeof action>();
  const location = useLocation();
  useEffect(() => {
    page.load(href);
    // Load once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);
  const defaults = page.data?.defaults;
  useEffect(() => {
    if (defaults) onReady();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(defaults)]);
  if (!defaults) return <Loading titleId={titleId} />;
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="6" id={titleId}>
        Contact us
      </Heading>
      <Text as="p" color="gray">
        {CONTACT_INTRO}
      </Text>
      <ContactForm
        Form={submit.Form}
        formId="contact-us-dialog"
        defaults={defaults}
        lastResult={submit.data?.result}
        busy={submit.state !== "idle"}
        returnTo={withoutDialogQuery(location.pathname, location.search)}
      />
    </Flex>
  );
}
