import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { extensionVersion, EXTENSION_PONG, isClientId } from "~/platform/extension";
import { recordPlatform } from "~/platform/platforms.server";

const ROUTE = "routes/platform";

const body = z.object({
  client_id: z.string().refine(isClientId, "client_id is 8 to 80 letters, digits, - or _"),
  extension_version: z
    .string()
    .nullable()
    .refine((version) => version === null || extensionVersion({ type: EXTENSION_PONG, version }) !== null, "extension_version is a version number such as 1.4.2"),
});

/**
 * PUT /platform: the signed-in user's browser reports itself (SPEC §3 platform): its client id and
 * the marketplace extension's version, or null without it; the browser is read from the request.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return handleApi(async () => {
    const report = await readJsonBody(request, body);
    await recordPlatform(session.user.id, {
      clientId: report.client_id,
      browserInfo: request.headers.get("User-Agent") ?? "",
      extensionVersion: report.extension_version,
    });
    return apiResponse({ data: null });
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, ROUTE);
  return methodNotAllowed(["PUT"]);
}
