import { describe, expect, it } from "vitest";
import { likePattern } from "~/db/like-pattern";

describe("likePattern", () => {
  it.each([
    ["Calculus", "%calculus%"],
    ["50%_off\\", "%50\\%\\_off\\\\%"],
    ["", "%%"],
  ])("%j → %j: lower-cased, LIKE's wildcards and escape matched literally", (text, pattern) => {
    expect(likePattern(text)).toBe(pattern);
  });
});
