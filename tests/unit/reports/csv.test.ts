import { describe, expect, it } from "vitest";
import { centsToAmount, csvCell, toCsv } from "~/reports/csv";

describe("a CSV cell", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [42, "42"],
    [-7, "-7"],
    [Number.NaN, ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rhere", '"cr\rhere"'],
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1 555", "'+1 555"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\t=1", "'\t=1"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ["a=b", "a=b"],
    ["-12.50", "-12.50"],
    ["-12.50+1", "'-12.50+1"],
    ["-1e3", "'-1e3"],
    ["- 5", "'- 5"],
    ["online_course (USD)", "online_course (USD)"],
  ] as const)("%j is written %j", (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it("keeps negative numbers as numbers, not neutralised text", () => {
    expect(csvCell(-1250)).toBe("-1250");
  });
});

describe("a CSV document", () => {
  it("has a header, CRLF line ends and escaped cells", () => {
    expect(
      toCsv(
        ["month", "a,b"],
        [
          ["2026-01", 3],
          ["2026-02", "=1"],
        ]
      )
    ).toBe('month,"a,b"\r\n2026-01,3\r\n2026-02,\'=1\r\n');
  });
  it("is only the header when there are no rows", () => {
    expect(toCsv(["month"], [])).toBe("month\r\n");
  });
});

describe("cents as an amount", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [100, "1.00"],
    [123456, "1234.56"],
    [-1250, "-12.50"],
    [-5, "-0.05"],
  ])("%i cents is %s", (cents, amount) => {
    expect(centsToAmount(cents)).toBe(amount);
  });
});
