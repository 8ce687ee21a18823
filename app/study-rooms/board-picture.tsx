import type { ReactNode } from "react";
import { attachmentIdOfFile, attachmentPath } from "~/study-rooms/board-placement";
import type { BoardElement } from "~/study-rooms/whiteboard";

/**
 * A whiteboard as a static SVG picture, rendered on the server: what the room page shows for each
 * board without JavaScript. Everything drawn comes from users, so numbers that are not finite drop
 * their element and colours outside a safe set fall back to a default: a colour such as
 * `url(https://…)` would make every viewer's browser fetch an address of the drawer's choosing.
 */

const EMPTY_VIEW = { minX: 0, minY: 0, maxX: 800, maxY: 450 };
const PADDING = 20;
const DEFAULT_STROKE = "#1e1e1e";
const DEFAULT_BACKGROUND = "#ffffff";
const PLACEHOLDER_GREY = "#868e96";
const DEFAULT_STROKE_WIDTH = 2;
const DEFAULT_FONT_SIZE = 20;
const LINE_HEIGHT = 1.25;
const ARROWHEAD_LENGTH = 20;
const ARROWHEAD_SPREAD = Math.PI / 7;

const SAFE_COLOURS = [/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, /^rgba?\([\d\s.,%/]{1,60}\)$/i, /^[a-z]{3,30}$/i];

/** A colour fit to draw with: "transparent" paints nothing; anything unsafe is the fallback. */
export function safeColour(colour: unknown, fallback: string): string {
  if (typeof colour !== "string") return fallback;
  const trimmed = colour.trim();
  if (trimmed.toLowerCase() === "transparent") return "none";
  return SAFE_COLOURS.some((pattern) => pattern.test(trimmed)) ? trimmed : fallback;
}

type Point = readonly [number, number];
interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const DRAWN_TYPES = new Set(["rectangle", "ellipse", "diamond", "line", "arrow", "freedraw", "text", "image"]);
const LINEAR_TYPES = new Set(["line", "arrow", "freedraw"]);

const finite = (value: unknown) => typeof value === "number" && Number.isFinite(value);
const finiteOrAbsent = (value: unknown) => value === undefined || finite(value);

/** Whether an element can be drawn: a known kind, not deleted, every number finite. */
function drawable(element: BoardElement): boolean {
  if (element.isDeleted || !DRAWN_TYPES.has(element.type)) return false;
  if (![element.x, element.y, element.width, element.height].every(finite)) return false;
  if (![element.angle, element.strokeWidth, element.fontSize].every(finiteOrAbsent)) return false;
  const { points } = element;
  return points === undefined || (Array.isArray(points) && points.every((point) => Array.isArray(point) && point.length === 2 && point.every(finite)));
}

/** Two decimals are plenty on a picture and keep the markup short. */
const n = (value: number) => Math.round(value * 100) / 100;
const pointList = (points: readonly Point[]) => points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");

/** The smallest box around some points (a loop: a long freehand stroke has too many points to spread into Math.min). */
function boxAround(points: readonly Point[]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of points) {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

/** A rectangle-like element's box, with a negative width or height (drawn leftwards or upwards) turned around. */
function boxOf({ x, y, width, height }: BoardElement): Box {
  return { minX: Math.min(x, x + width), minY: Math.min(y, y + height), maxX: Math.max(x, x + width), maxY: Math.max(y, y + height) };
}

const textLines = (element: BoardElement) => (typeof element.text === "string" ? element.text.split(/\r?\n/) : []);
const fontSizeOf = (element: BoardElement) => (element.fontSize && element.fontSize > 0 ? element.fontSize : DEFAULT_FONT_SIZE);

/** Where a line's, an arrow's or a stroke's points lie on the board. */
function absolutePoints(element: BoardElement): Point[] {
  const points = element.points && element.points.length > 0 ? element.points : [[0, 0] as const, [element.width, element.height] as const];
  return points.map(([px, py]) => [element.x + px, element.y + py]);
}

/** The element's extent before rotation. A text without a measured size gets an estimate from its lines. */
function unrotatedBox(element: BoardElement): Box {
  if (LINEAR_TYPES.has(element.type)) return boxAround(absolutePoints(element));
  const box = boxOf(element);
  if (element.type === "text" && (element.width === 0 || element.height === 0)) {
    const lines = textLines(element);
    const size = fontSizeOf(element);
    const longest = Math.max(0, ...lines.map((line) => line.length));
    return { ...box, maxX: Math.max(box.maxX, box.minX + longest * size * 0.6), maxY: Math.max(box.maxY, box.minY + lines.length * size * LINE_HEIGHT) };
  }
  return box;
}

const centreOf = (box: Box): Point => [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];

/** The box an element covers once rotated around its centre (as Excalidraw rotates it). */
function coveredBox(element: BoardElement): Box {
  const box = unrotatedBox(element);
  const angle = element.angle ?? 0;
  if (angle === 0) return box;
  const [cx, cy] = centreOf(box);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const corners: Point[] = [
    [box.minX, box.minY],
    [box.maxX, box.minY],
    [box.maxX, box.maxY],
    [box.minX, box.maxY],
  ];
  return boxAround(corners.map(([x, y]) => [cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos]));
}

const strokeWidthOf = (element: BoardElement) => Math.max(0, element.strokeWidth ?? DEFAULT_STROKE_WIDTH);

/** The two strokes of an arrowhead at the last point, pointing along the last segment. */
function arrowhead(points: readonly Point[]): Point[] | null {
  const tip = points[points.length - 1];
  // The last point before the tip that is somewhere else: a direction needs two distinct points.
  const from = tip && [...points].reverse().find(([x, y]) => x !== tip[0] || y !== tip[1]);
  if (!tip || !from) return null;
  const [dx, dy] = [tip[0] - from[0], tip[1] - from[1]];
  const length = Math.hypot(dx, dy);
  const size = Math.min(ARROWHEAD_LENGTH, length);
  const direction = Math.atan2(dy, dx);
  const wing = (spread: number): Point => [tip[0] - size * Math.cos(direction + spread), tip[1] - size * Math.sin(direction + spread)];
  return [wing(ARROWHEAD_SPREAD), tip, wing(-ARROWHEAD_SPREAD)];
}

function Shape({ element, slug }: { element: BoardElement; slug: string | null }): ReactNode {
  const stroke = safeColour(element.strokeColor, DEFAULT_STROKE);
  const fill = safeColour(element.backgroundColor, "none");
  const strokeWidth = n(strokeWidthOf(element));
  const box = unrotatedBox(element);
  const [cx, cy] = centreOf(box);
  const [width, height] = [box.maxX - box.minX, box.maxY - box.minY];
  switch (element.type) {
    case "rectangle":
      return <rect x={n(box.minX)} y={n(box.minY)} width={n(width)} height={n(height)} fill={fill} stroke={stroke} strokeWidth={strokeWidth} />;
    case "ellipse":
      return <ellipse cx={n(cx)} cy={n(cy)} rx={n(width / 2)} ry={n(height / 2)} fill={fill} stroke={stroke} strokeWidth={strokeWidth} />;
    case "diamond":
      return (
        <polygon
          points={pointList([
            [cx, box.minY],
            [box.maxX, cy],
            [cx, box.maxY],
            [box.minX, cy],
          ])}
          fill={fill}
          stroke={stroke}
          strokeWidth={strokeWidth}
        />
      );
    case "line":
    case "arrow":
    case "freedraw": {
      const points = absolutePoints(element);
      const first = points[0];
      const last = points[points.length - 1];
      // Excalidraw fills a line only when it is closed (its last point back on its first).
      const closed = element.type === "line" && points.length > 2 && first && last && first[0] === last[0] && first[1] === last[1];
      const head = element.type === "arrow" ? arrowhead(points) : null;
      return (
        <>
          <polyline points={pointList(points)} fill={closed ? fill : "none"} stroke={stroke} strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
          {head ? <polyline points={pointList(head)} fill="none" stroke={stroke} strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" /> : null}
        </>
      );
    }
    case "text": {
      const size = fontSizeOf(element);
      const align = element.textAlign === "center" ? "middle" : element.textAlign === "right" ? "end" : "start";
      const anchorX = align === "middle" ? cx : align === "end" ? box.maxX : box.minX;
      return (
        <text fill={stroke} fontSize={n(size)} fontFamily="sans-serif" textAnchor={align}>
          {textLines(element).map((line, index) => (
            <tspan key={index} x={n(anchorX)} y={n(box.minY + size * (1 + index * LINE_HEIGHT))}>
              {line}
            </tspan>
          ))}
        </text>
      );
    }
    case "image": {
      // A picture placed from the room's files is drawn from the room's own copy; any other is a frame.
      const attachmentId = slug ? attachmentIdOfFile(element.fileId) : null;
      if (slug && attachmentId !== null) return <image href={attachmentPath(slug, attachmentId)} x={n(box.minX)} y={n(box.minY)} width={n(width)} height={n(height)} preserveAspectRatio="none" />;
      return (
        <>
          <rect x={n(box.minX)} y={n(box.minY)} width={n(width)} height={n(height)} fill="none" stroke={PLACEHOLDER_GREY} strokeWidth={2} strokeDasharray="8 6" />
          <text x={n(cx)} y={n(cy)} fill={PLACEHOLDER_GREY} fontSize={16} fontFamily="sans-serif" textAnchor="middle" dominantBaseline="middle">
            Image
          </text>
        </>
      );
    }
    default:
      return null;
  }
}

/** The board's extent with room around it, so strokes on the edge are not cut. */
function viewOf(elements: readonly BoardElement[]): Box {
  const box = boxAround(
    elements.flatMap((element) => {
      const covered = coveredBox(element);
      return [
        [covered.minX, covered.minY],
        [covered.maxX, covered.maxY],
      ] as const;
    })
  );
  const margin = PADDING + elements.reduce((widest, element) => Math.max(widest, strokeWidthOf(element)), 0) / 2;
  return { minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin };
}

/**
 * A picture of a board's elements (Excalidraw's, see app/study-rooms/whiteboard.ts): deleted,
 * unknown and malformed ones are left out; an empty board says so.
 */
export function BoardPicture({
  elements,
  background,
  title,
  className,
  slug = null,
}: {
  elements: readonly BoardElement[];
  /** The board's background colour. */ background?: string;
  /** What the picture shows, for screen readers. */ title: string;
  className?: string;
  /** The room whose files the board's pictures are; null draws every picture as a frame. */
  slug?: string | null;
}) {
  const drawn = elements.filter(drawable);
  const view = drawn.length > 0 ? viewOf(drawn) : EMPTY_VIEW;
  const [width, height] = [view.maxX - view.minX, view.maxY - view.minY];
  return (
    <svg role="img" aria-label={title} className={className} viewBox={`${n(view.minX)} ${n(view.minY)} ${n(width)} ${n(height)}`}>
      <rect x={n(view.minX)} y={n(view.minY)} width={n(width)} height={n(height)} fill={safeColour(background, DEFAULT_BACKGROUND)} />
      {drawn.length === 0 ? (
        <text x={n(width / 2)} y={n(height / 2)} fill={PLACEHOLDER_GREY} fontSize={24} fontFamily="sans-serif" textAnchor="middle" dominantBaseline="middle">
          This board is empty
        </text>
      ) : (
        drawn.map((element, index) => {
          const angle = element.angle ?? 0;
          const [cx, cy] = centreOf(unrotatedBox(element));
          return (
            <g key={`${element.id}:${index}`} transform={angle === 0 ? undefined : `rotate(${n((angle * 180) / Math.PI)} ${n(cx)} ${n(cy)})`}>
              <Shape element={element} slug={slug} />
            </g>
          );
        })
      )}
    </svg>
  );
}
