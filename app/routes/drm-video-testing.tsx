import { Button, Callout, Container, Flex, Heading, Text } from "@radix-ui/themes";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { config } from "~/config/env.server";
import { adviceFor, CHECK_NAMES, KEY_SYSTEMS, PLAYBACK_CHECKS, verdictOf, type CheckOutcome, type PlaybackResults } from "~/media/protected-playback";
import { metaFor } from "~/seo/page-meta";

/** /drm-video-testing: can this browser play the protected lesson videos, and if not, what to do. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/drm-video-testing");
  return { keySystem: config().VIDEO_KEY_SYSTEM };
}

const OUTCOME_LABELS: Record<CheckOutcome, string> = { passed: "Works", failed: "Does not work", skipped: "Not checked" };

export default function DrmVideoTestingPage() {
  const { keySystem } = useLoaderData<typeof loader>();
  const [results, setResults] = useState<PlaybackResults | null>(null);
  const [checking, setChecking] = useState(false);

  async function check() {
    setChecking(true);
    // Loaded only here: no other page needs it.
    const { checkProtectedPlayback } = await import("~/media/protected-playback.client");
    setResults(await checkProtectedPlayback(keySystem));
    setChecking(false);
  }
  useEffect(() => {
    void check();
    // Once, when the page opens; "Check again" runs it after that.
  }, []);

  const verdict = results ? verdictOf(results) : null;
  return (
    <Container size="2" px="4" py="6">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="6">
          Can this browser play protected lesson videos?
        </Heading>
        <Text as="p">
          Some lesson videos are protected against copying ({KEY_SYSTEMS[keySystem]} encryption). This page checks, in this browser, everything they need to play, and says what to change if something is missing. Nothing is installed or sent anywhere.
        </Text>
        <noscript>
          <Callout.Root color="amber" role="note">
            <Callout.Text>
              The check runs in your browser and needs JavaScript, which is turned off. Protected videos need it too: turn JavaScript on for this site and reload this page.
            </Callout.Text>
          </Callout.Root>
        </noscript>
        <div aria-live="polite" data-testid="playback-verdict">
          {checking && !results ? <Text as="p">Checking this browser…</Text> : null}
          {verdict?.canPlay ? (
            <Callout.Root color="green">
              <Callout.Text>
                <strong>This browser can play protected lesson videos.</strong> If a video still does not start, reload its page or try another network.
              </Callout.Text>
            </Callout.Root>
          ) : null}
          {verdict && !verdict.canPlay ? (
            <Callout.Root color="red">
              <Callout.Text>
                <strong>This browser cannot play protected lesson videos yet.</strong> {adviceFor(verdict.firstFailed, keySystem)}
              </Callout.Text>
            </Callout.Root>
          ) : null}
        </div>
        {results ? (
          <table className="data-table">
            <caption className="visually-hidden">What was checked</caption>
            <thead>
              <tr>
                <th scope="col">Check</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {PLAYBACK_CHECKS.map((name) => (
                <tr key={name} data-check={name}>
                  <th scope="row">{CHECK_NAMES[name]}</th>
                  <td>{OUTCOME_LABELS[results[name]]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {results ? (
          <div>
            <Button type="button" variant="soft" onClick={() => void check()} disabled={checking}>
              Check again
            </Button>
          </div>
        ) : null}
        <Text as="p" size="2" color="gray">
          Protected videos play in current versions of Chrome, Edge, Firefox and Safari on computers and phones, over a secure (https) connection. Other lesson content does not need any of this.
        </Text>
      </Flex>
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Protected video check", description: "Check whether this browser can play protected lesson videos, and what to do if not.", path: "/drm-video-testing" });
