import type { LoaderFunctionArgs } from "@remix-run/node";
import { essayDownload } from "./essay-export.server";

/** /wize-writer-dashboard/essays/{id}/export.docx */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return essayDownload(request, params, "docx");
}
