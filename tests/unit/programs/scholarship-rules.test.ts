import { describe, expect, it } from "vitest";
import type { ScholarshipApplicationStatus } from "~/db/schema";
import {
  APPLICANT_STATUS,
  APPLICATION_STATUSES,
  canReadApplication,
  canReadStaffFields,
  checkStatusMove,
  checkUpload,
  contestPhase,
  isDecision,
  isScholarshipOpen,
  parseScore,
  transcriptFileName,
  UPLOAD_MAX_BYTES,
} from "~/programs/scholarship-rules";

describe("isScholarshipOpen", () => {
  it.each([
    ["2026-11-30", "2026-11-28", true],
    ["2026-11-30", "2026-11-30", true],
    ["2026-11-30", "2026-12-01", false],
    ["2026-01-31", "2026-02-01", false],
  ])("deadline %s, today %s → %s", (deadline, today, open) => {
    expect(isScholarshipOpen(deadline, today)).toBe(open);
  });
});

describe("checkStatusMove", () => {
  const allowed: Record<ScholarshipApplicationStatus, ScholarshipApplicationStatus[]> = {
    submitted: ["in_review", "accepted", "declined"],
    in_review: ["accepted", "declined"],
    accepted: ["in_review"],
    declined: ["in_review"],
  };
  for (const from of APPLICATION_STATUSES) {
    for (const to of APPLICATION_STATUSES) {
      const ok = allowed[from].includes(to);
      it(`${from} → ${to}: ${ok ? "allowed" : "refused"}`, () => {
        const move = checkStatusMove(from, to);
        expect(move.ok).toBe(ok);
        if (!move.ok) expect(move.reason.length).toBeGreaterThan(10);
      });
    }
  }
  it("only accept and decline are decisions (they send email)", () => {
    expect(APPLICATION_STATUSES.filter(isDecision)).toEqual(["accepted", "declined"]);
  });
});

describe("who reads what", () => {
  it.each([
    ["a guest", null, false, false],
    ["the applicant", { userId: 7, isStaff: false }, true, false],
    ["another student", { userId: 8, isStaff: false }, false, false],
    ["staff", { userId: 1, isStaff: true }, true, true],
  ] as const)("%s", (_who, viewer, application, staffFields) => {
    expect(canReadApplication(viewer, 7)).toBe(application);
    expect(canReadStaffFields(viewer)).toBe(staffFields);
  });
  it("the applicant reads a decline kindly", () => {
    expect(APPLICATION_STATUSES.map((s) => APPLICANT_STATUS[s])).toEqual(["Received", "In review", "Accepted", "Not selected"]);
  });
});

describe("parseScore", () => {
  it.each([
    ["0", 0],
    ["100", 100],
    [" 55 ", 55],
    ["101", null],
    ["-1", null],
    ["5.5", null],
    ["", null],
    ["abc", null],
  ])("%j → %s", (raw, score) => expect(parseScore(raw)).toBe(score));
});

describe("checkUpload", () => {
  const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));
  it.each([
    ["a PDF", bytes("%PDF-1.7\n..."), "pdf"],
    ["a PNG", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), "png"],
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "jpg"],
    ["a Word document", bytes([0x50, 0x4b, 0x03, 0x04], "....word/document.xml...."), null],
    ["HTML named .pdf", bytes("<html><script>alert(1)</script>"), null],
  ])("%s", (_name, sent, extension) => {
    const check = checkUpload(sent);
    expect(check.ok ? check.kind.extension : null).toBe(extension);
  });
  it("refuses more than 10 MB", () => {
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(bytes("%PDF-"));
    expect(checkUpload(big)).toEqual({ ok: false, reason: "tooLarge" });
  });
  it("names the file with the stored type's extension", () => {
    expect(transcriptFileName("grades.PDF", { extension: "pdf", contentType: "application/pdf" })).toBe("grades.pdf");
  });
});

describe("contestPhase", () => {
  const window = { opens: "2026-11-01", closes: "2026-11-30" };
  it.each([
    ["2026-10-31", "upcoming"],
    ["2026-11-01", "open"],
    ["2026-11-30", "open"],
    ["2026-12-01", "closed"],
  ])("%s → %s", (today, phase) => expect(contestPhase(window, today)).toBe(phase));
});
