/**
 * A study room's whiteboards, pure: the Excalidraw elements clients send are checked here before
 * they are stored or passed on, and merged with Excalidraw's own collaboration rule so that two
 * people drawing at once both keep their work and every client settles on the same board.
 */

export const MAX_BOARD_ELEMENTS = 5_000;
export const MAX_BOARD_BYTES = 1_000_000;
export const MAX_ELEMENT_ID_LENGTH = 64;
export const MAX_ELEMENT_TYPE_LENGTH = 64;
export const MAX_ELEMENT_TEXT_LENGTH = 10_000;
/** Colours are free text in Excalidraw; the picture of a board checks them again before drawing. */
export const MAX_COLOUR_LENGTH = 64;
export const MIN_BOARD_ZOOM = 0.1;
export const MAX_BOARD_ZOOM = 30;

/**
 * The part of an Excalidraw element the room reads. Elements carry more (groupIds, roughness,
 * boundElements...): those are kept as they came, so clients get back exactly what they drew.
 */
export interface BoardElement {
  id: string;
  type: string;
  /** Raised by the client on every edit of this element. */
  version: number;
  /** Random per edit: breaks ties between two edits of the same version. */
  versionNonce: number;
  /** A deleted element stays, as a tombstone, so the deletion reaches every client. */
  isDeleted?: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Radians, clockwise, around the element's centre. */
  angle?: number;
  strokeColor?: string;
  backgroundColor?: string;
  strokeWidth?: number;
  /** Line, arrow and freedraw points, relative to x and y. */
  points?: [number, number][];
  text?: string;
  fontSize?: number;
  textAlign?: string;
  [extra: string]: unknown;
}

export interface BoardView {
  /** A CSS hex colour, #rgb or #rrggbb. */
  background: string;
  zoom: number;
}

export const DEFAULT_BOARD_VIEW: BoardView = { background: "#ffffff", zoom: 1 };

export type Parsed<T> = ({ ok: true } & T) | { ok: false; error: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

const REQUIRED_NUMBERS = ["x", "y", "width", "height"] as const;
const OPTIONAL_NUMBERS = ["angle", "strokeWidth", "fontSize"] as const;
const OPTIONAL_COLOURS = ["strokeColor", "backgroundColor"] as const;

/** Why one element cannot be stored, or null. */
function elementProblem(value: unknown): string | null {
  if (!isRecord(value)) return "it must be an object";
  const { id, type, version, versionNonce, isDeleted, points, text, textAlign } = value;
  if (typeof id !== "string" || id.length === 0 || id.length > MAX_ELEMENT_ID_LENGTH) return `id must be text of 1 to ${MAX_ELEMENT_ID_LENGTH} characters`;
  if (typeof type !== "string" || type.length === 0 || type.length > MAX_ELEMENT_TYPE_LENGTH) return `type must be text of 1 to ${MAX_ELEMENT_TYPE_LENGTH} characters`;
  if (typeof version !== "number" || !Number.isSafeInteger(version) || version < 1) return "version must be a whole number of at least 1";
  if (typeof versionNonce !== "number" || !Number.isSafeInteger(versionNonce)) return "versionNonce must be a whole number";
  if (isDeleted !== undefined && typeof isDeleted !== "boolean") return "isDeleted must be true or false";
  for (const key of REQUIRED_NUMBERS) if (!isFiniteNumber(value[key])) return `${key} must be a finite number`;
  for (const key of OPTIONAL_NUMBERS) if (value[key] !== undefined && !isFiniteNumber(value[key])) return `${key} must be a finite number`;
  for (const key of OPTIONAL_COLOURS) {
    const colour = value[key];
    if (colour !== undefined && (typeof colour !== "string" || colour.length > MAX_COLOUR_LENGTH)) return `${key} must be text of at most ${MAX_COLOUR_LENGTH} characters`;
  }
  if (points !== undefined && !(Array.isArray(points) && points.every((point) => Array.isArray(point) && point.length === 2 && point.every(isFiniteNumber)))) return "points must be pairs of finite numbers";
  if (text !== undefined && (typeof text !== "string" || text.length > MAX_ELEMENT_TEXT_LENGTH)) return `text must be text of at most ${MAX_ELEMENT_TEXT_LENGTH.toLocaleString("en-US")} characters`;
  if (textAlign !== undefined && typeof textAlign !== "string") return "textAlign must be text";
  return null;
}

/** The size of a value sent as JSON, in UTF-8 bytes, or null if it cannot be sent as JSON at all. */
function jsonBytes(value: unknown): number | null {
  try {
    const json = JSON.stringify(value);
    return typeof json === "string" ? new TextEncoder().encode(json).length : null;
  } catch {
    return null;
  }
}

/**
 * A client's elements, checked: an array of at most MAX_BOARD_ELEMENTS elements with distinct ids,
 * at most MAX_BOARD_BYTES as JSON. Elements come back as shallow copies with their extra fields.
 */
export function parseElements(value: unknown): Parsed<{ elements: BoardElement[] }> {
  if (!Array.isArray(value)) return { ok: false, error: "The board's elements must be a list." };
  if (value.length > MAX_BOARD_ELEMENTS) return { ok: false, error: `A board holds at most ${MAX_BOARD_ELEMENTS.toLocaleString("en-US")} elements.` };
  // Measured before the elements are walked, so an oversized message costs no more work.
  const bytes = jsonBytes(value);
  if (bytes === null) return { ok: false, error: "The board's elements must be plain JSON." };
  if (bytes > MAX_BOARD_BYTES) return { ok: false, error: "The board is too large to save (over 1 MB)." };
  const seen = new Set<string>();
  const elements: BoardElement[] = [];
  for (const [index, item] of value.entries()) {
    const problem = elementProblem(item);
    if (problem) return { ok: false, error: `Element ${index + 1}: ${problem}.` };
    const element = { ...(item as BoardElement) };
    if (seen.has(element.id)) return { ok: false, error: `Element ${index + 1}: id "${element.id}" is already used by another element.` };
    seen.add(element.id);
    if (element.points) element.points = element.points.map(([px, py]): [number, number] => [px, py]);
    elements.push(element);
  }
  return { ok: true, elements };
}

/** Text order of two elements' JSON: the last tie-break, so that even identical version and nonce pick the same winner everywhere. */
const serializedOrder = (a: BoardElement, b: BoardElement) => {
  const [left, right] = [JSON.stringify(a), JSON.stringify(b)];
  return left < right ? -1 : left > right ? 1 : 0;
};

/**
 * Which of two edits of one element every client keeps (Excalidraw's rule): the higher version;
 * on the same version the lower versionNonce. The choice does not depend on which came first.
 */
export function winningEdit(a: BoardElement, b: BoardElement): BoardElement {
  if (a.version !== b.version) return a.version > b.version ? a : b;
  if (a.versionNonce !== b.versionNonce) return a.versionNonce < b.versionNonce ? a : b;
  return serializedOrder(a, b) <= 0 ? a : b;
}

/**
 * A stored board merged with a client's elements: per id the winning edit; elements on one side
 * only are kept (deleted ones too, as tombstones). Stored order first, then new elements in the
 * order they arrived, so a board's stacking only changes when someone draws.
 */
export function reconcileElements(stored: readonly BoardElement[], incoming: readonly BoardElement[]): BoardElement[] {
  const merged = new Map<string, BoardElement>();
  for (const element of [...stored, ...incoming]) {
    const current = merged.get(element.id);
    merged.set(element.id, current ? winningEdit(current, element) : element);
  }
  // A Map iterates in first-insertion order, which is the order described above.
  return [...merged.values()];
}

/** The elements a board shows: tombstones left out. */
export function visibleElements(elements: readonly BoardElement[]): BoardElement[] {
  return elements.filter((element) => !element.isDeleted);
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A board's background and zoom from a client, checked; the colour comes back in lower case. */
export function parseBoardView(value: unknown): Parsed<{ view: BoardView }> {
  if (!isRecord(value)) return { ok: false, error: "The board settings must be an object." };
  const { background, zoom } = value;
  if (typeof background !== "string" || !HEX_COLOUR.test(background.trim())) return { ok: false, error: "The background must be a colour like #fff or #ffffff." };
  // Forms send numbers as text.
  const zoomNumber = typeof zoom === "string" && /^\s*\d+(?:\.\d+)?\s*$/.test(zoom) ? Number(zoom) : zoom;
  if (!isFiniteNumber(zoomNumber) || zoomNumber < MIN_BOARD_ZOOM || zoomNumber > MAX_BOARD_ZOOM) return { ok: false, error: `The zoom must be a number from ${MIN_BOARD_ZOOM} to ${MAX_BOARD_ZOOM}.` };
  return { ok: true, view: { background: background.trim().toLowerCase(), zoom: zoomNumber } };
}

/** Where one person's pointer is on a board, in the board's coordinates, and whether it is Excalidraw's laser. */
export interface BoardPointer {
  x: number;
  y: number;
  tool: "pointer" | "laser";
}

/** Far beyond any board anyone draws; keeps a pointer a number every client can place. */
const MAX_POINTER_COORDINATE = 10_000_000;

/** A client's pointer position, checked. */
export function parseBoardPointer(value: unknown): Parsed<{ pointer: BoardPointer }> {
  if (!isRecord(value)) return { ok: false, error: "The pointer must be an object with x and y." };
  const { x, y, tool = "pointer" } = value;
  for (const [name, coordinate] of [["x", x], ["y", y]] as const) {
    if (!isFiniteNumber(coordinate) || Math.abs(coordinate) > MAX_POINTER_COORDINATE) return { ok: false, error: `The pointer's ${name} must be a number between -10,000,000 and 10,000,000.` };
  }
  if (tool !== "pointer" && tool !== "laser") return { ok: false, error: 'The pointer\'s tool must be "pointer" or "laser".' };
  return { ok: true, pointer: { x: Math.round((x as number) * 10) / 10, y: Math.round((y as number) * 10) / 10, tool } };
}
