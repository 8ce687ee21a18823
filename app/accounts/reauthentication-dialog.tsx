import { Flex, Heading } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { REAUTHENTICATION_TITLE, ReauthenticationForm } from "~/accounts/reauthentication-form";
import type { action, loader } from "~/routes/users+/reauthenticate";
import { Loading, type FormDialogProps } from "~/shell/form-dialog";

/** The reauthentication dialog: success continues where the page would (its redirect_to). */
export default function ReauthenticationDialog({ href, titleId, onReady }: FormDialogProps) {
  const page = useFetcher<typeof loader>();
  const submit = useFetcher<typeof action>();
  useEffect(() => {
    page.load(href);
    // Load once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);
  const redirectTo = page.data?.redirectTo;
  useEffect(() => {
    if (redirectTo) onReady();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(redirectTo)]);
  if (!redirectTo) return <Loading titleId={titleId} />;
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="6" id={titleId}>
        {REAUTHENTICATION_TITLE}
      </Heading>
      <ReauthenticationForm Form={submit.Form} redirectTo={redirectTo} lastResult={submit.data?.result} busy={submit.state !== "idle"} />
    </Flex>
  );
}
