import { createRequire } from "node:module";
import path from "node:path";
import express from "express";
import { WHITEBOARD_ASSET_PATH } from "../app/study-rooms/whiteboard-assets";

/**
 * Excalidraw's fonts, served from the installed package at WHITEBOARD_ASSET_PATH/fonts. They are
 * 14 MB (most of it CJK subsets fetched only for text that needs them), so they stay in the
 * package rather than being copied into every build; the versioned path lets them be cached for a
 * year.
 */
export function whiteboardFonts(): [string, express.RequestHandler] {
  const entry = createRequire(import.meta.url).resolve("@excalidraw/excalidraw");
  const fonts = path.join(path.dirname(entry), "fonts");
  return [`${WHITEBOARD_ASSET_PATH}fonts`, express.static(fonts, { immutable: true, maxAge: "1y", index: false, fallthrough: false })];
}
