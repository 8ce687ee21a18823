import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { saveFile, storedFileSize } from "../../app/files/storage.server";
import { demoSessionFiles, type DemoSessionFile } from "./study-session-files";

/**
 * The demo lesson clips: three short silent videos with English captions, made once by
 * scripts/make-demo-media.sh and committed in server/seed/media/ (never made at start or in CI).
 * Every demo video lesson names one of them (planCurriculum, round robin); the files go into the
 * lesson-media bucket when the demo data is loaded (`storeDemoLessonMedia`).
 */

/** The stored names of one clip's files. */
export interface DemoClip {
  webm: string;
  mp4: string;
  vtt: string;
}

const CLIP_NUMBERS = [1, 2, 3] as const;
const EXTENSIONS = ["webm", "mp4", "vtt"] as const;

/**
 * Where the committed clips are: next to the bundled server (scripts/build-server.mjs copies them
 * to <build>/seed-media), next to this file when run from source (tsx, Vitest), or under the
 * working directory for a bundle started from the repository root.
 */
function mediaFolder(): string {
  const candidates = [
    fileURLToPath(new URL("./seed-media/", import.meta.url)),
    fileURLToPath(new URL("./media/", import.meta.url)),
    path.resolve(process.cwd(), "server/seed/media"),
  ];
  const found = candidates.find((folder) => existsSync(path.join(folder, "demo-clip-1.webm")));
  if (!found) throw new Error(`The demo lesson clips are missing: looked in ${candidates.join(", ")}`);
  return found;
}

interface ClipFile {
  name: string;
  bytes: Buffer;
}

let loaded: { clips: DemoClip[]; files: ClipFile[] } | undefined;

/**
 * The clips' files, each under a name made from its content (`demo-clip-2-<hash>.mp4`): a clip
 * made again gets a new name, so a browser that kept the old file for good never shows it.
 */
function clipFiles() {
  if (loaded) return loaded;
  const folder = mediaFolder();
  const files: ClipFile[] = [];
  const clips = CLIP_NUMBERS.map((n) => {
    const names = EXTENSIONS.map((extension) => {
      const bytes = readFileSync(path.join(folder, `demo-clip-${n}.${extension}`));
      const name = `demo-clip-${n}-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.${extension}`;
      files.push({ name, bytes });
      return name;
    });
    return { webm: names[0]!, mp4: names[1]!, vtt: names[2]! };
  });
  loaded = { clips, files };
  return loaded;
}

/** The three clips by stored name, for the demo lessons' content. */
export function demoClips(): readonly DemoClip[] {
  return clipFiles().clips;
}

let sessionFiles: DemoSessionFile[] | undefined;

/** The demo live sessions' attachments' files: PDFs made by the seed and a recording (the first clip). */
export function demoStudySessionFiles(): DemoSessionFile[] {
  sessionFiles ??= demoSessionFiles(readFileSync(path.join(mediaFolder(), "demo-clip-1.mp4")));
  return sessionFiles;
}

/**
 * Stores the clips in the lesson-media bucket; a file already there (same name, same size) is left
 * as it is. The demo live sessions' files go into the study-session-files bucket alongside (the
 * counts are the lesson clips').
 */
export async function storeDemoLessonMedia(): Promise<{ stored: number; present: number }> {
  let stored = 0;
  for (const file of clipFiles().files) {
    if ((await storedFileSize("lesson-media", file.name)) === file.bytes.byteLength) continue;
    await saveFile("lesson-media", file.name, file.bytes);
    stored += 1;
  }
  for (const file of demoStudySessionFiles()) {
    if ((await storedFileSize("study-session-files", file.name)) === file.bytes.byteLength) continue;
    await saveFile("study-session-files", file.name, file.bytes);
  }
  return { stored, present: clipFiles().files.length - stored };
}
