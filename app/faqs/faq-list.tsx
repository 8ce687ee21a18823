import { answerParagraphs, faqStructuredData, scriptJson } from "~/faqs/faq-rules";

/**
 * A page's FAQs as a disclosure list (<details>: opens without JavaScript), with its FAQPage
 * structured data. Nothing when the page has none.
 */
export function FaqList({ faqs, heading = "Frequently asked questions" }: { faqs: readonly { id: number; question: string; answer: string }[]; heading?: string }) {
  if (faqs.length === 0) return null;
  return (
    <section className="faq-list wrapper" aria-labelledby="faq-heading">
      <h2 className="section-heading" id="faq-heading">
        {heading}
      </h2>
      {faqs.map((faq) => (
        <details key={faq.id} className="faq-list__item" id={`faq-${faq.id}`}>
          <summary>{faq.question}</summary>
          {answerParagraphs(faq.answer).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </details>
      ))}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(faqStructuredData(faqs)) }} />
    </section>
  );
}
