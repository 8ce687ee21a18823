import { describe, expect, it } from "vitest";
import { csvRows, deckCsv, MAX_IMPORTED_CARDS, parseDeckCsv, parseTags } from "~/flash-cards/deck-csv";

describe("a deck's CSV", () => {
  it.each([
    [
      "plain lines",
      "a,b\nc,d\n",
      [
        ["a", "b"],
        ["c", "d"],
      ],
    ],
    [
      "CRLF and no final newline",
      "a,b\r\nc,d",
      [
        ["a", "b"],
        ["c", "d"],
      ],
    ],
    ["quoted commas, quotes and line breaks", '"x, y","say ""hi""\nthen go"', [["x, y", 'say "hi"\nthen go']]],
    ["a byte-order mark", "\ufefffront,back\n", [["front", "back"]]],
    [
      "blank lines skipped",
      "a,b\n\n \nc,d",
      [
        ["a", "b"],
        ["c", "d"],
      ],
    ],
    ["an empty last field", "a,b,\n", [["a", "b", ""]]],
  ])("reads %s", (_case, text, rows) => {
    expect(csvRows(text)).toEqual(rows);
  });

  it("refuses a quote never closed", () => {
    expect(csvRows('a,"b\n')).toBeNull();
    expect(parseDeckCsv('a,"b\n')).toEqual({ ok: false, errors: ["A quoted field is never closed: check the file's double quotes."] });
  });

  it("imports cards with or without a header, with tags", () => {
    expect(parseDeckCsv("front,back,tags\nGlycine,Gly,biochem #amino\n")).toEqual({ ok: true, cards: [{ front: "Glycine", back: "Gly", tags: ["biochem", "amino"] }] });
    expect(parseDeckCsv("Glycine,Gly\n")).toEqual({ ok: true, cards: [{ front: "Glycine", back: "Gly", tags: [] }] });
  });

  it("names each line missing a side, counting the header", () => {
    expect(parseDeckCsv("front,back\nok,fine\nno back\n,no front\n")).toEqual({ ok: false, errors: ["Line 3: a card needs a front and a back.", "Line 4: a card needs a front and a back."] });
  });

  it("refuses an empty file, an overlong side and too many cards", () => {
    expect(parseDeckCsv("front,back\n")).toMatchObject({ ok: false });
    expect(parseDeckCsv(`a,${"x".repeat(4001)}`)).toEqual({ ok: false, errors: ["Line 1: keep each side to 4,000 characters."] });
    expect(parseDeckCsv("a,b\n".repeat(MAX_IMPORTED_CARDS + 1))).toEqual({ ok: false, errors: ["Import at most 1,000 cards at a time."] });
  });

  it("exports what it imports back, quoted where needed", () => {
    const cards = [
      { front: "x, y", back: 'say "hi"\nthen go', tags: ["a", "b"] },
      { front: "plain", back: "text", tags: [] },
    ];
    const csv = deckCsv(cards);
    expect(csv).toBe('front,back,tags\r\n"x, y","say ""hi""\nthen go",a b\r\nplain,text,\r\n');
    expect(parseDeckCsv(csv)).toEqual({ ok: true, cards });
  });
});

describe("tags", () => {
  it.each([
    ["cell biology", ["cell", "biology"]],
    ["#Exam1, #exam1; midterm", ["exam1", "midterm"]],
    ["", []],
    ["a b c d e f g h i j k l", ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]],
  ])("%j → %j", (text, tags) => {
    expect(parseTags(text)).toEqual(tags);
  });
});
