import type { BoardElement } from "~/study-rooms/whiteboard";

/**
 * The demo room's sample board (SPEC §2 /study-rooms/demo): a worked derivative, drawn as a tutor
 * would, so a visitor sees what a board looks like before making a room. New rooms' first boards
 * start empty; the demo data seeds this board into a sample room too.
 */
type Drawn = Pick<BoardElement, "type" | "x" | "y" | "width" | "height"> & Partial<Pick<BoardElement, "text" | "fontSize" | "strokeColor" | "backgroundColor" | "strokeWidth" | "points">>;
const element = (id: string, fields: Drawn): BoardElement => ({ id, version: 1, versionNonce: 1, ...fields });

export const DEMO_BOARD_ELEMENTS: readonly BoardElement[] = [
  element("title", { type: "text", x: 40, y: 30, width: 520, height: 36, text: "Derivative of f(x) = x² · sin x", fontSize: 28, strokeColor: "#1e1e1e" }),
  element("rule", { type: "rectangle", x: 30, y: 90, width: 470, height: 70, strokeColor: "#1971c2", backgroundColor: "#a5d8ff", strokeWidth: 2 }),
  element("rule-text", { type: "text", x: 50, y: 110, width: 430, height: 30, text: "Product rule: (uv)′ = u′v + uv′", fontSize: 22, strokeColor: "#1e1e1e" }),
  element("step-1", { type: "text", x: 40, y: 200, width: 420, height: 30, text: "u = x²   →   u′ = 2x", fontSize: 22, strokeColor: "#1e1e1e" }),
  element("step-2", { type: "text", x: 40, y: 245, width: 420, height: 30, text: "v = sin x   →   v′ = cos x", fontSize: 22, strokeColor: "#1e1e1e" }),
  element("arrow", { type: "arrow", x: 470, y: 260, width: 120, height: 60, points: [[0, 0], [120, 60]], strokeColor: "#e03131", strokeWidth: 2 }),
  element("answer", { type: "ellipse", x: 560, y: 290, width: 330, height: 90, strokeColor: "#2f9e44", backgroundColor: "#b2f2bb", strokeWidth: 2 }),
  element("answer-text", { type: "text", x: 595, y: 320, width: 270, height: 30, text: "f′(x) = 2x sin x + x² cos x", fontSize: 20, strokeColor: "#1e1e1e" }),
  // A stroke drawn with a mouse has no pen pressures: the board simulates them.
  {
    ...element("underline", { type: "freedraw", x: 40, y: 300, width: 380, height: 12, points: [[0, 6], [60, 2], [120, 8], [180, 3], [240, 9], [300, 4], [380, 7]], strokeColor: "#f08c00", strokeWidth: 3 }),
    pressures: [],
    simulatePressure: true,
  },
];
