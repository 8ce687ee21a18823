/**
 * A lesson's video and captions: which stored files its content names and the addresses they are
 * served at. Pure, shared by the server (which file a URL may fetch) and the page (the player).
 *
 * A lesson's content names files of the "lesson-media" bucket (app/files/storage.server.ts):
 *   { "video_files": { "webm": "….webm", "mp4": "….mp4" }, "captions_file": "….vtt" }
 * served by /online-course-activities/{activityId}/media/{file} with the lesson's own access rule.
 * Older content gives addresses instead, `video_url` (and `captions_url`); the player still takes them.
 */

export const LESSON_MEDIA_TYPES = {
  webm: "video/webm",
  mp4: "video/mp4",
  vtt: "text/vtt; charset=utf-8",
} as const;

export type LessonMediaExtension = keyof typeof LESSON_MEDIA_TYPES;

/** Sources in the order a browser should try them: WebM first (smaller, and every Chromium plays it), then MP4. */
const VIDEO_FORMATS = ["webm", "mp4"] as const satisfies readonly LessonMediaExtension[];

function extensionOf(name: string): LessonMediaExtension | null {
  const extension = /\.([a-z0-9]+)$/.exec(name.toLowerCase())?.[1];
  return extension !== undefined && Object.hasOwn(LESSON_MEDIA_TYPES, extension) ? (extension as LessonMediaExtension) : null;
}

/** The Content-Type a lesson file is served with, or null for a name that is no lesson media. */
export function lessonMediaType(name: string): string | null {
  const extension = extensionOf(name);
  return extension ? LESSON_MEDIA_TYPES[extension] : null;
}

/** Where a lesson's stored file is served; `download` asks for it as an attachment (the "Download the video" link). */
export function lessonMediaPath(activityId: number, file: string, options: { download?: boolean } = {}): string {
  return `/online-course-activities/${activityId}/media/${encodeURIComponent(file)}${options.download ? "?download=1" : ""}`;
}

/** The name a downloaded file is saved under: the lesson's title in plain letters, with the file's own extension. */
export function lessonDownloadName(lessonTitle: string, file: string): string {
  const base = lessonTitle.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80).replace(/-+$/, "");
  const extension = extensionOf(file.split(/[?#]/)[0]!);
  return `${base || "lesson"}${extension ? `.${extension}` : ""}`;
}

function stringField(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function videoFiles(content: Record<string, unknown>): Partial<Record<(typeof VIDEO_FORMATS)[number], string>> {
  const files = content.video_files;
  if (!files || typeof files !== "object" || Array.isArray(files)) return {};
  const found: Partial<Record<(typeof VIDEO_FORMATS)[number], string>> = {};
  for (const format of VIDEO_FORMATS) {
    const name = stringField((files as Record<string, unknown>)[format]);
    if (name && extensionOf(name) === format) found[format] = name;
  }
  return found;
}

/** Every stored file the lesson's content names: the only files its media address serves. */
export function lessonMediaFiles(content: Record<string, unknown> | null | undefined): string[] {
  if (!content) return [];
  const captions = stringField(content.captions_file);
  return [...Object.values(videoFiles(content)), ...(captions && extensionOf(captions) === "vtt" ? [captions] : [])];
}

export interface LessonVideo {
  /** `<source>` elements, in the order to try them. */
  sources: { src: string; type: string | undefined }[];
  /** The "Download the video" link: MP4 (which plays on every phone) when there is one. */
  downloadHref: string;
  /** The name the download is saved under. */
  downloadName: string;
  /** The English captions track, when the lesson has one. */
  captionsSrc: string | null;
}

/** The player of a lesson, or null when its content has no video. */
export function lessonVideo(lesson: { id: number; title: string }, content: Record<string, unknown> | null | undefined): LessonVideo | null {
  if (!content) return null;
  const activityId = lesson.id;
  const files = videoFiles(content);
  const stored = VIDEO_FORMATS.filter((format) => files[format] !== undefined);
  if (stored.length > 0) {
    const captions = stringField(content.captions_file);
    const download = files.mp4 ?? files[stored[0]!]!;
    return {
      sources: stored.map((format) => ({ src: lessonMediaPath(activityId, files[format]!), type: LESSON_MEDIA_TYPES[format] })),
      downloadHref: lessonMediaPath(activityId, download, { download: true }),
      downloadName: lessonDownloadName(lesson.title, download),
      captionsSrc: captions && extensionOf(captions) === "vtt" ? lessonMediaPath(activityId, captions) : null,
    };
  }
  // Content written before lessons named stored files: an address as it was given.
  const url = stringField(content.video_url);
  if (!url) return null;
  const extension = extensionOf(url.split(/[?#]/)[0]!);
  return {
    sources: [{ src: url, type: extension && extension !== "vtt" ? LESSON_MEDIA_TYPES[extension] : undefined }],
    downloadHref: url,
    downloadName: lessonDownloadName(lesson.title, url),
    captionsSrc: stringField(content.captions_url),
  };
}
