import { describe, expect, it } from "vitest";
import { parseBoardPointer, parseBoardView, parseElements, reconcileElements, visibleElements, winningEdit, type BoardElement } from "~/study-rooms/whiteboard";

const element = (id: string, extra: Partial<BoardElement> = {}): BoardElement => ({ id, type: "rectangle", version: 1, versionNonce: 100, x: 0, y: 0, width: 10, height: 10, ...extra });
const byId = (elements: readonly BoardElement[]) => [...elements].sort((a, b) => a.id.localeCompare(b.id));

describe("parseElements (what a client sends, untrusted)", () => {
  it("keeps valid elements and their extra Excalidraw fields", () => {
    const sent = [
      { ...element("a"), groupIds: ["g1"], roughness: 1, boundElements: null, customData: { note: "kept" } },
      element("b", { type: "arrow", points: [[0, 0], [30, 40]], angle: 0.5, strokeColor: "#1e1e1e", isDeleted: true }),
      element("c", { type: "text", text: "Hello\nworld", fontSize: 20, textAlign: "center" }),
    ];
    const result = parseElements(JSON.parse(JSON.stringify(sent)));
    expect(result).toEqual({ ok: true, elements: sent });
  });

  it("returns copies: changing the input afterwards changes nothing", () => {
    const sent = [element("a", { points: [[1, 2]] })];
    const result = parseElements(sent);
    if (!result.ok) throw new Error(result.error);
    sent[0]!.x = 99;
    sent[0]!.points![0]![0] = 99;
    expect(result.elements[0]).toMatchObject({ x: 0, points: [[1, 2]] });
  });

  it("accepts an empty board and exactly 5,000 elements", () => {
    expect(parseElements([])).toEqual({ ok: true, elements: [] });
    const many = Array.from({ length: 5000 }, (_, index) => ({ id: String(index), type: "line", version: 1, versionNonce: 0, x: 0, y: 0, width: 0, height: 0 }));
    expect(parseElements(many)).toMatchObject({ ok: true });
  });

  it.each<[string, unknown, string]>([
    ["not a list", { elements: [] }, "The board's elements must be a list."],
    ["nothing", null, "The board's elements must be a list."],
    ["text", "[]", "The board's elements must be a list."],
    ["5,001 elements", Array.from({ length: 5001 }, (_, index) => element(String(index))), "A board holds at most 5,000 elements."],
    ["over 1 MB", [element("a", { text: "x".repeat(10_000), padding: "y".repeat(1_000_000) })], "The board is too large to save (over 1 MB)."],
    ["over 1 MB in UTF-8 bytes, under it in characters", [element("a", { note: "é".repeat(600_000) })], "The board is too large to save (over 1 MB)."],
    ["something JSON cannot carry", [element("a", { big: BigInt(1) })], "The board's elements must be plain JSON."],
    ["an element that is not an object", [element("a"), 42], "Element 2: it must be an object."],
    ["an element that is a list", [[1, 2]], "Element 1: it must be an object."],
    ["a null element", [null], "Element 1: it must be an object."],
    ["no id", [{ ...element("a"), id: undefined }], "Element 1: id must be text of 1 to 64 characters."],
    ["a numeric id", [{ ...element("a"), id: 7 }], "Element 1: id must be text of 1 to 64 characters."],
    ["an empty id", [element("")], "Element 1: id must be text of 1 to 64 characters."],
    ["a 65-character id", [element("i".repeat(65))], "Element 1: id must be text of 1 to 64 characters."],
    ["a repeated id", [element("a"), element("b"), element("a", { version: 2 })], 'Element 3: id "a" is already used by another element.'],
    ["no type", [{ ...element("a"), type: undefined }], "Element 1: type must be text of 1 to 64 characters."],
    ["an empty type", [element("a", { type: "" })], "Element 1: type must be text of 1 to 64 characters."],
    ["version 0", [element("a", { version: 0 })], "Element 1: version must be a whole number of at least 1."],
    ["a fractional version", [element("a", { version: 1.5 })], "Element 1: version must be a whole number of at least 1."],
    ["a version given as text", [{ ...element("a"), version: "2" }], "Element 1: version must be a whole number of at least 1."],
    ["an infinite version", [element("a", { version: Number.POSITIVE_INFINITY })], "Element 1: version must be a whole number of at least 1."],
    ["no versionNonce", [{ ...element("a"), versionNonce: undefined }], "Element 1: versionNonce must be a whole number."],
    ["a fractional versionNonce", [element("a", { versionNonce: 0.25 })], "Element 1: versionNonce must be a whole number."],
    ["isDeleted as text", [{ ...element("a"), isDeleted: "yes" }], "Element 1: isDeleted must be true or false."],
    ["no x", [{ ...element("a"), x: undefined }], "Element 1: x must be a finite number."],
    ["y not a number", [{ ...element("a"), y: "3" }], "Element 1: y must be a finite number."],
    ["an infinite width", [element("a", { width: Number.POSITIVE_INFINITY })], "Element 1: width must be a finite number."],
    ["a NaN height", [element("a", { height: Number.NaN })], "Element 1: height must be a finite number."],
    ["a NaN angle", [element("a", { angle: Number.NaN })], "Element 1: angle must be a finite number."],
    ["a strokeWidth as text", [{ ...element("a"), strokeWidth: "2" }], "Element 1: strokeWidth must be a finite number."],
    ["an infinite fontSize", [element("a", { fontSize: Number.NEGATIVE_INFINITY })], "Element 1: fontSize must be a finite number."],
    ["a colour that is not text", [{ ...element("a"), strokeColor: 255 }], "Element 1: strokeColor must be text of at most 64 characters."],
    ["a 65-character colour", [element("a", { backgroundColor: "#".repeat(65) })], "Element 1: backgroundColor must be text of at most 64 characters."],
    ["points that are not a list", [{ ...element("a"), points: "0,0" }], "Element 1: points must be pairs of finite numbers."],
    ["a point of three numbers", [{ ...element("a"), points: [[0, 0, 0]] }], "Element 1: points must be pairs of finite numbers."],
    ["a point with text", [{ ...element("a"), points: [[0, "1"]] }], "Element 1: points must be pairs of finite numbers."],
    ["a NaN point", [element("a", { points: [[0, Number.NaN]] })], "Element 1: points must be pairs of finite numbers."],
    ["text that is not text", [{ ...element("a"), text: ["hi"] }], "Element 1: text must be text of at most 10,000 characters."],
    ["text over 10,000 characters", [element("a", { text: "x".repeat(10_001) })], "Element 1: text must be text of at most 10,000 characters."],
    ["a textAlign that is not text", [{ ...element("a"), textAlign: 1 }], "Element 1: textAlign must be text."],
  ])("refuses %s", (_name, value, error) => {
    expect(parseElements(value)).toEqual({ ok: false, error });
  });

  it.each<[string, Partial<BoardElement>]>([
    ["a 64-character id", { id: "i".repeat(64) }],
    ["text of exactly 10,000 characters", { text: "x".repeat(10_000) }],
    ["a negative versionNonce", { versionNonce: -5 }],
    ["negative width and height", { width: -10, height: -4 }],
  ])("accepts %s", (_name, change) => {
    expect(parseElements([element("a", change)])).toMatchObject({ ok: true });
  });

  it("a __proto__ key from JSON stays data, not a prototype", () => {
    const result = parseElements(JSON.parse('[{"id":"a","type":"rectangle","version":1,"versionNonce":1,"x":0,"y":0,"width":1,"height":1,"__proto__":{"polluted":true}}]'));
    if (!result.ok) throw new Error(result.error);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(result.elements[0])).toBe(Object.prototype);
  });
});

describe("winningEdit (Excalidraw's rule for two edits of one element)", () => {
  it.each<[string, Partial<BoardElement>, Partial<BoardElement>, "a" | "b"]>([
    ["the higher version", { version: 3, versionNonce: 900 }, { version: 2, versionNonce: 1 }, "a"],
    ["the higher version, either side", { version: 2 }, { version: 5 }, "b"],
    ["on the same version, the lower nonce", { version: 4, versionNonce: 20 }, { version: 4, versionNonce: 10 }, "b"],
    ["a negative nonce is lower", { version: 4, versionNonce: -1 }, { version: 4, versionNonce: 0 }, "a"],
    ["same version and nonce: the same pick whatever the order", { x: 1 }, { x: 2 }, "a"],
  ])("%s", (_name, a, b, winner) => {
    const [left, right] = [element("e", a), element("e", b)];
    const expected = winner === "a" ? left : right;
    expect(winningEdit(left, right)).toBe(expected);
    expect(winningEdit(right, left)).toBe(expected);
  });
});

describe("reconcileElements (a stored board and a client's elements)", () => {
  it("concurrent edits of different elements both survive", () => {
    const stored = [element("a"), element("b")];
    const alice = [element("a", { version: 2, x: 50 }), element("b")];
    const bob = [element("a"), element("b", { version: 2, y: 70 })];
    const afterAlice = reconcileElements(stored, alice);
    const afterBoth = reconcileElements(afterAlice, bob);
    expect(afterBoth).toEqual([element("a", { version: 2, x: 50 }), element("b", { version: 2, y: 70 })]);
  });

  it("keeps stored order, replaces in place, appends new elements in the order they came", () => {
    const stored = [element("a"), element("b"), element("c")];
    const incoming = [element("z"), element("b", { version: 2 }), element("y")];
    expect(reconcileElements(stored, incoming).map((each) => `${each.id}${each.version}`)).toEqual(["a1", "b2", "c1", "z1", "y1"]);
  });

  it("keeps a stored edit newer than the one a client sends", () => {
    const stored = [element("a", { version: 5, x: 5 })];
    expect(reconcileElements(stored, [element("a", { version: 4, x: 4 })])).toEqual(stored);
  });

  it("a deletion with a higher version wins and stays as a tombstone", () => {
    const merged = reconcileElements([element("a"), element("b")], [element("a", { version: 2, isDeleted: true })]);
    expect(merged).toEqual([element("a", { version: 2, isDeleted: true }), element("b")]);
    expect(visibleElements(merged)).toEqual([element("b")]);
  });

  it("an older edit arriving after a deletion does not bring the element back", () => {
    const deleted = reconcileElements([element("a", { version: 3 })], [element("a", { version: 4, isDeleted: true })]);
    expect(reconcileElements(deleted, [element("a", { version: 3, x: 99 })])).toEqual([element("a", { version: 4, isDeleted: true })]);
  });

  it("elements on one side only survive, on either side", () => {
    expect(reconcileElements([element("a")], [])).toEqual([element("a")]);
    expect(reconcileElements([], [element("a")])).toEqual([element("a")]);
  });

  it("same element, same version, different nonces: every arrival order settles on the lower nonce", () => {
    const base = [element("a", { version: 1, versionNonce: 1 })];
    const alice = element("a", { version: 2, versionNonce: 700, x: 10 });
    const bob = element("a", { version: 2, versionNonce: 300, x: 20 });
    expect(reconcileElements(reconcileElements(base, [alice]), [bob])).toEqual([bob]);
    expect(reconcileElements(reconcileElements(base, [bob]), [alice])).toEqual([bob]);
  });

  const sideA = [element("a", { version: 3 }), element("b", { version: 1, versionNonce: 5 }), element("c", { isDeleted: true, version: 2 }), element("only-a")];
  const sideB = [element("b", { version: 1, versionNonce: 2, x: 8 }), element("a", { version: 2 }), element("c", { version: 1 }), element("only-b")];

  it("the winners do not depend on which side is stored (A then B equals B then A as a set)", () => {
    const ab = reconcileElements(sideA, sideB);
    const ba = reconcileElements(sideB, sideA);
    expect(byId(ab)).toEqual(byId(ba));
    expect(byId(ab)).toEqual([element("a", { version: 3 }), element("b", { version: 1, versionNonce: 2, x: 8 }), element("c", { isDeleted: true, version: 2 }), element("only-a"), element("only-b")]);
  });

  it("is idempotent: merging the same elements again changes nothing", () => {
    const once = reconcileElements(sideA, sideB);
    expect(reconcileElements(once, sideB)).toEqual(once);
    expect(reconcileElements(once, once)).toEqual(once);
    expect(reconcileElements(sideA, sideA)).toEqual(sideA);
  });

  it("three clients' edits give the same board whatever order they arrive in", () => {
    const edits = [
      [element("a", { version: 2, versionNonce: 9 }), element("n1")],
      [element("a", { version: 2, versionNonce: 4, x: 1 }), element("b", { version: 3 })],
      [element("b", { version: 2, versionNonce: 0 }), element("n2")],
    ];
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const boards = orders.map((order) => byId(order.reduce<BoardElement[]>((board, index) => reconcileElements(board, edits[index]!), [])));
    for (const board of boards) expect(board).toEqual(boards[0]);
    expect(boards[0]).toEqual([element("a", { version: 2, versionNonce: 4, x: 1 }), element("b", { version: 3 }), element("n1"), element("n2")]);
  });

  it("does not change its inputs", () => {
    const stored = [element("a")];
    const incoming = [element("a", { version: 2 })];
    reconcileElements(stored, incoming);
    expect(stored).toEqual([element("a")]);
    expect(incoming).toEqual([element("a", { version: 2 })]);
  });
});

describe("parseBoardView (a board's background and zoom)", () => {
  it.each<[string, unknown, { background: string; zoom: number } | string]>([
    ["a six-digit colour", { background: "#FFAA00", zoom: 1 }, { background: "#ffaa00", zoom: 1 }],
    ["a three-digit colour", { background: "#fa0", zoom: 2.5 }, { background: "#fa0", zoom: 2.5 }],
    ["the smallest zoom", { background: "#000", zoom: 0.1 }, { background: "#000", zoom: 0.1 }],
    ["the largest zoom", { background: "#000", zoom: 30 }, { background: "#000", zoom: 30 }],
    ["a zoom sent by a form", { background: " #123456 ", zoom: "1.5" }, { background: "#123456", zoom: 1.5 }],
    ["not an object", "#fff", "The board settings must be an object."],
    ["nothing", null, "The board settings must be an object."],
    ["no background", { zoom: 1 }, "The background must be a colour like #fff or #ffffff."],
    ["a named colour", { background: "white", zoom: 1 }, "The background must be a colour like #fff or #ffffff."],
    ["four hex digits", { background: "#ffff", zoom: 1 }, "The background must be a colour like #fff or #ffffff."],
    ["not hex", { background: "#ggg", zoom: 1 }, "The background must be a colour like #fff or #ffffff."],
    ["CSS smuggled in", { background: "#fff;background:url(x)", zoom: 1 }, "The background must be a colour like #fff or #ffffff."],
    ["no zoom", { background: "#fff" }, "The zoom must be a number from 0.1 to 30."],
    ["too small a zoom", { background: "#fff", zoom: 0.09 }, "The zoom must be a number from 0.1 to 30."],
    ["too large a zoom", { background: "#fff", zoom: 30.01 }, "The zoom must be a number from 0.1 to 30."],
    ["a NaN zoom", { background: "#fff", zoom: Number.NaN }, "The zoom must be a number from 0.1 to 30."],
    ["an infinite zoom", { background: "#fff", zoom: Number.POSITIVE_INFINITY }, "The zoom must be a number from 0.1 to 30."],
    ["a zoom in words", { background: "#fff", zoom: "large" }, "The zoom must be a number from 0.1 to 30."],
    ["an empty zoom", { background: "#fff", zoom: "" }, "The zoom must be a number from 0.1 to 30."],
  ])("%s", (_name, value, expected) => {
    expect(parseBoardView(value)).toEqual(typeof expected === "string" ? { ok: false, error: expected } : { ok: true, view: expected });
  });
});

describe("parseBoardPointer (where someone's pointer is)", () => {
  const range = "must be a number between -10,000,000 and 10,000,000.";
  it.each<[string, unknown, { x: number; y: number; tool: string } | string]>([
    ["a pointer", { x: 12.34, y: -5, tool: "pointer" }, { x: 12.3, y: -5, tool: "pointer" }],
    ["the laser", { x: 0, y: 0, tool: "laser" }, { x: 0, y: 0, tool: "laser" }],
    ["no tool: the pointer", { x: 1, y: 2 }, { x: 1, y: 2, tool: "pointer" }],
    ["the edge of the range", { x: 10_000_000, y: -10_000_000 }, { x: 10_000_000, y: -10_000_000, tool: "pointer" }],
    ["not an object", [1, 2], "The pointer must be an object with x and y."],
    ["nothing", null, "The pointer must be an object with x and y."],
    ["no x", { y: 1 }, `The pointer's x ${range}`],
    ["x as text", { x: "1", y: 1 }, `The pointer's x ${range}`],
    ["an infinite y", { x: 1, y: Number.POSITIVE_INFINITY }, `The pointer's y ${range}`],
    ["past the range", { x: 1, y: 10_000_001 }, `The pointer's y ${range}`],
    ["another tool", { x: 1, y: 1, tool: "eraser" }, 'The pointer\'s tool must be "pointer" or "laser".'],
  ])("%s", (_name, value, expected) => {
    expect(parseBoardPointer(value)).toEqual(typeof expected === "string" ? { ok: false, error: expected } : { ok: true, pointer: expected });
  });
});
