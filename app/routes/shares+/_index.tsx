import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Container, Flex, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { displayDate, displayDateTime, isoOf } from "~/formatting/display";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";
import { metaFor } from "~/seo/page-meta";
import { shareActionSchema } from "~/shares/share-forms";
import { SHARE_MESSAGES, SHARE_STATE_LABELS, shareState, shareUrl } from "~/shares/share-links";
import { createShare, revokeShare, sharesOf } from "~/shares/shares.server";
import { CopyLinkField } from "~/components/copy-link-field";
import { redirectWithToast } from "~/toasts/toast.server";
import { requestNow } from "~/utils/clock.server";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/shares+/_index";

/** /shares: the member's shared links, who opened each, and a way to turn each off. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const now = requestNow(request);
  const origin = siteOrigin(request);
  const shares = await sharesOf(session.user.id);
  return {
    shares: shares.map((share) => ({
      id: share.id,
      title: share.title,
      typeLabel: share.typeLabel,
      createdAt: share.created_at,
      expiresAt: share.expires_at,
      state: shareState(share, now),
      link: shareUrl(origin, share.token),
      viewCount: share.viewCount,
      views: share.views,
    })),
  };
}

/** POST: create a link to a resource the member may see (from its page's "Share" form), or turn one of theirs off. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const submission = parseWithZod(await request.formData(), { schema: shareActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const now = requestNow(request);
  if (submission.value.intent === "revoke") {
    const revoked = await revokeShare(session.user.id, submission.value.share_id, now);
    if (revoked.kind === "not-found") return data({ result: submission.reply({ formErrors: ["There is no link of yours with that number."] }) }, { status: 404 });
    if (revoked.kind === "already-revoked") return data({ result: submission.reply({ formErrors: [SHARE_MESSAGES.alreadyRevoked] }) }, { status: 409 });
    throw await redirectWithToast("/shares", { type: "success", message: SHARE_MESSAGES.revoked }, { status: 303 });
  }
  const { resource_type, resource_id, expiry } = submission.value;
  const created = await createShare({ owner: { ...viewerFor(session), id: session.user.id }, resourceType: resource_type, resourceId: resource_id, expiry, now });
  if (created.kind === "not-shareable") return data({ result: submission.reply({ formErrors: [SHARE_MESSAGES.notShareable] }) }, { status: 404 });
  if (created.kind === "rate-limited") {
    return tooManyRequests({ result: submission.reply({ formErrors: [SHARE_MESSAGES.rateLimited(created.retryAfterSeconds)] }) }, created.retryAfterSeconds);
  }
  throw await redirectWithToast(`/shares#share-${created.id}`, { type: "success", message: SHARE_MESSAGES.created }, { status: 303 });
}

export const headers = passRetryAfter;

export default function SharesPage() {
  const { shares } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <Container size="3" px="4" py="6">
      <Heading as="h1" size="8" mb="2">
        Shared links
      </Heading>
      <Text as="p" color="gray" mb="4">
        Links you made to your decks, notes and lessons. Anyone with a link can read what it shares, never change it, until you turn the link off or it expires.
      </Text>
      <FormErrors errors={actionData?.result.error?.[""] ?? undefined} />
      {shares.length === 0 ? (
        <p className="muted">You have not shared anything yet. Use “Share” on a flash-card deck, your approved notes or a course lesson.</p>
      ) : (
        <ul className="stack-list">
          {shares.map((share) => (
            <li key={share.id} id={`share-${share.id}`} data-share={share.id}>
              <Flex direction="column" gap="2">
                <Heading as="h2" size="4">
                  {share.title}
                </Heading>
                <Text as="p" size="2" color="gray">
                  {share.typeLabel} · {SHARE_STATE_LABELS[share.state]} · made <time dateTime={isoOf(share.createdAt)}>{displayDate(share.createdAt)}</time> ·{" "}
                  {share.expiresAt ? (
                    <>
                      {share.state === "expired" ? "expired" : "expires"} <time dateTime={isoOf(share.expiresAt)}>{displayDateTime(share.expiresAt)}</time>
                    </>
                  ) : (
                    "never expires"
                  )}{" "}
                  · {share.viewCount === 1 ? "1 view" : `${share.viewCount} views`}
                </Text>
                {share.state === "active" ? <CopyLinkField link={share.link} label={`Link to “${share.title}”`} /> : null}
                {share.views.length > 0 ? (
                  <details>
                    <summary>Who opened it</summary>
                    <ul>
                      {share.views.map((view) => (
                        <li key={view.id}>
                          {view.viewerName ?? "a guest"}, <time dateTime={isoOf(view.viewedAt)}>{displayDateTime(view.viewedAt)}</time>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : null}
                {share.state === "revoked" ? null : (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="revoke" />
                    <input type="hidden" name="share_id" value={share.id} />
                    <Button type="submit" variant="soft" color="red" aria-label={`Revoke the link to “${share.title}”`}>
                      Revoke
                    </Button>
                  </Form>
                )}
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  metaFor(matches, { title: "Shared links", description: "Your read-only links to decks, notes and lessons, and who opened them.", path: "/shares", noindex: true });
