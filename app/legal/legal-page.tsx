import type { LegalDocument } from "~/legal/documents";
import { LegalDocumentBody } from "~/legal/legal-document";

export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <div className="wrapper wrapper--narrow legal-page">
      <LegalDocumentBody document={document} headingLevel="h1" />
    </div>
  );
}
