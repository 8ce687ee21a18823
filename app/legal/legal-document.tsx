import type { LegalDocument } from "~/legal/documents";

/** A legal document's text, shared by its page and its dialog. */
export function LegalDocumentBody({
  document,
  headingId,
  headingLevel,
}: {
  document: LegalDocument;
  headingId?: string;
  headingLevel: "h1" | "h2";
}) {
  const Title = headingLevel;
  const Section = headingLevel === "h1" ? "h2" : "h3";
  return (
    <article className="legal-document">
      <Title id={headingId} className="legal-document__title">
        {document.title}
      </Title>
      <p className="legal-document__updated">Last updated <time dateTime={document.updated}>{document.updatedLabel}</time></p>
      <p className="legal-document__summary">{document.summary}</p>
      {document.sections.map((section) => (
        <section key={section.heading}>
          <Section className="legal-document__heading">{section.heading}</Section>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
