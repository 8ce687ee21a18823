import { Flex, Heading } from "@radix-ui/themes";
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { SignInForm, signInRedirectTo } from "~/accounts/sign-in-form";
import type { action } from "~/routes/users+/sign_in";
import type { FormDialogProps } from "~/shell/form-dialog";
import { usePreloadedRouteModule } from "~/shell/preload-route-module";
import { queryOf } from "~/shell/dialogs";

/** The log-in dialog: the page's form, posted in place; success goes where the page would go. */
export default function SignInDialog({ href, titleId, onReady }: FormDialogProps) {
  const fetcher = useFetcher<typeof action>();
  usePreloadedRouteModule("routes/users+/sign_in");
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onReady(), []);
  const answer = fetcher.data;
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="6" id={titleId}>
        Log in
      </Heading>
      <SignInForm
        Form={fetcher.Form}
        lastResult={answer && "result" in answer ? answer.result : undefined}
        busy={fetcher.state !== "idle"}
        redirectTo={signInRedirectTo(queryOf(href))}
      />
    </Flex>
  );
}
