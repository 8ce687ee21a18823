import { parseWithZod } from "@conform-to/zod/v4";
import { Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CONTACT_RETURN_FIELD, CONTACT_SENT_MESSAGE, contactLimitMessage, contactSchema, isContactTopic } from "~/contact/contact";
import { CONTACT_INTRO, ContactForm } from "~/contact/contact-form";
import { submitContactMessage } from "~/contact/contact.server";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { safeRedirectPath } from "~/security/safe-redirect";
import { metaFor } from "~/seo/page-meta";
import { offlineSafeAction } from "~/shell/offline-submission";
import { redirectWithToast } from "~/toasts/toast.server";
import { siteOrigin } from "~/utils/site-origin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/contact-us");
  const url = new URL(request.url);
  const topic = url.searchParams.get("topic");
  const subject = url.searchParams.get("subject")?.slice(0, 120) ?? "";
  return {
    defaults: {
      topic: isContactTopic(topic) ? topic : "general",
      body: subject ? `${subject}: ` : "",
      name: session ? `${session.user.first_name} ${session.user.last_name}`.trim() : "",
      email: session?.user.email ?? "",
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, "routes/contact-us");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await submitContactMessage(submission.value, session?.user.id ?? null, context.clientIp);
  if (outcome.kind === "rate-limited") {
    return tooManyRequests({ result: submission.reply({ formErrors: [contactLimitMessage(outcome.retryAfterSeconds)] }) }, outcome.retryAfterSeconds);
  }
  // From the dialog: back to the page the visitor was on; from the page: the page afresh. Either way a toast says it is sent.
  const returnTo = safeRedirectPath(formData.get(CONTACT_RETURN_FIELD), siteOrigin(request), "");
  throw await redirectWithToast(returnTo || "/contact-us", { type: "success", message: CONTACT_SENT_MESSAGE });
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();

export const headers = passRetryAfter;

export default function ContactUsPage() {
  const { defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Contact us
      </Heading>
      <Text as="p" color="gray" mb="4">
        {CONTACT_INTRO}
      </Text>
      <ContactForm Form={Form} formId="contact-us" defaults={defaults} lastResult={actionData?.result} busy={navigation.state === "submitting"} />
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Contact us", description: "Questions about a course, your account or a partnership? Send us a message.", path: "/contact-us" });
