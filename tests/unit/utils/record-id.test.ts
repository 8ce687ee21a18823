import { describe, expect, it } from "vitest";
import { MAX_RECORD_ID, parseRecordId } from "~/utils/record-id";

describe("an id from an address or a form", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    [String(MAX_RECORD_ID), MAX_RECORD_ID],
    [String(MAX_RECORD_ID + 1), null],
    ["99999999999", null],
    ["0", null],
    ["007", 7],
    ["-1", null],
    ["1.5", null],
    ["1e3", null],
    [" 1", null],
    ["", null],
    ["abc", null],
    [undefined, null],
    [null, null],
    [12, null],
  ])("%j → %j", (value, id) => {
    expect(parseRecordId(value)).toBe(id);
  });
});
