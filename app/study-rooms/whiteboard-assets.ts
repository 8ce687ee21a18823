/**
 * Where the whiteboard's fonts are served from (the app itself: the site's CSP allows no other
 * font host). The path names the installed Excalidraw version, so a new version's fonts never
 * meet a year-old cached file; tests/unit/study-rooms/whiteboard-assets.test.ts keeps it true.
 */
export const EXCALIDRAW_VERSION = "0.18.1";
export const WHITEBOARD_ASSET_PATH = `/whiteboard-assets/${EXCALIDRAW_VERSION}/`;
