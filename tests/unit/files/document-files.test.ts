import { describe, expect, it } from "vitest";
import { documentFileName, documentKind } from "~/files/document-files";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("documentKind", () => {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const jpeg = [0xff, 0xd8, 0xff, 0xe0];
  const zip = [0x50, 0x4b, 0x03, 0x04];
  it.each([
    ["a PDF", bytes("%PDF-1.7\n"), {}, "pdf"],
    ["a Word document", bytes(zip, "....word/document.xml...."), {}, "docx"],
    ["a zip that is not a Word document", bytes(zip, "....other.txt"), {}, null],
    ["a PNG, pictures not allowed", bytes(png), {}, null],
    ["a PNG, pictures allowed", bytes(png), { pictures: true }, "png"],
    ["a JPEG, pictures allowed", bytes(jpeg), { pictures: true }, "jpg"],
    ["text named .pdf", bytes("hello, this is not a PDF"), { pictures: true }, null],
    ["an empty file", bytes(), { pictures: true }, null],
    ["a truncated PDF header", bytes("%PD"), {}, null],
  ] as const)("%s", (_name, content, options, extension) => {
    expect(documentKind(content, options)?.extension ?? null).toBe(extension);
  });

  it("gives the content type that is served", () => {
    expect(documentKind(bytes("%PDF-1.4"))?.contentType).toBe("application/pdf");
    expect(documentKind(bytes(jpeg), { pictures: true })?.contentType).toBe("image/jpeg");
  });
});

describe("documentFileName", () => {
  const pdf = { extension: "pdf", contentType: "application/pdf" } as const;
  it.each([
    ["C:\\Users\\me\\Transcript (2026).PDF", "Transcript (2026).pdf"],
    ["/home/me/homework.docx", "homework.pdf"],
    ['"\u0000.pdf', "Document.pdf"],
    ["", "Document.pdf"],
  ])("%j → %j", (sent, shown) => {
    expect(documentFileName(sent, pdf, "Document")).toBe(shown);
  });
});
