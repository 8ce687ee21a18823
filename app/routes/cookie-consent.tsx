import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { safeRedirectPath } from "~/security/safe-redirect";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { CONSENT_COOKIE, consentFormSchema, consentFromForm, parseConsent } from "~/tracking/consent";
import { consentCookie } from "~/tracking/consent.server";
import { readCookies } from "~/utils/cookies.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/cookie-consent";

/** GET /cookie-consent: the cookie choice in full (the footer's "Cookie settings"), with the current one ticked. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const url = new URL(request.url);
  return {
    consent: parseConsent(readCookies(request)[CONSENT_COOKIE]),
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), siteOrigin(request), "/"),
  };
}

/**
 * POST /cookie-consent: accept, reject, or save the chosen categories (a plain form: the bar under
 * the app bar and this page), remembered for this browser; then back to the page it was made on.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: consentFormSchema });
  if (submission.status !== "success") {
    return new Response("Choose Allow analytics, Only necessary, or save your settings.", { status: 400 });
  }
  const consent = consentFromForm(submission.value);
  const back = safeRedirectPath(submission.value.redirectTo, siteOrigin(request), "/");
  return redirectWithToast(
    back,
    { type: "success", message: consent.analytics ? "Saved: analytics allowed. Change it any time under Cookie settings." : "Saved: only necessary cookies. Change it any time under Cookie settings." },
    { status: 303, headers: { "Set-Cookie": consentCookie(consent) } },
  );
}

export default function CookieConsentPage() {
  const { consent, redirectTo } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <Container size="2" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Cookie settings
      </Heading>
      <Text as="p" mb="4" color="gray">
        {consent
          ? consent.analytics
            ? "You allow analytics cookies."
            : "You allow only necessary cookies."
          : "You have not chosen yet: until you do, nothing is tracked."}
      </Text>
      <Form method="post" aria-labelledby="cookie-choice-heading">
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Heading as="h2" size="4" mb="2" id="cookie-choice-heading">
          Choose which cookies we may use
        </Heading>
        <fieldset className="consent-categories">
          <legend className="visually-hidden">Cookie categories</legend>
          <p>
            <label>
              <input type="checkbox" name="necessary" checked disabled aria-describedby="necessary-hint" /> <strong>Necessary</strong> (always on)
            </label>
            <br />
            <Text as="span" size="2" color="gray" id="necessary-hint">
              Your sign-in, the security token of forms, dark mode, dismissed banners and this choice.
            </Text>
          </p>
          <p>
            <label>
              <input type="checkbox" name="analytics" value="on" defaultChecked={consent?.analytics ?? false} aria-describedby="analytics-hint" />{" "}
              <strong>Analytics</strong>
            </label>
            <br />
            <Text as="span" size="2" color="gray" id="analytics-hint">
              A random id for this browser, with the pages you view, what you search for and payments that fail, so we can see which pages help people; and
              Google&apos;s sign-in prompt, which loads a script from Google.
            </Text>
          </p>
        </fieldset>
        <Flex gap="3" wrap="wrap" mt="4">
          <Button type="submit" name="choice" value="custom" loading={busy}>
            Save my choice
          </Button>
          <Button type="submit" name="choice" value="accept" variant="soft">
            Allow analytics
          </Button>
          <Button type="submit" name="choice" value="reject" variant="soft">
            Only necessary
          </Button>
        </Flex>
      </Form>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Cookie settings", description: "Choose which cookies the site may use: necessary ones always, analytics only if you allow them.", path: "/cookie-consent" });
