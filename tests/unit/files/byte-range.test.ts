import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteRange, type ByteRange } from "~/files/byte-range";

const SIZE = 1_000;
const full = (size = SIZE): ByteRange => ({ kind: "full", status: 200, start: 0, end: size - 1, length: size });
const partial = (start: number, end: number, size = SIZE): ByteRange => ({
  kind: "partial",
  status: 206,
  start,
  end,
  length: end - start + 1,
  contentRange: `bytes ${start}-${end}/${size}`,
});
const unsatisfiable = (size = SIZE): ByteRange => ({ kind: "unsatisfiable", status: 416, contentRange: `bytes */${size}` });

describe("byteRange", () => {
  it.each<[string, string | null, ByteRange]>([
    // No header: the whole file.
    ["no header", null, full()],
    // One range, from a to b.
    ["the first byte", "bytes=0-0", partial(0, 0)],
    ["the first 100 bytes", "bytes=0-99", partial(0, 99)],
    ["a middle slice", "bytes=100-199", partial(100, 199)],
    ["the last byte by position", "bytes=999-999", partial(999, 999)],
    ["the whole file as a range", "bytes=0-999", partial(0, 999)],
    ["an end past the last byte is clamped", "bytes=500-5000", partial(500, 999)],
    ["an end far past the last byte is clamped", "bytes=0-99999999999999999999", partial(0, 999)],
    // From a to the end.
    ["from the start", "bytes=0-", partial(0, 999)],
    ["from a middle byte", "bytes=400-", partial(400, 999)],
    ["from the last byte", "bytes=999-", partial(999, 999)],
    // Suffixes: the last n bytes.
    ["the last byte", "bytes=-1", partial(999, 999)],
    ["the last 100 bytes", "bytes=-100", partial(900, 999)],
    ["a suffix as long as the file", "bytes=-1000", partial(0, 999)],
    ["a suffix longer than the file is the whole file", "bytes=-5000", partial(0, 999)],
    // Unsatisfiable: 416 with the size.
    ["a start at the size", "bytes=1000-", unsatisfiable()],
    ["a start past the end", "bytes=999999999-", unsatisfiable()],
    ["a closed range past the end", "bytes=1000-2000", unsatisfiable()],
    ["a zero-length suffix", "bytes=-0", unsatisfiable()],
    // Spelling RFC 9110 allows.
    ["the unit in capitals", "BYTES=0-9", partial(0, 9)],
    ["spaces around the range", "bytes= 0-9 ", partial(0, 9)],
    ["an empty list element", "bytes=0-9,", partial(0, 9)],
    ["leading zeros", "bytes=0010-0019", partial(10, 19)],
    // Malformed: ignored, the whole file.
    ["an empty header", "", full()],
    ["no unit", "0-99", full()],
    ["another unit", "items=0-9", full()],
    ["no range", "bytes=", full()],
    ["only a dash", "bytes=-", full()],
    ["an end before its start", "bytes=9-0", full()],
    ["a negative number", "bytes=-5-10", full()],
    ["letters", "bytes=a-b", full()],
    ["a decimal", "bytes=1.5-9", full()],
    ["a plus sign", "bytes=+1-9", full()],
    ["two equals signs", "bytes==0-9", full()],
    ["spaces inside a number", "bytes=1 0-20", full()],
    ["a header too long to be a real range", `bytes=0-9${",".repeat(1_000)}`, full()],
    // Several ranges: the whole file (documented in the module).
    ["two ranges", "bytes=0-9,20-29", full()],
    ["overlapping ranges", "bytes=0-500,400-999", full()],
    ["a range and a suffix", "bytes=0-0,-1", full()],
    ["several unsatisfiable ranges", "bytes=2000-3000,4000-", full()],
    ["a good range with a bad one", "bytes=0-9,x", full()],
  ])("%s (%j)", (_label, range, expected) => {
    expect(byteRange({ range }, { size: SIZE })).toEqual(expected);
  });

  it.each<[string, string | null, ByteRange]>([
    ["no header", null, full(0)],
    ["a range", "bytes=0-9", full(0)],
    ["a suffix", "bytes=-5", full(0)],
    ["an open range", "bytes=0-", full(0)],
  ])("answers an empty file in full whatever the range: %s", (_label, range, expected) => {
    expect(byteRange({ range }, { size: 0 })).toEqual(expected);
  });

  it.each<[string, string | null, string | undefined, ByteRange]>([
    ["no If-Range", null, '"v1"', partial(0, 9)],
    ["If-Range with our entity tag", '"v1"', '"v1"', partial(0, 9)],
    ["If-Range with spaces around our tag", ' "v1" ', '"v1"', partial(0, 9)],
    ["If-Range with another tag", '"v0"', '"v1"', full()],
    ["If-Range with a weak tag", 'W/"v1"', 'W/"v1"', full()],
    ["If-Range with a date", "Wed, 21 Oct 2015 07:28:00 GMT", '"v1"', full()],
    ["If-Range when we have no tag", '"v1"', undefined, full()],
  ])("%s", (_label, ifRange, etag, expected) => {
    expect(byteRange({ range: "bytes=0-9", ifRange }, { size: SIZE, etag })).toEqual(expected);
  });

  it("answers with a range inside the file and exactly as long as it says, for any header", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.oneof(fc.string(), fc.stringMatching(/^bytes=\d{0,6}-\d{0,6}$/)), (size, range) => {
        const answer = byteRange({ range }, { size });
        if (answer.kind === "unsatisfiable") {
          expect(answer.contentRange).toBe(`bytes */${size}`);
          return;
        }
        expect(answer.start).toBeGreaterThanOrEqual(0);
        expect(answer.end).toBeLessThan(size);
        expect(answer.length).toBe(answer.end - answer.start + 1);
        if (answer.kind === "partial") expect(answer.contentRange).toBe(`bytes ${answer.start}-${answer.end}/${size}`);
        else expect(answer.length).toBe(size);
      }),
    );
  });
});
