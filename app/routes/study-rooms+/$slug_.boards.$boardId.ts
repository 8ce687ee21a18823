import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { ApiError, tooManyRequestsError } from "~/api/errors";
import { apiResponse, handleApi, methodNotAllowed, readJsonBody } from "~/api/handler.server";
import { hitRateLimit } from "~/security/rate-limit.server";
import { findWhiteboard, passPointer, pointerRateLimit, saveBoardEdits, saveBoardView } from "~/study-rooms/boards.server";
import { memberRoomForApi } from "~/study-rooms/room-api.server";
import { parseBoardPointer, parseBoardView, parseElements } from "~/study-rooms/whiteboard";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/study-rooms+/$slug_.boards.$boardId";

const body = z
  .object({
    client_id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "client_id must be a short id"),
    elements: z.array(z.unknown()).min(1).max(5_000).optional(),
    view: z.unknown().optional(),
    pointer: z.unknown().optional(),
  })
  .refine((sent) => [sent.elements, sent.view, sent.pointer].filter((part) => part !== undefined).length === 1, { message: "Send one of elements, view or pointer.", path: ["elements"] });

/**
 * POST /study-rooms/{slug}/boards/{id} (JSON), one of:
 * - `{ client_id, elements }`: a member's edits, as Excalidraw elements. They are merged into the
 *   stored board and passed on to the room; the answer is the board's new revision.
 * - `{ client_id, view: { background, zoom } }`: the board's background colour and zoom, saved
 *   and passed on to the room.
 * - `{ client_id, pointer: { x, y, tool? } }`: where the member's pointer is, passed on to the
 *   room (202), not saved.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return handleApi(async () => {
    const found = await memberRoomForApi(session, params.slug);
    const boardId = parseRecordId(params.boardId);
    if (boardId === null) throw new ApiError(404, "not_found", "There is no such board.");
    const sent = await readJsonBody(request, body);
    if (sent.pointer !== undefined) {
      const pointer = parseBoardPointer(sent.pointer);
      if (!pointer.ok) throw new ApiError(422, "invalid_attribute", pointer.error, { source: { pointer: "/pointer" } });
      const limit = await hitRateLimit(pointerRateLimit, String(session.user.id));
      if (!limit.allowed) throw tooManyRequestsError(limit.retryAfterSeconds);
      const passed = await passPointer({ room: found.room, boardId, userId: session.user.id, clientId: sent.client_id, pointer: pointer.pointer });
      if (passed.kind === "refused") throw new ApiError(passed.status, "not_found", passed.message);
      return apiResponse({ data: null }, { status: 202 });
    }
    if (sent.view !== undefined) {
      const view = parseBoardView(sent.view);
      if (!view.ok) throw new ApiError(422, "invalid_attribute", view.error, { source: { pointer: "/view" } });
      const saved = await saveBoardView({ room: found.room, boardId, userId: session.user.id, clientId: sent.client_id, view: view.view });
      if (saved.kind === "refused") throw new ApiError(saved.status, "not_found", saved.message);
      return apiResponse({ data: null });
    }
    const parsed = parseElements(sent.elements);
    if (!parsed.ok) throw new ApiError(422, "invalid_elements", parsed.error);
    const saved = await saveBoardEdits({ room: found.room, boardId, userId: session.user.id, clientId: sent.client_id, elements: parsed.elements });
    if (saved.kind === "refused") throw new ApiError(saved.status, saved.status === 404 ? "not_found" : "board_full", saved.message);
    return apiResponse({ data: null, meta: { revision: saved.revision } });
  });
}

/** GET: the board as stored (SPEC §4 whiteboard fetch), for a member: its elements, background and revision. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  return handleApi(async () => {
    const found = await memberRoomForApi(session, params.slug);
    const boardId = parseRecordId(params.boardId);
    if (boardId === null) throw new ApiError(404, "not_found", "There is no such board.");
    const board = await findWhiteboard(found.room.id, boardId);
    if (!board) throw new ApiError(404, "not_found", "There is no such board.");
    const { id, ...attributes } = board;
    return apiResponse({ data: { type: "study_room_whiteboards", id: String(id), attributes: { ...attributes, updated_at: attributes.updated_at.toISOString() }, relationships: {} } });
  });
}
