import { describe, expect, it } from "vitest";
import { BODY_MAX_WORDS, contestEntrySchema, countWords, demoContestWindow } from "~/programs/contest";
import { contestPhase } from "~/programs/scholarship-rules";

describe("demoContestWindow", () => {
  it("is open on the day the server starts, whatever the date, and closes two months on", () => {
    for (const start of ["2026-01-01T00:30:00Z", "2026-11-29T23:59:00Z", "2028-02-29T12:00:00Z"]) {
      const window = demoContestWindow(new Date(start));
      expect(contestPhase(window, start.slice(0, 10))).toBe("open");
      expect(contestPhase(window, "2100-01-01")).toBe("closed");
    }
    expect(demoContestWindow(new Date("2026-11-29T10:00:00Z"))).toEqual({ opens: "2026-10-30", closes: "2027-01-28" });
  });
});

describe("contestEntrySchema", () => {
  const parse = (body: string) => contestEntrySchema.safeParse({ title: "My method", body });
  it("takes up to the word limit and refuses more", () => {
    expect(parse(Array.from({ length: BODY_MAX_WORDS }, () => "word").join(" ")).success).toBe(true);
    expect(parse(Array.from({ length: BODY_MAX_WORDS + 1 }, () => "word").join("\n")).success).toBe(false);
  });
  it("refuses a blank title or text", () => {
    expect(contestEntrySchema.safeParse({ title: "  ", body: "text" }).success).toBe(false);
    expect(parse("   ").success).toBe(false);
  });
  it("counts words across any white space", () => {
    expect(countWords("  one\ttwo\n\nthree  ")).toBe(3);
    expect(countWords("")).toBe(0);
  });
});
