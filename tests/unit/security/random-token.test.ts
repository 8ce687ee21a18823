import { describe, expect, it } from "vitest";
import { randomToken } from "~/security/random-token";

describe("randomToken", () => {
  it.each([
    [16, 22],
    [24, 32],
    [1, 2],
  ])("gives %i random bytes as %i base64url characters", (bytes, length) => {
    const token = randomToken(bytes);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).toHaveLength(length);
  });

  it("never hands out the same bytes twice, across many refills of its pool", () => {
    const tokens = Array.from({ length: 5_000 }, (_, i) => randomToken(i % 2 === 0 ? 16 : 24));
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("refuses more bytes than its pool holds", () => {
    expect(() => randomToken(4097)).toThrow(RangeError);
  });
});
