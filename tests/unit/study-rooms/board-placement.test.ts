import { describe, expect, it } from "vitest";
import { attachmentFileId, attachmentIdOfFile, placedAttachmentElement, placedPictureSize, placementBeside, PLACED_PICTURE_BOX, PLACEMENT_GAP } from "~/study-rooms/board-placement";
import { parseElements, type BoardElement } from "~/study-rooms/whiteboard";

const element = (fields: Partial<BoardElement>): BoardElement => ({ id: "e", type: "rectangle", version: 1, versionNonce: 1, x: 0, y: 0, width: 10, height: 10, ...fields });
const random = { id: "placed-1", seed: 7, versionNonce: 11, now: Date.UTC(2026, 10, 28) };

describe("an attachment's file id on a board", () => {
  it.each([
    [attachmentFileId(42), 42],
    ["attachment-1", 1],
    ["attachment-2147483647", 2147483647],
    ["attachment-2147483648", null],
    ["attachment-0", null],
    ["attachment-01", null],
    ["attachment-", null],
    ["attachment-4x", null],
    ["other-4", null],
    [" attachment-4", null],
    [4, null],
    [undefined, null],
  ])("%j → %j", (fileId, expected) => {
    expect(attachmentIdOfFile(fileId)).toBe(expected);
  });
});

describe("a placed picture's size", () => {
  it.each([
    ["small enough: its own size", 200, 100, { width: 200, height: 100 }],
    ["exactly the box", 480, 360, { width: 480, height: 360 }],
    ["wide: fits the width", 2400, 600, { width: 480, height: 120 }],
    ["tall: fits the height", 600, 2400, { width: 90, height: 360 }],
    ["a hair line keeps at least one unit", 10_000, 1, { width: 480, height: 1 }],
    ["no size known: the box", 0, 0, PLACED_PICTURE_BOX],
  ])("%s", (_case, width, height, expected) => {
    expect(placedPictureSize(width, height)).toEqual(expected);
  });
});

describe("where a placed file goes", () => {
  it.each([
    ["an empty board: the origin", [], { x: 0, y: 0 }],
    ["only deleted elements: the origin", [element({ x: 500, isDeleted: true })], { x: 0, y: 0 }],
    ["right of one shape, level with its top", [element({ x: 100, y: 50, width: 200, height: 80 })], { x: 300 + PLACEMENT_GAP, y: 50 }],
    ["a shape drawn leftwards and upwards", [element({ x: 300, y: 200, width: -200, height: -150 })], { x: 300 + PLACEMENT_GAP, y: 50 }],
    ["the furthest right and the highest of several", [element({ id: "a", x: 0, y: 100, width: 50 }), element({ id: "b", x: 400, y: -20, width: 60 })], { x: 460 + PLACEMENT_GAP, y: -20 }],
    [
      "a stroke by its points",
      [
        element({
          type: "freedraw",
          x: 10,
          y: 10,
          width: 0,
          height: 0,
          points: [
            [0, 0],
            [90.4, -30],
            [20, 5],
          ],
        }),
      ],
      { x: 100 + PLACEMENT_GAP, y: -20 },
    ],
  ])("%s", (_case, elements, expected) => {
    expect(placementBeside(elements as BoardElement[])).toEqual(expected);
  });
});

describe("the element a placed file becomes", () => {
  it("a picture: an image element of the attachment's file, fitted, beside the drawing, that the board stores", () => {
    const placed = placedAttachmentElement({
      ...random,
      slug: "maths",
      attachment: { id: 9, name: "graph.webp", kind: "picture", width: 960, height: 480 },
      elements: [element({ x: 0, y: 20, width: 100 })],
    });
    expect(placed).toMatchObject({
      id: "placed-1",
      type: "image",
      fileId: "attachment-9",
      status: "saved",
      x: 100 + PLACEMENT_GAP,
      y: 20,
      width: 480,
      height: 240,
      version: 1,
      versionNonce: 11,
      seed: 7,
      isDeleted: false,
      updated: random.now,
    });
    const stored = parseElements([placed]);
    expect(stored.ok).toBe(true);
  });

  it("a PDF: a line of text linking to the file in the room", () => {
    const placed = placedAttachmentElement({ ...random, slug: "maths", attachment: { id: 3, name: "Week 3 notes.pdf", kind: "pdf" }, elements: [] });
    expect(placed).toMatchObject({ type: "text", text: "PDF: Week 3 notes.pdf", originalText: "PDF: Week 3 notes.pdf", link: "/study-rooms/maths/attachments/3", x: 0, y: 0, version: 1 });
    expect(placed.width).toBeGreaterThan(0);
    expect(parseElements([placed]).ok).toBe(true);
  });
});
