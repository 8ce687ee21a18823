import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CLASS_CODE_ALPHABET, CLASS_CODE_LENGTH, newClassCode, normalizeClassCode } from "~/classes/class-codes";

describe("class codes", () => {
  it("have seven characters with no look-alikes (0/O, 1/I/L)", () => {
    for (let i = 0; i < 200; i++) {
      const code = newClassCode(randomBytes);
      expect(code).toMatch(/^[A-Z2-9]{7}$/);
      expect(code).not.toMatch(/[01OIL]/);
    }
    expect(CLASS_CODE_ALPHABET).toHaveLength(31);
  });

  it("skip bytes that would make some characters likelier", () => {
    const bytes = [255, 250, 248, 0, 1, 2, 3, 4, 5, 30, 31];
    let call = 0;
    const code = newClassCode((size) => Uint8Array.from({ length: size }, () => bytes[call++ % bytes.length]!));
    expect(code).toBe("ABCDEF9");
    expect(code).toHaveLength(CLASS_CODE_LENGTH);
  });

  it.each([
    ["k7mp2qx", "K7MP2QX"],
    [" K7M-P2Q X ", "K7MP2QX"],
    ["K7MP2Q", null],
    ["K7MP2QXX", null],
    ["K7MP2Q0", null],
    ["K7MP2QI", null],
    ["", null],
  ])("%j reads as %j", (typed, code) => {
    expect(normalizeClassCode(typed)).toBe(code);
  });
});
