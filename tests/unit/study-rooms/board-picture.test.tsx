import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BoardPicture, safeColour } from "~/study-rooms/board-picture";
import type { BoardElement } from "~/study-rooms/whiteboard";
import { htmlProblems } from "../../support/render-page";

const element = (type: string, extra: Partial<BoardElement> = {}): BoardElement => ({ id: `${type}-1`, type, version: 1, versionNonce: 1, x: 10, y: 20, width: 100, height: 50, ...extra });
const picture = (elements: BoardElement[], background?: string) => renderToStaticMarkup(<BoardPicture elements={elements} background={background} title="Algebra board" />);
const EMPTY = "This board is empty";

/** The viewBox of a picture as numbers: x, y, width, height. */
function viewBox(html: string): [number, number, number, number] {
  const match = /viewBox="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no viewBox in ${html}`);
  const [x = NaN, y = NaN, width = NaN, height = NaN] = match[1].split(" ").map(Number);
  return [x, y, width, height];
}

describe("the picture of a board (without JavaScript)", () => {
  it("is an image named by its title, in valid markup", async () => {
    const html = picture([element("rectangle"), element("text", { text: "x²", y: 100 })]);
    expect(html).toMatch(/^<svg role="img" aria-label="Algebra board" viewBox="[^"]+">/);
    expect(await htmlProblems(html)).toEqual([]);
  });

  it.each<[string, BoardElement, string[]]>([
    ["a rectangle", element("rectangle"), ['<rect x="10" y="20" width="100" height="50" fill="none" stroke="#1e1e1e" stroke-width="2"></rect>']],
    ["an ellipse", element("ellipse"), ['<ellipse cx="60" cy="45" rx="50" ry="25" fill="none" stroke="#1e1e1e" stroke-width="2"></ellipse>']],
    ["a diamond", element("diamond"), ['<polygon points="60,20 110,45 60,70 10,45" fill="none"']],
    [
      "a line from x,y along its points",
      element("line", {
        points: [
          [0, 0],
          [50, 25],
          [100, 0],
        ],
      }),
      ['<polyline points="10,20 60,45 110,20" fill="none" stroke="#1e1e1e" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></polyline>'],
    ],
    [
      "an arrow, with its head at the last point",
      element("arrow", {
        points: [
          [0, 0],
          [100, 0],
        ],
      }),
      ['<polyline points="10,20 110,20"', '<polyline points="91.98,11.32 110,20 91.98,28.68"'],
    ],
    [
      "a freehand stroke",
      element("freedraw", {
        points: [
          [0, 0],
          [1, 2],
          [3, 5],
        ],
      }),
      ['<polyline points="10,20 11,22 13,25" fill="none"'],
    ],
    [
      "a text, one line per line",
      element("text", { text: "First line\nSecond line", fontSize: 20 }),
      ['<text fill="#1e1e1e" font-size="20" font-family="sans-serif" text-anchor="start"><tspan x="10" y="40">First line</tspan><tspan x="10" y="65">Second line</tspan></text>'],
    ],
    ["a centred text", element("text", { text: "Mid", textAlign: "center", fontSize: 16 }), ['text-anchor="middle"><tspan x="60" y="36">Mid</tspan>']],
    ["a right-aligned text", element("text", { text: "End", textAlign: "right", fontSize: 16 }), ['text-anchor="end"><tspan x="110" y="36">End</tspan>']],
    [
      "an image, as a dashed placeholder",
      element("image", { fileId: "secret-file" }),
      ['<rect x="10" y="20" width="100" height="50" fill="none" stroke="#868e96" stroke-width="2" stroke-dasharray="8 6"></rect>', ">Image</text>"],
    ],
  ])("draws %s", (_name, drawn, fragments) => {
    const html = picture([drawn]);
    for (const fragment of fragments) expect(html).toContain(fragment);
    expect(html).not.toContain(EMPTY);
  });

  it("draws a picture placed from the room's files from the room's copy; without a room, or any other file, a placeholder", () => {
    const placed = element("image", { fileId: "attachment-12" });
    expect(renderToStaticMarkup(<BoardPicture elements={[placed]} title="Board" slug="maths-1" />)).toContain(
      '<image href="/study-rooms/maths-1/attachments/12" x="10" y="20" width="100" height="50" preserveAspectRatio="none"></image>'
    );
    expect(picture([placed])).toContain(">Image</text>");
    expect(renderToStaticMarkup(<BoardPicture elements={[element("image", { fileId: "https://elsewhere.example/x.png" })]} title="Board" slug="maths-1" />)).not.toContain("<image");
  });

  it("a closed line is filled with its background, an open one is not", () => {
    const square = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 0],
    ] as [number, number][];
    expect(picture([element("line", { points: square, backgroundColor: "#ffec99" })])).toContain('fill="#ffec99"');
    expect(picture([element("line", { points: square.slice(0, 3), backgroundColor: "#ffec99" })])).not.toContain('fill="#ffec99"');
  });

  it("an arrow whose points all coincide has no head", () => {
    const html = picture([
      element("arrow", {
        points: [
          [0, 0],
          [0, 0],
        ],
      }),
    ]);
    expect(html.match(/<polyline/g)).toHaveLength(1);
  });

  it("a line without points runs across its box", () => {
    expect(picture([element("line")])).toContain('<polyline points="10,20 110,70"');
  });

  it("a rectangle drawn leftwards and upwards (negative size) is turned around", () => {
    expect(picture([element("rectangle", { x: 110, y: 70, width: -100, height: -50 })])).toContain('<rect x="10" y="20" width="100" height="50"');
  });

  it("honours the colours, the stroke width and the rotation around the centre", () => {
    const html = picture([element("rectangle", { strokeColor: "#e03131", backgroundColor: "rgb(255, 236, 153)", strokeWidth: 4, angle: Math.PI / 2 })]);
    expect(html).toContain('<g transform="rotate(90 60 45)"><rect x="10" y="20" width="100" height="50" fill="rgb(255, 236, 153)" stroke="#e03131" stroke-width="4"></rect></g>');
  });

  it("a transparent background paints nothing; a negative stroke width draws none", () => {
    const html = picture([element("ellipse", { backgroundColor: "transparent", strokeColor: "Transparent", strokeWidth: -3 })]);
    expect(html).toContain('fill="none" stroke="none" stroke-width="0"');
  });

  it("draws elements in board order, the later on top", () => {
    const html = picture([element("ellipse"), element("rectangle")]);
    expect(html.indexOf("<ellipse")).toBeLessThan(html.indexOf('<rect x="10"'));
  });

  it.each<[string, BoardElement]>([
    ["a deleted element", element("rectangle", { isDeleted: true })],
    ["an unknown kind", element("embeddable")],
    ["a frame (not drawn)", element("frame")],
    ["an infinite x", element("rectangle", { x: Number.POSITIVE_INFINITY })],
    ["a NaN width", element("ellipse", { width: Number.NaN })],
    ["a NaN angle", element("diamond", { angle: Number.NaN })],
    ["an infinite stroke width", element("rectangle", { strokeWidth: Number.POSITIVE_INFINITY })],
    ["a NaN font size", element("text", { text: "hi", fontSize: Number.NaN })],
    [
      "a NaN point",
      element("line", {
        points: [
          [0, 0],
          [Number.NaN, 1],
        ],
      }),
    ],
    ["points that are not pairs", { ...element("freedraw"), points: [[0, 0, 0]] as unknown as [number, number][] }],
    ["a size given as text", { ...element("rectangle"), width: "100" as unknown as number }],
  ])("leaves out %s (and the board is then empty)", (_name, skipped) => {
    const html = picture([skipped]);
    expect(html).toContain(EMPTY);
    expect(viewBox(html)).toEqual([0, 0, 800, 450]);
  });

  it("leaves out only the bad element among good ones", () => {
    const html = picture([element("rectangle", { id: "bad", x: Number.NaN }), element("ellipse"), element("rectangle", { id: "gone", isDeleted: true, x: 5000 })]);
    expect(html).toContain("<ellipse");
    expect(html).not.toContain('<rect x="10"');
    expect(viewBox(html)[2]).toBeLessThan(200);
  });

  it("an empty board says so on an 800 × 450 picture", () => {
    const html = picture([]);
    expect(viewBox(html)).toEqual([0, 0, 800, 450]);
    expect(html).toContain(`>${EMPTY}</text>`);
  });

  it("text is escaped, never markup", async () => {
    const html = picture([element("text", { text: '<script>alert("x")</script>\n<b onload=x>' })]);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b ");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;b onload=x&gt;");
    expect(await htmlProblems(html)).toEqual([]);
  });

  it("the title is escaped in its attribute", () => {
    const html = renderToStaticMarkup(<BoardPicture elements={[]} title={'Board "1" <b>'} />);
    expect(html).toContain('aria-label="Board &quot;1&quot; &lt;b&gt;"');
  });

  it.each<[string, string]>([
    ["url(https://attacker.example/track)", "#1e1e1e"],
    ["red; stroke: url(#x)", "#1e1e1e"],
    ['#fff" onload="alert(1)', "#1e1e1e"],
    ["var(--secret)", "#1e1e1e"],
    ["expression(alert(1))", "#1e1e1e"],
  ])("an unsafe stroke colour %s falls back to %s", (colour, fallback) => {
    const html = picture([element("rectangle", { strokeColor: colour, backgroundColor: colour })]);
    expect(html).toContain(`fill="none" stroke="${fallback}"`);
    expect(html).not.toContain("attacker");
    expect(html).not.toContain("onload");
  });

  it("an unsafe board background falls back to white; a safe one is used", () => {
    expect(picture([], "url(https://attacker.example/)")).toContain('fill="#ffffff"');
    expect(picture([], "#f8f9fa")).toContain('width="800" height="450" fill="#f8f9fa"');
  });
});

describe("safeColour", () => {
  it.each<[unknown, string]>([
    ["#abc", "#abc"],
    ["#abcd", "#abcd"],
    ["#AABBCC", "#AABBCC"],
    ["#aabbcc80", "#aabbcc80"],
    ["rgb(1, 2, 3)", "rgb(1, 2, 3)"],
    ["rgba(1,2,3,0.5)", "rgba(1,2,3,0.5)"],
    ["rgb(10% 20% 30% / 50%)", "rgb(10% 20% 30% / 50%)"],
    ["red", "red"],
    ["  teal ", "teal"],
    ["transparent", "none"],
    ["TRANSPARENT", "none"],
    ["#abcde", "fallback"],
    ["#ggg", "fallback"],
    ["rgb(1, 2, 3) url(x)", "fallback"],
    ["rgb(calc(1), 2, 3)", "fallback"],
    ["hsl(0 0% 0%)", "fallback"],
    ["red blue", "fallback"],
    ["re", "fallback"],
    ["", "fallback"],
    [undefined, "fallback"],
    [12, "fallback"],
  ])("%j → %s", (colour, expected) => {
    expect(safeColour(colour, "fallback")).toBe(expected);
  });
});

describe("the viewBox covers every element, with room around it", () => {
  const covers = (html: string, x: number, y: number) => {
    const [left, top, width, height] = viewBox(html);
    return x >= left && x <= left + width && y >= top && y <= top + height;
  };

  it("fits the elements' extent plus 20 and half the widest stroke", () => {
    const html = picture([element("rectangle", { x: -50, y: -30, width: 20, height: 20 }), element("ellipse", { x: 300, y: 400, width: 100, height: 100, strokeWidth: 4 })]);
    expect(viewBox(html)).toEqual([-72, -52, 494, 574]);
  });

  it("follows a line's points, leftwards and upwards of its origin too", () => {
    const html = picture([
      element("line", {
        x: 0,
        y: 0,
        points: [
          [0, 0],
          [-200, -100],
          [300, 50],
        ],
      }),
    ]);
    expect(viewBox(html)).toEqual([-221, -121, 542, 192]);
  });

  it("covers the corners of a rotated element", () => {
    const angle = Math.PI / 4;
    const html = picture([element("rectangle", { x: 0, y: 0, width: 200, height: 20, angle })]);
    // Each corner turns around the centre (100, 10).
    const corners = [
      [-100, -10],
      [100, -10],
      [100, 10],
      [-100, 10],
    ].map(([dx = 0, dy = 0]) => [100 + dx * Math.cos(angle) - dy * Math.sin(angle), 10 + dx * Math.sin(angle) + dy * Math.cos(angle)] as const);
    for (const [x, y] of corners) expect(covers(html, x, y)).toBe(true);
    // Half the box's diagonal reach on each axis is (100 + 10) / √2 ≈ 77.78, plus the padding of 21.
    const [left, top, width, height] = viewBox(html);
    expect(left).toBeCloseTo(100 - 110 / Math.SQRT2 - 21, 1);
    expect(top).toBeCloseTo(10 - 110 / Math.SQRT2 - 21, 1);
    expect(width).toBeCloseTo(220 / Math.SQRT2 + 42, 1);
    expect(height).toBeCloseTo(220 / Math.SQRT2 + 42, 1);
  });

  it("makes room for a text without a measured size", () => {
    const html = picture([element("text", { x: 0, y: 0, width: 0, height: 0, text: "0123456789\nsecond", fontSize: 10 })]);
    expect(covers(html, 60, 25)).toBe(true);
  });

  // A 1 MB board can hold well over 100,000 points, more than Math.min(...points) takes as arguments.
  it("covers every point of a long freehand stroke", () => {
    const points = Array.from({ length: 200_000 }, (_, index): [number, number] => [index / 100, Math.sin(index / 1000) * 300]);
    const html = picture([element("freedraw", { x: 0, y: 0, points })]);
    expect(covers(html, 1999.99, 300)).toBe(true);
    expect(covers(html, 0, -300)).toBe(true);
  });
});
