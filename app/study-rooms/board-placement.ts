import type { BoardElement } from "~/study-rooms/whiteboard";

/**
 * A room's attached file placed on one of its boards, pure. A picture becomes an Excalidraw image
 * element whose file is the attachment itself (every member's browser fetches it from the room),
 * so the board stores only where the picture sits, never its bytes. A PDF, which a board cannot
 * draw, becomes a line of text linking to the file.
 */

const FILE_ID = /^attachment-([1-9]\d{0,9})$/;

/**
 * Who placed a file on a board, as the board's pushes name the sender (the client id): no browser
 * tab takes it for its own echo, and the person who placed it sees their board turn to it.
 */
export const PLACED_FROM_FILES = "room-files";

/** The Excalidraw file id of an attachment's picture. */
export const attachmentFileId = (attachmentId: number) => `attachment-${attachmentId}`;

/** The attachment a picture on a board shows, or null for any other file id. */
export function attachmentIdOfFile(fileId: unknown): number | null {
  const match = typeof fileId === "string" ? FILE_ID.exec(fileId) : null;
  const id = match ? Number(match[1]) : null;
  return id !== null && id <= 2_147_483_647 ? id : null;
}

export const attachmentPath = (slug: string, attachmentId: number) => `/study-rooms/${slug}/attachments/${attachmentId}`;

/** A placed picture fits in this box at first; anyone can resize it on the board. */
export const PLACED_PICTURE_BOX = { width: 480, height: 360 };
/** Space between what is on the board and what is placed beside it. */
export const PLACEMENT_GAP = 40;
const PDF_FONT_SIZE = 20;
const LINK_BLUE = "#1971c2";

export type PlacedAttachment = { id: number; name: string } & ({ kind: "picture"; width: number; height: number } | { kind: "pdf" });

/** A picture's size on the board: its own when it fits, else scaled down to fit, never below one unit. */
export function placedPictureSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return PLACED_PICTURE_BOX;
  const scale = Math.min(1, PLACED_PICTURE_BOX.width / width, PLACED_PICTURE_BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Where a new element goes: to the right of everything on the board, level with its top; the origin on an empty board. */
export function placementBeside(elements: readonly BoardElement[]): { x: number; y: number } {
  let [minY, maxX] = [Infinity, -Infinity];
  for (const element of elements) {
    if (element.isDeleted) continue;
    const xs = element.points?.length ? element.points.map(([px]) => element.x + px) : [element.x, element.x + element.width];
    const ys = element.points?.length ? element.points.map(([, py]) => element.y + py) : [element.y, element.y + element.height];
    maxX = Math.max(maxX, ...xs);
    minY = Math.min(minY, ...ys);
  }
  if (!Number.isFinite(maxX) || !Number.isFinite(minY)) return { x: 0, y: 0 };
  return { x: Math.round(maxX + PLACEMENT_GAP), y: Math.round(minY) };
}

/** The fields every Excalidraw element carries, as a new, untouched element has them. */
function baseElement(input: { id: string; x: number; y: number; width: number; height: number; seed: number; versionNonce: number; now: number }) {
  return {
    id: input.id,
    x: input.x,
    y: input.y,
    width: input.width,
    height: input.height,
    angle: 0,
    fillStyle: "solid",
    strokeWidth: 1,
    strokeStyle: "solid",
    roughness: 0,
    opacity: 100,
    groupIds: [],
    frameId: null,
    roundness: null,
    seed: input.seed,
    version: 1,
    versionNonce: input.versionNonce,
    isDeleted: false,
    boundElements: null,
    updated: input.now,
    locked: false,
  };
}

/**
 * The element that puts an attachment on a board beside what is already there. `id`, `seed` and
 * `versionNonce` are the caller's random values; `now` is a time in milliseconds.
 */
export function placedAttachmentElement(input: {
  attachment: PlacedAttachment;
  slug: string;
  elements: readonly BoardElement[];
  id: string;
  seed: number;
  versionNonce: number;
  now: number;
}): BoardElement {
  const { attachment } = input;
  const at = placementBeside(input.elements);
  const random = { id: input.id, seed: input.seed, versionNonce: input.versionNonce, now: input.now };
  if (attachment.kind === "picture") {
    const size = placedPictureSize(attachment.width, attachment.height);
    return {
      ...baseElement({ ...random, ...at, ...size }),
      type: "image",
      strokeColor: "transparent",
      backgroundColor: "transparent",
      link: null,
      status: "saved",
      fileId: attachmentFileId(attachment.id),
      scale: [1, 1],
      crop: null,
      customData: { attachmentName: attachment.name },
    };
  }
  const text = `PDF: ${attachment.name}`;
  return {
    ...baseElement({ ...random, ...at, width: Math.round(text.length * PDF_FONT_SIZE * 0.6), height: Math.round(PDF_FONT_SIZE * 1.25) }),
    type: "text",
    strokeColor: LINK_BLUE,
    backgroundColor: "transparent",
    link: attachmentPath(input.slug, attachment.id),
    text,
    originalText: text,
    fontSize: PDF_FONT_SIZE,
    fontFamily: 5,
    textAlign: "left",
    verticalAlign: "top",
    containerId: null,
    autoResize: true,
    lineHeight: 1.25,
  };
}
