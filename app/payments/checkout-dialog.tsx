import { Flex, Heading } from "@radix-ui/themes";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { CheckoutForm } from "~/payments/checkout-form";
import type { action, CheckoutAnswer, loader } from "~/routes/checkout+/_index";
import { Loading, type FormDialogProps } from "~/shell/form-dialog";
import { isOfflineAnswer } from "~/shell/offline-submission";

/**
 * The checkout dialog: the page's checkout for the product in `href`. "Update total" answers in
 * place; paying goes on to the payment page exactly as from the page (a redirect the browser follows).
 */
export default function CheckoutDialog({ href, titleId, onReady }: FormDialogProps) {
  const page = useFetcher<typeof loader>();
  const submit = useFetcher<typeof action>();
  useEffect(() => {
    page.load(href);
    // Load once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [href]);
  const answer = (submit.data && !isOfflineAnswer(submit.data) ? submit.data : page.data) as CheckoutAnswer | undefined;
  useEffect(() => {
    if (answer) onReady();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [Boolean(answer)]);
  if (!answer) return <Loading titleId={titleId} />;
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="6" id={titleId}>
        Checkout
      </Heading>
      {answer.view ? (
        <CheckoutForm Form={submit.Form} view={answer.view} result={answer.result} busy={submit.state !== "idle"} sectionHeading="h3" action="/checkout?index" />
      ) : (
        <>
          <p role="alert">{answer.error}</p>
          <Link to="/courses">Browse courses</Link>
        </>
      )}
    </Flex>
  );
}
