import { createHash } from "node:crypto";
import { demoLiveSessions } from "./data/live-sessions";

/**
 * The demo live sessions' files: a booklet, its solutions and a preview (tiny one-page PDFs made
 * here, so nothing binary is committed for them) and a recording (a demo lesson clip, passed in).
 * Each is named from its content, like the lesson clips, so a file made again gets a new name.
 */

export interface DemoSessionFile {
  sessionTitle: string;
  position: number;
  name: string;
  bytes: Buffer;
  contentType: string;
}


/** PDF strings escape backslashes and parentheses. */
const pdfText = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** A valid one-page PDF (Helvetica, one line per entry), with a correct cross-reference table. */
export function onePagePdf(title: string, lines: readonly string[]): Buffer {
  const stream = [
    "BT",
    "/F1 20 Tf",
    "72 740 Td",
    `(${pdfText(title)}) Tj`,
    "/F1 12 Tf",
    ...lines.flatMap((line) => ["0 -24 Td", `(${pdfText(line)}) Tj`]),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

const CONTENT = {
  booklet: () =>
    onePagePdf("Practice booklet", ["1. Find the derivative of f(x) = x^3 sin x.", "2. Evaluate the limit of (1 - cos x) / x^2 as x -> 0.", "3. A ladder slides down a wall: find dy/dt."]),
  solution: () => onePagePdf("Solutions", ["1. f'(x) = 3x^2 sin x + x^3 cos x.", "2. The limit is 1/2.", "3. dy/dt = -(x/y) dx/dt."]),
  preview: () => onePagePdf("What we will cover", ["Limits and continuity", "Derivative rules", "Related rates"]),
};

/**
 * One stored file per demo attachment (a stored name belongs to one attachment row), named
 * `demo-session-{n}-{kind}-{hash}.{ext}`: n is the session's place in demoLiveSessions.
 */
export function demoSessionFiles(recording: Buffer): DemoSessionFile[] {
  const pdfs = { booklet: CONTENT.booklet(), solution: CONTENT.solution(), preview: CONTENT.preview() };
  return demoLiveSessions.flatMap((session, index) =>
    session.attachments.map((attachment, position) => {
      const bytes = attachment.kind === "recording" ? recording : pdfs[attachment.kind];
      const extension = attachment.kind === "recording" ? "mp4" : "pdf";
      const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
      return {
        sessionTitle: session.title,
        position,
        name: `demo-session-${index + 1}-${attachment.kind}-${position}-${hash}.${extension}`,
        bytes,
        contentType: attachment.kind === "recording" ? "video/mp4" : "application/pdf",
      };
    }),
  );
}
