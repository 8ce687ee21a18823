import { Flex, Heading } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { SignUpForm, signUpHeading } from "~/accounts/sign-up-form";
import type { action, loader } from "~/routes/sign-up";
import { Loading, type FormDialogProps } from "~/shell/form-dialog";

/** The sign-up dialog: the page's form with the page's choices (role, product), posted in place. */
export default function SignUpDialog({ href, titleId, onReady }: FormDialogProps) {
  const page = useFetcher<typeof loader>();
  const submit = useFetcher<typeof action>();
  useEffect(() => {
    page.load(href);
    // Load once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);
  const choices = page.data;
  useEffect(() => {
    if (choices) onReady();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(choices)]);
  if (!choices) return <Loading titleId={titleId} />;
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="6" id={titleId}>
        {signUpHeading(choices)}
      </Heading>
      <SignUpForm Form={submit.Form} choices={choices} lastResult={submit.data?.result} busy={submit.state !== "idle"} />
    </Flex>
  );
}
