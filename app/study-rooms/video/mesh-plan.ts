/**
 * The room's video rules, pure: who connects to whom on the built-in peer-to-peer mesh, how good
 * the picture may be for how many people, who is speaking, and what to tell someone whose camera
 * or microphone would not start. Shared by the mesh and the LiveKit client (the one VideoSession
 * shape the room page drives) and by the server (the signals' shape).
 */

/** The mesh carries up to this many people: each sends their picture to every other, so a fifth would mean four uploads each. */
export const MESH_LIMIT = 4;

export interface IceCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}

/**
 * What one tab tells another to set up their connection. Descriptions are sent once their ICE
 * candidates are gathered (or a short wait has passed), so a pair needs one offer and one answer;
 * a candidate found later travels on its own.
 */
export type MeshSignal =
  | { type: "hello"; reply?: boolean }
  | { type: "offer"; sdp: string }
  | { type: "answer"; sdp: string }
  | { type: "candidate"; candidate: IceCandidate }
  | { type: "bye"; reason?: "left" | "full" };

/** Where a relayed signal sits in the recipient's DISPATCH_ACTION payload. */
export const SIGNAL_PUSH_KEY = "study_room_signal";

/** A signal as the recipient hears it on their user channel. */
export interface SignalPush {
  room: string;
  from: number;
  from_client: string;
  /** The tab it is meant for; null for a hello to every tab of that person. */
  to_client: string | null;
  signal: MeshSignal;
}

const SIGNAL_TYPES = new Set(["hello", "offer", "answer", "candidate", "bye"]);

/** The push's signal when it is for this room and this tab (the server checked its shape; this tab checks where it goes). */
export function signalFor(payload: unknown, room: string, clientId: string): SignalPush | null {
  const push = (payload as Record<string, unknown> | null)?.[SIGNAL_PUSH_KEY] as Partial<SignalPush> | undefined;
  if (!push || typeof push !== "object" || push.room !== room || typeof push.from !== "number" || typeof push.from_client !== "string") return null;
  if (push.to_client !== null && push.to_client !== undefined && push.to_client !== clientId) return null;
  if (!push.signal || !SIGNAL_TYPES.has(push.signal.type)) return null;
  return { room: push.room, from: push.from, from_client: push.from_client, to_client: push.to_client ?? null, signal: push.signal };
}

/** Of two people, the one with the lower id makes the offer: never both at once. */
export function offers(selfId: number, peerId: number): boolean {
  return selfId < peerId;
}

/** This tab's connection with the tab that said hello: none (or with another of their tabs), working or connecting, or ended. */
export type LinkState = "none" | "live" | "ended";

/** What to do about a hello: make an offer, say hello back (so the other side offers), say the mesh is full, or nothing. */
export type HelloAnswer = "offer" | "greet" | "refuse" | "wait";

/**
 * A hello arrives when someone opens the room, or says hello back. A reply is never answered with
 * another hello, so two greetings end after one round.
 */
export function answerHello(input: { selfId: number; peerId: number; reply: boolean; link: LinkState; othersLinked: number }): HelloAnswer {
  if (input.link !== "live" && !meshAdmits(input.othersLinked)) return "refuse";
  if (offers(input.selfId, input.peerId)) return input.link === "live" ? "wait" : "offer";
  return input.reply ? "wait" : "greet";
}

/** Whether a tab connected to this many other people takes one more. */
export function meshAdmits(othersLinked: number): boolean {
  return othersLinked < MESH_LIMIT - 1;
}

export interface VideoQuality {
  width: number;
  height: number;
  frameRate: number;
  /** Bits per second sent to each other person. */
  maxBitrate: number;
}

/** Each person's upload is this times the others: it stays under about a megabit for a full mesh. */
export const QUALITY_LADDER: readonly VideoQuality[] = [
  { width: 640, height: 360, frameRate: 24, maxBitrate: 800_000 },
  { width: 480, height: 270, frameRate: 20, maxBitrate: 450_000 },
  { width: 320, height: 180, frameRate: 15, maxBitrate: 250_000 },
];

/** The picture each camera sends with this many people in the call (oneself included). */
export function videoQualityFor(participants: number): VideoQuality {
  const step = Math.min(Math.max(participants - 2, 0), QUALITY_LADDER.length - 1);
  return QUALITY_LADDER[step]!;
}

/** An audio level (RMS of samples from -1 to 1) above this is speech rather than a room's hum. */
export const SPEAKING_LEVEL = 0.02;
/** The highlight stays this long after its speaker last spoke, so a pause or a cough does not move it. */
export const SPEAKER_HOLD_MS = 1_500;

export interface SpeakerState {
  speakerId: number | null;
  heldUntil: number;
}

export const NO_SPEAKER: SpeakerState = { speakerId: null, heldUntil: 0 };

/**
 * The dominant speaker after one measurement: the loudest person above SPEAKING_LEVEL, but
 * whoever holds the highlight keeps it until SPEAKER_HOLD_MS after they last spoke. Equal levels
 * keep the current speaker, else go to the lower id.
 */
export function nextSpeaker(state: SpeakerState, levels: Iterable<readonly [number, number]>, now: number): SpeakerState {
  const wins = (userId: number, over: number) => userId === state.speakerId || (over !== state.speakerId && userId < over);
  let loudest: number | null = null;
  let loudestLevel = 0;
  for (const [userId, level] of levels) {
    if (level < SPEAKING_LEVEL) continue;
    if (loudest === null || level > loudestLevel || (level === loudestLevel && wins(userId, loudest))) {
      loudest = userId;
      loudestLevel = level;
    }
  }
  if (loudest !== null && loudest === state.speakerId) return { speakerId: loudest, heldUntil: now + SPEAKER_HOLD_MS };
  if (state.speakerId !== null && now < state.heldUntil) return state;
  return loudest === null ? NO_SPEAKER : { speakerId: loudest, heldUntil: now + SPEAKER_HOLD_MS };
}

/** Why a camera or microphone did not start, from the browser's error name. */
export type DeviceProblem = "denied" | "missing" | "busy" | "failed";
/** Which of the two did not start. */
export type DeviceGap = "both" | "camera" | "microphone";

export function deviceProblemOf(error: unknown): DeviceProblem {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "DevicesNotFoundError" || name === "OverconstrainedError") return "missing";
  if (name === "NotReadableError" || name === "TrackStartError" || name === "AbortError") return "busy";
  return "failed";
}

/** What is wrong with the camera and microphone now. */
export interface DeviceTrouble {
  problem: DeviceProblem;
  gap: DeviceGap;
}

/** What is still wrong after one device started, or failed to. */
export function troubleAfter(current: DeviceTrouble | null, device: "camera" | "microphone", failed: DeviceProblem | null): DeviceTrouble | null {
  const other = device === "camera" ? "microphone" : "camera";
  if (failed) return { problem: failed, gap: current && current.gap !== device ? "both" : device };
  if (!current || current.gap === device) return null;
  return current.gap === "both" ? { problem: current.problem, gap: other } : current;
}

/** An error as support reads it: its name and the browser's words. */
export function describeError(error: unknown): string {
  if (typeof error === "object" && error !== null && "name" in error) {
    const message = "message" in error ? String(error.message) : "";
    return message ? `${String(error.name)}: ${message}` : String(error.name);
  }
  return String(error);
}

/** The kind a device problem is recorded under in study_room_errors. */
export const DEVICE_PROBLEM_KINDS: Record<DeviceProblem, string> = {
  denied: "media_denied",
  missing: "media_not_found",
  busy: "media_in_use",
  failed: "media_failed",
};

const NOUNS: Record<DeviceGap, { noun: string; pronoun: string; verb: string }> = {
  both: { noun: "camera and microphone", pronoun: "them", verb: "are" },
  camera: { noun: "camera", pronoun: "it", verb: "is" },
  microphone: { noun: "microphone", pronoun: "it", verb: "is" },
};

const STILL: Record<DeviceGap, string> = {
  both: "You can still see and hear the others.",
  camera: "The others can hear you but not see you.",
  microphone: "The others can see you but not hear you.",
};

/** What the room says, in words, when a device did not start. */
export function deviceProblemMessage(problem: DeviceProblem, gap: DeviceGap): string {
  const { noun, pronoun, verb } = NOUNS[gap];
  switch (problem) {
    case "denied":
      return `Your browser blocked the ${noun}. Allow ${pronoun} in the address bar's site settings and reload.${gap === "both" ? "" : ` ${STILL[gap]}`}`;
    case "missing":
      return `No ${gap === "both" ? "camera or microphone" : noun} was found. Connect one and reload. ${STILL[gap]}`;
    case "busy":
      return `Your ${noun} ${verb} in use by another app or could not start. Close the other app and reload. ${STILL[gap]}`;
    case "failed":
      return `Your ${noun} could not start. Reload to try again. ${STILL[gap]}`;
  }
}

export const VIDEO_FULL_MESSAGE = `The room's video is full: up to ${MESH_LIMIT} people can be on camera together. You join by yourself as soon as someone leaves.`;

/** A member as the video needs them: to name their tile and know whom to greet. */
export interface VideoMember {
  id: number;
  name: string;
  present: boolean;
}

/** One person's picture. */
export interface VideoTile {
  userId: number;
  name: string;
  self: boolean;
  video: MediaStreamTrack | null;
  /** Played in the page; never one's own. */
  audio: MediaStreamTrack | null;
  /** A shared screen: shown whole, never mirrored. */
  screen: boolean;
  connected: boolean;
}

/** Everything the room shows of the call. */
export interface VideoView {
  tiles: VideoTile[];
  speakerId: number | null;
  camera: boolean;
  microphone: boolean;
  screen: boolean;
  canShareScreen: boolean;
  /** A device that did not start (role="alert"). */
  problem: string | null;
  /** The mesh is full: someone in the room could not take this tab. */
  full: boolean;
  /** Something else worth saying (a connection that failed). */
  notice: string | null;
}

/** A problem the room records (POST /study-rooms/{slug}/errors). */
export interface RoomProblemReport {
  kind: string;
  /** For support: what the browser said. */
  message: string;
  /** The devices concerned, named in the report by their labels when the browser shares them. */
  devices?: DeviceGap;
}

/** What the room page gives either transport. */
export interface VideoSessionOptions {
  slug: string;
  viewerId: number;
  /** This tab, so signals meant for another tab of the same person are skipped. */
  clientId: string;
  members: readonly VideoMember[];
  /** POSTs JSON to /study-rooms/{slug}/{path} with the CSRF header; resolves whether it was taken. */
  post(path: "signal" | "errors", body: unknown, options?: { keepalive?: boolean }): Promise<boolean>;
  report(problem: RoomProblemReport): void;
}

/** A call in the room, over the mesh or LiveKit; the room page drives either the same way. */
export interface VideoSession {
  start(): Promise<void>;
  setMembers(members: readonly VideoMember[]): void;
  setCamera(on: boolean): Promise<void>;
  setMicrophone(on: boolean): Promise<void>;
  setScreenShare(on: boolean): Promise<void>;
  /** Hears every change of the view (and the current one at once) until the returned function is called. */
  subscribe(listener: (view: VideoView) => void): () => void;
  stop(): void;
}
