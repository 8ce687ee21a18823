import { AlignmentType, Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from "docx";
import PDFDocument from "pdfkit";
import { essayBlocks, type EssayBlock, type EssayRun } from "~/writing/essay-html.server";

/** An essay as a PDF or Word file: title, then the text with its headings, lists, quotes and emphasis. */
export interface ExportableEssay {
  title: string;
  body: string;
}

export function renderEssayPdf(essay: ExportableEssay, generatedAt: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 72, info: { Title: essay.title, CreationDate: generatedAt } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.font("Times-Bold").fontSize(20).text(essay.title);
    doc.moveDown(0.8);
    for (const block of essayBlocks(essay.body)) {
      const size = block.kind === "heading2" ? 16 : block.kind === "heading3" ? 13.5 : 12;
      const indent = block.kind === "quote" ? 24 : block.kind === "bullet" || block.kind === "numbered" ? 18 * ((block.level ?? 0) + 1) : 0;
      const marker = block.kind === "bullet" ? "•  " : block.kind === "numbered" ? `${block.number ?? 1}.  ` : "";
      const runs: EssayRun[] = marker ? [{ text: marker }, ...block.runs] : block.runs;
      if (runs.length === 0) {
        doc.moveDown(0.5);
        continue;
      }
      runs.forEach((run, index) => {
        const heading = block.kind === "heading2" || block.kind === "heading3";
        const bold = heading || run.bold;
        const italic = block.kind === "quote" || run.italic;
        doc.font(bold && italic ? "Times-BoldItalic" : bold ? "Times-Bold" : italic ? "Times-Italic" : "Times-Roman").fontSize(size);
        doc.text(run.text, index === 0 ? 72 + indent : undefined, undefined, { continued: index < runs.length - 1, underline: Boolean(run.underline), lineGap: 3 });
      });
      doc.moveDown(block.kind === "bullet" || block.kind === "numbered" ? 0.2 : 0.6);
    }
    doc.end();
  });
}

function docxRuns(block: EssayBlock): TextRun[] {
  return block.runs.map((run) =>
    run.text === "\n" ? new TextRun({ break: 1 }) : new TextRun({ text: run.text, bold: run.bold, italics: run.italic || block.kind === "quote", underline: run.underline ? {} : undefined }),
  );
}

export async function renderEssayDocx(essay: ExportableEssay): Promise<Buffer> {
  let list = 0;
  let previous: EssayBlock | undefined;
  const paragraphs = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(essay.title)] })];
  for (const block of essayBlocks(essay.body)) {
    // Each numbered list restarts at 1: a new instance of the numbering whenever a list begins.
    if (block.kind === "numbered" && previous?.kind !== "numbered" && (block.level ?? 0) === 0) list += 1;
    const children = docxRuns(block);
    if (block.kind === "heading2") paragraphs.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children }));
    else if (block.kind === "heading3") paragraphs.push(new Paragraph({ heading: HeadingLevel.HEADING_3, children }));
    else if (block.kind === "bullet") paragraphs.push(new Paragraph({ bullet: { level: Math.min(block.level ?? 0, 8) }, children }));
    else if (block.kind === "numbered") paragraphs.push(new Paragraph({ numbering: { reference: "essay-numbers", level: Math.min(block.level ?? 0, 8), instance: list }, children }));
    else if (block.kind === "quote") paragraphs.push(new Paragraph({ indent: { left: 720 }, children }));
    else paragraphs.push(new Paragraph({ children, spacing: { after: 160 } }));
    previous = block;
  }
  const document = new Document({
    title: essay.title,
    numbering: {
      config: [
        {
          reference: "essay-numbers",
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [{ children: paragraphs }],
  });
  return Packer.toBuffer(document);
}
