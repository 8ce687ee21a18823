import { privateFileResponse } from "~/files/private-file-response";
import { requestNow } from "~/utils/clock.server";
import { renderEssayDocx, renderEssayPdf } from "~/writing/essay-export.server";
import { exportFileName } from "~/writing/essays";
import { essayForReading } from "~/writing/essays.server";
import { essayFor } from "./essay-page.server";

const ROUTES = { pdf: "routes/wize-writer-dashboard+/essays.$id_.export[.pdf]", docx: "routes/wize-writer-dashboard+/essays.$id_.export[.docx]" } as const;
const TYPES = { pdf: "application/pdf", docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" } as const;

/** The essay's current text as a download, for its owner and whoever it is shared with. */
export async function essayDownload(request: Request, params: { id?: string }, format: "pdf" | "docx") {
  const { essay } = await essayFor(request, params, "export", ROUTES[format]);
  const readable = (await essayForReading(essay.id))!;
  const bytes = format === "pdf" ? await renderEssayPdf(readable, requestNow(request)) : await renderEssayDocx(readable);
  return privateFileResponse({ bytes, contentType: TYPES[format], fileName: exportFileName(readable.title, format) }, { method: request.method });
}
