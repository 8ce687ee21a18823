import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { privateFileResponse, refuseFile } from "~/files/private-file-response";
import { SHARE_MESSAGES } from "~/shares/share-links";
import { sharedFile } from "~/shares/shares.server";
import { requestNow } from "~/utils/clock.server";

/**
 * GET /shares/{token}/file: the file of the one resource an active link shares (course notes),
 * to anyone with the link; 404 for every other link and once the link is off. Always a download
 * in a sandbox, never rendered as our page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/shares+/$token_.file");
  const file = await sharedFile(params.token ?? "", requestNow(request));
  if (!file) return refuseFile(SHARE_MESSAGES.notFound);
  const response = privateFileResponse(file, { disposition: "attachment", method: request.method });
  response.headers.set("X-Robots-Tag", "noindex");
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
