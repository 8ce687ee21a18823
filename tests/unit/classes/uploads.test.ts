import { describe, expect, it } from "vitest";
import { checkUpload, mayReplaceUpload, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/classes/uploads";
import { fileSizeText } from "~/formatting/file-size";

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const padded = (head: Uint8Array, size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
};

describe("an upload assignment's file is recognised by its bytes, at most 10 MB", () => {
  it.each([
    ["a PDF", ascii("%PDF-1.4\n"), "pdf"],
    ["a PNG picture", Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), "png"],
    ["a JPEG picture", Uint8Array.of(0xff, 0xd8, 0xff, 0xe0), "jpg"],
    ["a Word document", Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...ascii("word/document.xml")]), "docx"],
    ["a PDF of exactly 10 MB", padded(ascii("%PDF-1.4\n"), UPLOAD_MAX_BYTES), "pdf"],
  ] as const)("%s is taken", (_name, bytes, extension) => {
    const checked = checkUpload(bytes);
    expect(checked.ok && checked.kind.extension).toBe(extension);
  });

  it.each([
    ["text named .pdf", ascii("just some notes"), UPLOAD_MESSAGES.wrongType],
    ["a zip that is not a Word document", Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0, 0), UPLOAD_MESSAGES.wrongType],
    ["an empty file", new Uint8Array(0), UPLOAD_MESSAGES.missing],
    ["a PDF one byte over 10 MB", padded(ascii("%PDF-1.4\n"), UPLOAD_MAX_BYTES + 1), UPLOAD_MESSAGES.tooLarge],
  ] as const)("%s is refused", (_name, bytes, message) => {
    expect(checkUpload(bytes)).toEqual({ ok: false, message });
  });
});

describe("the file may be replaced until the work is graded", () => {
  it.each([
    [false, true],
    [true, false],
  ] as const)("graded %s → may replace %s", (graded, may) => {
    expect(mayReplaceUpload({ graded })).toBe(may);
  });
});

describe("file sizes as people read them", () => {
  it.each([
    [900, "900 bytes"],
    [1024, "1 KB"],
    [319_488, "312 KB"],
    [2_516_582, "2.4 MB"],
  ] as const)("%d → %s", (bytes, text) => {
    expect(fileSizeText(bytes)).toBe(text);
  });
});
