import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { notFound } from "~/errors/not-found.server";
import { findOutboxAttachment } from "~/mail/outbox.server";
import { requireDevMailbox } from "~/routes/dev+/mailbox-access.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * GET /dev/mailbox/{id}/attachments/{index}: a recorded mail's attachment (index from 0), as a
 * download, never shown inline: a file someone mailed runs nothing on this site's origin.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/dev+/mailbox.$id.attachments.$index");
  requireDevMailbox(request);
  const id = parseRecordId(params.id);
  const index = /^\d{1,3}$/.test(params.index ?? "") ? Number(params.index) : null;
  const attachment = id === null || index === null ? undefined : await findOutboxAttachment(id, index);
  if (!attachment) throw notFound("There is no such attachment.");
  const bytes = Buffer.from(attachment.contentBase64, "base64");
  return new Response(bytes, {
    headers: {
      "Content-Type": attachment.contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${attachment.filename.replace(/[^\x20-\x7e]|"/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
