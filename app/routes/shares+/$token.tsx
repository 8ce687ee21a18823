import { Callout, Container, Heading, Text } from "@radix-ui/themes";
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { viewerFor } from "~/accounts/session.server";
import { ErrorPage, isChunkLoadError } from "~/components/error-page";
import { errorMessage } from "~/errors/messages";
import { metaFor } from "~/seo/page-meta";
import { SHARE_MESSAGES } from "~/shares/share-links";
import { openShare } from "~/shares/shares.server";
import { SharedBlocks } from "~/shares/share-views";
import { displayDate } from "~/formatting/display";
import { requestNow } from "~/utils/clock.server";

const ROUTE = "routes/shares+/$token";

/**
 * The token is the page's address: no search engine keeps it, no other site learns it from a
 * Referer ("same-origin" rather than "no-referrer", which would make the browser send
 * `Origin: null` with the shell's own forms, such as signing out, and have them refused), and no
 * cache keeps the page, so a link turned off stops at once.
 */
const SHARE_HEADERS = { "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

/** GET /shares/{token}: the one resource a link shares, read-only, to anyone with the link; 404 alike for unknown, expired and turned-off links. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const opened = await openShare(params.token ?? "", {
    viewer: viewerFor(session),
    now: requestNow(request),
    userAgent: request.headers.get("user-agent"),
  });
  if (!opened) throw new Response(SHARE_MESSAGES.notFound, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", ...SHARE_HEADERS } });
  return data(
    {
      token: params.token ?? "",
      ownerName: opened.ownerName,
      typeLabel: opened.typeLabel,
      view: opened.view,
      expiresAt: opened.expiresAt,
    },
    { headers: SHARE_HEADERS },
  );
}

/** A shared link changes nothing: any post to it is refused. */
export async function action() {
  throw new Response("A shared link is read-only.", { status: 405, headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", ...SHARE_HEADERS } });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => {
  const source = errorHeaders ?? loaderHeaders;
  const headers = new Headers();
  for (const name of ["X-Robots-Tag", "Referrer-Policy", "Cache-Control", "Allow"]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export default function SharedResourcePage() {
  const { token, ownerName, typeLabel, view, expiresAt } = useLoaderData<typeof loader>();
  return (
    <Container size="2" px="4" py="6">
      <Callout.Root color="gray" mb="4" role="note">
        <Callout.Text>
          Shared by {ownerName} · read-only{expiresAt ? ` · the link works until ${displayDate(expiresAt)}` : ""}
        </Callout.Text>
      </Callout.Root>
      <Text as="p" size="2" color="gray">
        {typeLabel}
      </Text>
      <Heading as="h1" size="8" mb="2">
        {view.title}
      </Heading>
      {view.context ? (
        <Text as="p" color="gray" mb="4">
          {view.context}
        </Text>
      ) : null}
      <SharedBlocks blocks={view.blocks} fileHref={`/shares/${token}/file`} />
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, { title: data ? `${data.view.title} — shared` : "Shared link", description: "A read-only shared link.", path: "/shares", noindex: true });

/** A link that does not open says so plainly, the same for unknown, expired and turned-off links. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    return <ErrorPage message={errorMessage({ status, body: isRouteErrorResponse(error) ? error.data : undefined })} chunkLoadError={isChunkLoadError(error)} />;
  }
  return (
    <Container size="2" px="4" py="9">
      <Heading as="h1" size="7" mb="3">
        This link does not open
      </Heading>
      <Text as="p" color="gray">
        {SHARE_MESSAGES.notFound}
      </Text>
    </Container>
  );
}
