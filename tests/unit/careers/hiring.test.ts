import { describe, expect, it } from "vitest";
import { APPLICANT_STATUS, checkStageMove, HIRING_STAGES, resumeFileName, resumeKind } from "~/careers/hiring";
import type { HiringStage } from "~/db/schema";

describe("checkStageMove", () => {
  // from → the stages it may move to; every other move is refused.
  const allowed: Record<HiringStage, HiringStage[]> = {
    applied: ["screening", "interview", "offer", "hired", "rejected"],
    screening: ["applied", "interview", "offer", "hired", "rejected"],
    interview: ["screening", "offer", "hired", "rejected"],
    offer: ["interview", "hired", "rejected"],
    hired: [],
    rejected: ["applied"],
  };
  for (const from of HIRING_STAGES) {
    for (const to of HIRING_STAGES) {
      const ok = allowed[from].includes(to);
      it(`${from} → ${to}: ${ok ? "allowed" : "refused"}`, () => {
        const move = checkStageMove(from, to);
        expect(move.ok).toBe(ok);
        if (!move.ok) expect(move.reason.length).toBeGreaterThan(10);
      });
    }
  }
});

describe("what the applicant reads", () => {
  it("names every stage, and a rejection kindly", () => {
    expect(HIRING_STAGES.map((stage) => APPLICANT_STATUS[stage])).toEqual(["Received", "In review", "Interview", "Offer", "Hired", "Not selected"]);
  });
});

describe("resumeKind", () => {
  const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));
  it.each([
    ["a PDF", bytes("%PDF-1.7\n..."), "pdf"],
    ["a Word document (a zip with word/document.xml)", bytes([0x50, 0x4b, 0x03, 0x04], "....[Content_Types].xml....word/document.xml...."), "docx"],
    ["another zip (a spreadsheet)", bytes([0x50, 0x4b, 0x03, 0x04], "....xl/workbook.xml"), null],
    ["a PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), null],
    ["HTML named .pdf", bytes("<html><script>alert(1)</script>"), null],
    ["nothing", bytes(), null],
    ["the start of a PDF header only", bytes("%PDF"), null],
  ])("%s → %s", (_name, content, extension) => {
    expect(resumeKind(content)?.extension ?? null).toBe(extension);
  });

  it("names the stored file after the sent one, with the type it really is", () => {
    expect(resumeFileName("C:\\Users\\me\\CV (final).PDF", { extension: "pdf", contentType: "application/pdf" })).toBe("CV (final).pdf");
    expect(resumeFileName("resume.pdf", { extension: "docx", contentType: "x" })).toBe("resume.docx");
    expect(resumeFileName('"\u0000.pdf', { extension: "pdf", contentType: "x" })).toBe("Résumé.pdf");
  });
});
