import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtime, useUserChannel } from "~/realtime/realtime-provider";
import { useRootData } from "~/shell/root-data";
import {
  SIGNAL_PUSH_KEY,
  VIDEO_FULL_MESSAGE,
  type DeviceGap,
  type RoomProblemReport,
  type VideoMember,
  type VideoSession,
  type VideoSessionOptions,
  type VideoTile,
  type VideoView,
} from "~/study-rooms/video/mesh-plan";

type Stage = { kind: "waiting" } | { kind: "starting" } | { kind: "live"; view: VideoView } | { kind: "failed"; message: string };
type Toggle = "camera" | "microphone" | "screen";

/** Signals that come before the call's code has loaded wait for it, up to this many. */
const MAX_WAITING_SIGNALS = 100;
const START_FAILED = "The video could not start. Reload the page to try again.";

/**
 * The room's live video and audio: everyone here on camera, the speaker outlined, and buttons for
 * one's camera, microphone and screen. Server-rendered as a heading and a line saying video needs
 * JavaScript; in the browser it asks GET /rtc/token which transport the room uses, then loads that
 * transport's code (the built-in mesh, or livekit-client) as a chunk of its own, so only room pages
 * carry WebRTC. Joins with camera and microphone on: the browser asks for them first.
 */
export function RoomVideo({ slug, viewerId, members }: { slug: string; viewerId: number; members: readonly VideoMember[] }) {
  const [stage, setStage] = useState<Stage>({ kind: "waiting" });
  const [busy, setBusy] = useState<Toggle | null>(null);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const session = useRef<VideoSession | null>(null);
  const section = useRef<HTMLElement>(null);
  const latestMembers = useRef(members);
  latestMembers.current = members;
  const csrf = useCsrfToken();
  const listen = useSignalInbox();

  useEffect(() => {
    let cancelled = false;
    let started: VideoSession | null = null;
    let unsubscribe = () => undefined as void;
    const clientId = newClientId();
    const post = roomPoster(slug, csrf);
    const report = (problem: RoomProblemReport) => void reportProblem(post, clientId, problem);
    setStage({ kind: "starting" });
    void (async () => {
      const answer = await roomToken(slug);
      const options: VideoSessionOptions = { slug, viewerId, clientId, members: latestMembers.current, post, report };
      const created =
        answer.transport === "livekit"
          ? (await import("~/study-rooms/video/livekit-client").catch(codeNotLoaded)).livekitSession({ ...options, url: answer.url, token: answer.token })
          : (await import("~/study-rooms/video/mesh-client").catch(codeNotLoaded)).meshSession({ ...options, iceServers: answer.iceServers, listen });
      if (cancelled) return;
      started = created;
      session.current = created;
      unsubscribe = created.subscribe((view) => setStage({ kind: "live", view }));
      await created.start();
    })().catch((error: unknown) => {
      started?.stop();
      if (!cancelled) setStage({ kind: "failed", message: error instanceof VideoStartError ? error.message : START_FAILED });
    });
    return () => {
      cancelled = true;
      unsubscribe();
      session.current = null;
      started?.stop();
    };
  }, [slug, viewerId, csrf, listen]);

  useEffect(() => {
    session.current?.setMembers(members);
  }, [members]);

  const toggle = (which: Toggle, run: (current: VideoSession) => Promise<void>) => {
    const current = session.current;
    if (!current || busy) return;
    setBusy(which);
    void run(current).finally(() => setBusy(null));
  };
  const blocked = useCallback(() => setSoundBlocked(true), []);
  const playSound = () => {
    section.current?.querySelectorAll("audio").forEach((audio) => void audio.play().catch(() => undefined));
    setSoundBlocked(false);
  };

  const view = stage.kind === "live" ? stage.view : null;
  return (
    <section aria-labelledby="video-heading" className="room-video" ref={section}>
      <h2 className="section-heading" id="video-heading">
        Video
      </h2>
      {stage.kind === "waiting" ? <p className="muted">Live video needs JavaScript. Turn it on in your browser to see and hear the others.</p> : null}
      {stage.kind === "starting" ? <p className="muted">Starting the video…</p> : null}
      {stage.kind === "failed" ? (
        <p className="form-errors" role="alert">
          {stage.message}
        </p>
      ) : null}
      {view ? (
        <>
          {view.problem ? (
            <p className="form-errors" role="alert">
              {view.problem}
            </p>
          ) : null}
          {view.full ? (
            <p className="study-room__notice" role="status">
              {VIDEO_FULL_MESSAGE}
            </p>
          ) : null}
          {view.notice ? (
            <p className="study-room__notice" role="status">
              {view.notice}
            </p>
          ) : null}
          <div className="room-video__controls" role="group" aria-label="Your camera, microphone and screen">
            <ToggleButton label="Camera" on={view.camera} busy={busy === "camera"} onClick={() => toggle("camera", (current) => current.setCamera(!view.camera))} />
            <ToggleButton label="Microphone" on={view.microphone} busy={busy === "microphone"} onClick={() => toggle("microphone", (current) => current.setMicrophone(!view.microphone))} />
            {view.canShareScreen ? (
              <ToggleButton label="Share screen" on={view.screen} busy={busy === "screen"} onClick={() => toggle("screen", (current) => current.setScreenShare(!view.screen))} />
            ) : null}
            {soundBlocked ? (
              <button type="button" className="button" onClick={playSound}>
                Turn on sound
              </button>
            ) : null}
          </div>
          <ul className="room-video__tiles" aria-label="People on video">
            {view.tiles.map((tile) => (
              <li key={tile.userId}>
                <TileView tile={tile} speaking={tile.userId === view.speakerId} onSoundBlocked={blocked} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/**
 * A button that keeps its name and says on or off by being pressed (aria-pressed), struck through
 * when off. It stays enabled while busy (a click then does nothing) so focus never drops off it.
 */
function ToggleButton({ label, on, busy, onClick }: { label: string; on: boolean; busy: boolean; onClick: () => void }) {
  return (
    <button type="button" className={on ? "button room-video__toggle" : "button button--outline room-video__toggle"} aria-pressed={on} aria-busy={busy || undefined} onClick={onClick}>
      {label}
    </button>
  );
}

/** A picture near 16:9 fills its tile; any other (a shared screen, a phone held upright) is shown whole. */
const fitFor = (ratio: number) => (Math.abs(ratio - 16 / 9) < 0.15 ? "cover" : "contain");

function TileView({ tile, speaking, onSoundBlocked }: { tile: VideoTile; speaking: boolean; onSoundBlocked: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [picture, setPicture] = useState(false);
  const [fit, setFit] = useState<"cover" | "contain">("cover");

  useEffect(() => {
    const element = video.current;
    const track = tile.video;
    if (!element) return;
    element.srcObject = track ? new MediaStream([track]) : null;
    if (!track) return setPicture(false);
    // A remote track is muted while no frames come: the camera was turned off, or it is still connecting.
    const update = () => setPicture(track.readyState === "live" && !track.muted);
    const resize = () => {
      if (element.videoWidth && element.videoHeight) setFit(fitFor(element.videoWidth / element.videoHeight));
    };
    update();
    track.addEventListener("mute", update);
    track.addEventListener("unmute", update);
    track.addEventListener("ended", update);
    element.addEventListener("resize", resize);
    void element.play().catch(() => undefined);
    return () => {
      track.removeEventListener("mute", update);
      track.removeEventListener("unmute", update);
      track.removeEventListener("ended", update);
      element.removeEventListener("resize", resize);
    };
  }, [tile.video]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    element.srcObject = tile.audio ? new MediaStream([tile.audio]) : null;
    // A browser may refuse sound before the user has done anything on the page: a button asks.
    if (tile.audio) element.play().catch((error: unknown) => (error instanceof DOMException && error.name === "NotAllowedError" ? onSoundBlocked() : undefined));
  }, [tile.audio, onSoundBlocked]);

  const caption = tile.self ? `${tile.name} (you)` : tile.name;
  const status = !tile.connected ? "Connecting…" : !picture ? "Camera off" : null;
  return (
    <figure className="room-video__tile" data-user-id={tile.userId} data-self={tile.self || undefined} data-speaking={speaking ? "true" : "false"}>
      <div className="room-video__frame">
        {/* Muted: the sound plays in the audio element, so the picture may always start by itself. */}
        <video ref={video} autoPlay playsInline muted data-fit={tile.screen ? "contain" : fit} data-mirror={(tile.self && !tile.screen) || undefined} />
        {status ? <span className="room-video__status">{status}</span> : null}
        {tile.audio ? <audio ref={audio} autoPlay /> : null}
      </div>
      <figcaption>
        {caption}
        {tile.screen ? " (screen)" : ""}
        {speaking ? <span className="visually-hidden">, speaking</span> : null}
      </figcaption>
    </figure>
  );
}

/** The CSRF token for the room's JSON posts: the page's, or the fresh one a refusal handed back. */
function useCsrfToken() {
  const fromRoot = useRootData()?.csrfToken;
  const token = useRef(fromRoot ?? "");
  useEffect(() => {
    if (fromRoot) token.current = fromRoot;
  }, [fromRoot]);
  return token;
}

/**
 * Hears the viewer's channel for video signals and hands them to the call once it listens;
 * those that come while its code is still loading wait.
 */
function useSignalInbox() {
  const inbox = useRef<{ receive: ((payload: unknown) => void) | null; waiting: unknown[] }>({ receive: null, waiting: [] });
  const channel = useUserChannel();
  useRealtime(channel ? [channel] : [], {
    received: (event) => {
      if (event.action !== "DISPATCH_ACTION" || typeof event.payload !== "object" || event.payload === null || !(SIGNAL_PUSH_KEY in event.payload)) return;
      const { receive, waiting } = inbox.current;
      if (receive) receive(event.payload);
      else if (waiting.length < MAX_WAITING_SIGNALS) waiting.push(event.payload);
    },
  });
  return useCallback((receive: (payload: unknown) => void) => {
    inbox.current.receive = receive;
    for (const payload of inbox.current.waiting.splice(0)) receive(payload);
    return () => {
      if (inbox.current.receive === receive) inbox.current.receive = null;
    };
  }, []);
}

class VideoStartError extends Error {}

function codeNotLoaded(): never {
  throw new VideoStartError("The video's code could not be loaded. Reload the page to try again.");
}

type TokenAnswer = { transport: "livekit"; token: string; url: string } | { transport: "mesh"; token: string; iceServers: RTCIceServer[] };

/** GET /rtc/token: which transport the room uses, and what it needs to connect. */
async function roomToken(slug: string): Promise<TokenAnswer> {
  const response = await fetch(`/rtc/token?room=${encodeURIComponent(slug)}`, { headers: { Accept: "application/json" }, credentials: "same-origin" }).catch(() => {
    throw new VideoStartError("The video could not start: the connection to the site dropped. Reload the page to try again.");
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const detail = (body?.errors as { detail?: unknown }[] | undefined)?.[0]?.detail;
    throw new VideoStartError(typeof detail === "string" ? `The video could not start: ${detail}` : START_FAILED);
  }
  if (typeof body?.token !== "string") throw new VideoStartError(START_FAILED);
  if (body.transport === "livekit" && typeof body.url === "string") return { transport: "livekit", token: body.token, url: body.url };
  return { transport: "mesh", token: body.token, iceServers: Array.isArray(body.ice_servers) ? (body.ice_servers as RTCIceServer[]) : [] };
}

/** POSTs JSON to the room with the CSRF header; a refusal for an outdated token is retried once with the fresh one. Never rejects. */
function roomPoster(slug: string, csrf: { current: string }): VideoSessionOptions["post"] {
  return async (path, body, { keepalive = false } = {}) => {
    const send = () =>
      fetch(`/study-rooms/${encodeURIComponent(slug)}/${path}`, {
        method: "POST",
        keepalive,
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrf.current },
        body: JSON.stringify(body),
      });
    try {
      let response = await send();
      const fresh = response.status === 400 ? await freshCsrfToken(response) : null;
      if (fresh) {
        csrf.current = fresh;
        response = await send();
      }
      return response.ok;
    } catch {
      return false;
    }
  };
}

async function freshCsrfToken(response: Response): Promise<string | null> {
  const body = (await response.json().catch(() => null)) as { errors?: { code?: unknown }[]; meta?: { csrf_token?: unknown } } | null;
  return body?.errors?.[0]?.code === "csrf_auth_failed" && typeof body.meta?.csrf_token === "string" ? body.meta.csrf_token : null;
}

/** Records a problem for support, with the browser and the devices' names (when the browser shares them). */
async function reportProblem(post: VideoSessionOptions["post"], clientId: string, problem: RoomProblemReport) {
  await post("errors", {
    kind: problem.kind,
    message: problem.message,
    client_id: clientId,
    device_name: await deviceNames(problem.devices),
    browser_info: navigator.userAgent,
  });
}

async function deviceNames(devices: DeviceGap | undefined): Promise<string> {
  if (!devices || !navigator.mediaDevices?.enumerateDevices) return "";
  const kinds: MediaDeviceKind[] = devices === "both" ? ["videoinput", "audioinput"] : [devices === "camera" ? "videoinput" : "audioinput"];
  const found = (await navigator.mediaDevices.enumerateDevices().catch(() => [])).filter((device) => kinds.includes(device.kind));
  const labels = found.map((device) => device.label).filter(Boolean);
  if (labels.length > 0) return labels.join(", ");
  return found.length > 0 ? `${found.length} found, names hidden until allowed` : "none found";
}

/** This tab, among the viewer's tabs: signals name it so another tab of theirs skips them. */
function newClientId() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
