import {
  answerHello,
  describeError,
  DEVICE_PROBLEM_KINDS,
  deviceProblemMessage,
  deviceProblemOf,
  meshAdmits,
  nextSpeaker,
  NO_SPEAKER,
  offers,
  signalFor,
  troubleAfter,
  videoQualityFor,
  type DeviceGap,
  type DeviceTrouble,
  type LinkState,
  type MeshSignal,
  type SignalPush,
  type VideoMember,
  type VideoQuality,
  type VideoSession,
  type VideoSessionOptions,
  type VideoTile,
  type VideoView,
} from "~/study-rooms/video/mesh-plan";

/** How long a description waits for its ICE candidates before it goes with those found so far. */
const GATHER_WAIT_MS = 1_500;
/** How often the audio levels are read for the speaker highlight. */
const LEVEL_EVERY_MS = 200;
/** A connection not working by then has failed (an offer or answer lost on the way, a network that blocks it). */
const CONNECT_WITHIN_MS = 20_000;
/** A failed connection is offered again after this, a few times, before the room says so. */
const RETRY_AFTER_MS = 2_000;
const RETRIES = 3;
/** While the mesh is full for this tab, it asks again this often whether a place has opened. */
const ASK_AGAIN_MS = 30_000;

const AUDIO: MediaTrackConstraints = { echoCancellation: true, noiseSuppression: true, autoGainControl: true };

const videoConstraints = (quality: VideoQuality): MediaTrackConstraints => ({
  width: { ideal: quality.width },
  height: { ideal: quality.height },
  frameRate: { ideal: quality.frameRate },
});

export interface MeshOptions extends VideoSessionOptions {
  iceServers: RTCIceServer[];
  /** Hands the payload of every DISPATCH_ACTION on the viewer's channel to `receive`, until the returned function is called. */
  listen(receive: (payload: unknown) => void): () => void;
}

/** This tab's connection with one other person's tab. */
interface Link {
  userId: number;
  client: string;
  pc: RTCPeerConnection;
  audio: RTCRtpSender | null;
  video: RTCRtpSender | null;
  remoteAudio: MediaStreamTrack | null;
  remoteVideo: MediaStreamTrack | null;
  /** Our description has gone: candidates found from now on go one by one. */
  described: boolean;
  /** Their candidates that came before their description. */
  early: RTCIceCandidateInit[];
  retries: number;
}

interface Meter {
  track: MediaStreamTrack;
  source: MediaStreamAudioSourceNode;
  analyser: AnalyserNode;
  samples: Float32Array<ArrayBuffer>;
}

/**
 * The built-in video: a peer-to-peer mesh of up to MESH_LIMIT people, each tab connected to each
 * other by its own RTCPeerConnection, set up through signals relayed by the app
 * (POST /study-rooms/{slug}/signal, heard on the viewer's realtime channel). Every connection
 * carries one audio and one video sender from the start, so turning the camera off or sharing the
 * screen swaps the track (replaceTrack) and never renegotiates.
 */
export function meshSession(options: MeshOptions): VideoSession {
  return new MeshSession(options);
}

class MeshSession implements VideoSession {
  private members: readonly VideoMember[];
  private readonly links = new Map<number, Link>();
  /** Each person's signals are handled one after another, in the order they came. */
  private readonly queues = new Map<number, Promise<void>>();
  private readonly greeted = new Set<number>();
  /** People whose mesh was full when this tab asked. */
  private readonly refusedBy = new Set<number>();
  private readonly listeners = new Set<(view: VideoView) => void>();
  private camera: MediaStreamTrack | null = null;
  private microphone: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  private microphoneOn = true;
  private trouble: DeviceTrouble | null = null;
  private notice: string | null = null;
  private speaker = NO_SPEAKER;
  private audio: AudioContext | null = null;
  private readonly meters = new Map<number, Meter>();
  private qualityFor = 0;
  private ready = false;
  private stopped = false;
  private readonly cleanups: (() => void)[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly options: MeshOptions) {
    this.members = options.members;
  }

  async start() {
    this.cleanups.push(
      this.options.listen((payload) => {
        const push = signalFor(payload, this.options.slug, this.options.clientId);
        if (push && push.from !== this.options.viewerId) this.enqueue(push.from, () => this.receive(push));
      }),
    );
    const leave = () => this.stop();
    window.addEventListener("pagehide", leave);
    this.cleanups.push(() => window.removeEventListener("pagehide", leave));
    const askAgain = setInterval(() => this.askRefusers(), ASK_AGAIN_MS);
    this.cleanups.push(() => clearInterval(askAgain));
    this.emit();
    await this.openDevices();
    if (this.stopped) return;
    this.startMeters();
    this.ready = true;
    this.greetPresent();
    this.emit();
  }

  setMembers(members: readonly VideoMember[]) {
    this.members = members;
    // Someone who went away is greeted again when they are back, and no longer waited for.
    for (const member of members) {
      if (member.present) continue;
      this.greeted.delete(member.id);
      this.refusedBy.delete(member.id);
    }
    if (this.ready) this.greetPresent();
    this.emit();
  }

  async setCamera(on: boolean) {
    if (on && !this.camera) {
      this.camera = await this.openOne("camera");
      this.qualityFor = 0;
    } else if (!on && this.camera) {
      // Stopped, not just disabled: the camera's light goes off.
      this.camera.stop();
      this.camera = null;
    }
    this.sendTracks();
  }

  async setMicrophone(on: boolean) {
    if (on && !this.microphone) this.microphone = await this.openOne("microphone");
    this.microphoneOn = on;
    if (this.microphone) this.microphone.enabled = on;
    this.sendTracks();
  }

  async setScreenShare(on: boolean) {
    if (!on) {
      this.screen?.stop();
      this.screen = null;
      this.sendTracks();
      return;
    }
    if (this.screen) return;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: { frameRate: { ideal: 15 } }, audio: false });
    } catch (error) {
      // Closing the browser's picker is a choice, not a fault.
      if (deviceProblemOf(error) === "denied") return;
      this.notice = "Your screen could not be shared. Try again, or choose another window.";
      this.options.report({ kind: "screen_share_failed", message: describeError(error) });
      this.emit();
      return;
    }
    const track = stream.getVideoTracks()[0];
    if (!track || this.stopped) return track?.stop();
    track.contentHint = "detail";
    // The browser's own "Stop sharing" ends the track.
    track.addEventListener("ended", () => {
      if (this.screen === track) void this.setScreenShare(false);
    });
    this.screen = track;
    this.notice = null;
    this.sendTracks();
  }

  subscribe(listener: (view: VideoView) => void) {
    this.listeners.add(listener);
    listener(this.view());
    return () => {
      this.listeners.delete(listener);
    };
  }

  stop() {
    if (this.stopped) return;
    this.stopped = true;
    for (const link of this.links.values()) {
      this.send(link.userId, link.client, { type: "bye", reason: "left" }, true);
      link.pc.close();
    }
    this.links.clear();
    for (const track of [this.camera, this.microphone, this.screen]) track?.stop();
    void this.audio?.close().catch(() => undefined);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.listeners.clear();
  }

  private async openDevices() {
    const quality = videoQualityFor(1);
    const tries: [MediaStreamConstraints, DeviceGap | null][] = [
      [{ audio: AUDIO, video: videoConstraints(quality) }, null],
      [{ audio: AUDIO, video: false }, "camera"],
      [{ audio: false, video: videoConstraints(quality) }, "microphone"],
    ];
    let first: unknown;
    for (const [constraints, gap] of tries) {
      try {
        const stream = await navigator.mediaDevices.getUserMedia(constraints);
        if (this.stopped) return stream.getTracks().forEach((track) => track.stop());
        this.camera = stream.getVideoTracks()[0] ?? null;
        this.microphone = stream.getAudioTracks()[0] ?? null;
        if (gap) this.failed(first, gap);
        this.sendTracks();
        return;
      } catch (error) {
        first ??= error;
        // Blocked is blocked: asking for one device alone would only prompt, or fail, again.
        if (deviceProblemOf(error) === "denied") break;
      }
    }
    this.failed(first, "both");
  }

  /** One device, turned on by its button; null (and the problem shown) when it does not start. */
  private async openOne(device: "camera" | "microphone"): Promise<MediaStreamTrack | null> {
    try {
      const constraints = device === "camera" ? { video: videoConstraints(videoQualityFor(this.participants())) } : { audio: AUDIO };
      const track = (await navigator.mediaDevices.getUserMedia(constraints)).getTracks()[0] ?? null;
      if (this.stopped) {
        track?.stop();
        return null;
      }
      this.trouble = troubleAfter(this.trouble, device, null);
      return track;
    } catch (error) {
      this.failed(error, device);
      return null;
    }
  }

  private failed(error: unknown, gap: DeviceGap) {
    const problem = deviceProblemOf(error);
    this.trouble = gap === "both" ? { problem, gap } : troubleAfter(this.trouble, gap, problem);
    this.options.report({ kind: DEVICE_PROBLEM_KINDS[problem], message: describeError(error), devices: gap });
    this.emit();
  }

  /** Puts the current tracks on every connection, and meters the viewer's voice. */
  private sendTracks() {
    const video = this.screen ?? this.camera;
    for (const link of this.links.values()) {
      void link.audio?.replaceTrack(this.microphone).catch(() => undefined);
      void link.video?.replaceTrack(video).catch(() => undefined);
    }
    if (this.microphone) this.meter(this.options.viewerId, this.microphone);
    else this.unmeter(this.options.viewerId);
    this.applyQuality();
    this.emit();
  }

  private participants() {
    return 1 + this.links.size;
  }

  /** Fewer pixels and bits for everyone as people join (mesh-plan's ladder), more as they leave. */
  private applyQuality() {
    const participants = this.participants();
    const quality = videoQualityFor(participants);
    if (this.camera && participants !== this.qualityFor) {
      this.qualityFor = participants;
      void this.camera.applyConstraints(videoConstraints(quality)).catch(() => undefined);
    }
    for (const link of this.links.values()) void limitSender(link.video, quality);
  }

  private greetPresent() {
    for (const member of this.members) {
      if (member.id === this.options.viewerId || !member.present || this.greeted.has(member.id) || this.links.has(member.id)) continue;
      this.greeted.add(member.id);
      this.send(member.id, null, { type: "hello" });
    }
  }

  private askRefusers() {
    for (const userId of this.refusedBy) {
      if (this.members.some((member) => member.id === userId && member.present)) this.send(userId, null, { type: "hello" });
    }
  }

  private enqueue(userId: number, run: () => Promise<void>) {
    const next = (this.queues.get(userId) ?? Promise.resolve()).then(() => (this.stopped ? undefined : run())).catch(() => {
      // A description the browser would not take: start that connection over.
      const link = this.links.get(userId);
      if (link) this.fail(link);
    });
    this.queues.set(userId, next);
  }

  private async receive({ from, from_client: client, signal }: SignalPush) {
    if (this.stopped) return;
    const existing = this.links.get(from);
    const link = existing && existing.client === client ? existing : undefined;
    switch (signal.type) {
      case "hello": {
        const state: LinkState = !link ? "none" : link.pc.connectionState === "failed" || link.pc.connectionState === "closed" ? "ended" : "live";
        const answer = answerHello({ selfId: this.options.viewerId, peerId: from, reply: signal.reply === true, link: state, othersLinked: this.othersLinked(from) });
        if (answer === "offer") await this.offer(from, client, 0);
        else if (answer === "greet") this.send(from, client, { type: "hello", reply: true });
        else if (answer === "refuse") this.send(from, client, { type: "bye", reason: "full" });
        return;
      }
      case "offer":
        if (!link && !meshAdmits(this.othersLinked(from))) return this.send(from, client, { type: "bye", reason: "full" });
        return this.answer(from, client, signal.sdp);
      case "answer":
        if (link?.pc.signalingState !== "have-local-offer") return;
        await link.pc.setRemoteDescription({ type: "answer", sdp: signal.sdp });
        return this.addEarlyCandidates(link);
      case "candidate":
        if (!link) return;
        if (link.pc.remoteDescription) await link.pc.addIceCandidate(signal.candidate).catch(() => undefined);
        else link.early.push(signal.candidate);
        return;
      case "bye":
        if (signal.reason === "full") {
          if (!link) this.refusedBy.add(from);
        } else {
          if (link) this.close(from);
          // A place may have opened for someone this tab could not join.
          this.askRefusers();
        }
        this.emit();
        return;
    }
  }

  private othersLinked(peerId: number) {
    let count = 0;
    for (const link of this.links.values()) if (link.userId !== peerId && link.pc.connectionState !== "failed") count++;
    return count;
  }

  private async offer(userId: number, client: string, retries: number) {
    const link = this.open(userId, client, retries);
    link.audio = link.pc.addTransceiver(this.microphone ?? "audio", { direction: "sendrecv" }).sender;
    link.video = link.pc.addTransceiver(this.screen ?? this.camera ?? "video", { direction: "sendrecv" }).sender;
    await link.pc.setLocalDescription();
    await this.describe(link, "offer");
  }

  private async answer(userId: number, client: string, sdp: string) {
    const link = this.open(userId, client, 0);
    await link.pc.setRemoteDescription({ type: "offer", sdp });
    for (const transceiver of link.pc.getTransceivers()) {
      transceiver.direction = "sendrecv";
      if (transceiver.receiver.track.kind === "audio") link.audio = transceiver.sender;
      else link.video = transceiver.sender;
    }
    await Promise.all([link.audio?.replaceTrack(this.microphone), link.video?.replaceTrack(this.screen ?? this.camera)]);
    await this.addEarlyCandidates(link);
    await link.pc.setLocalDescription();
    await this.describe(link, "answer");
  }

  /** Sends the description once its candidates are gathered, or after a short wait with those found so far. */
  private async describe(link: Link, type: "offer" | "answer") {
    await gathered(link.pc, GATHER_WAIT_MS);
    const description = link.pc.localDescription;
    if (this.links.get(link.userId) !== link || !description) return;
    link.described = true;
    this.send(link.userId, link.client, { type, sdp: description.sdp });
  }

  private async addEarlyCandidates(link: Link) {
    for (const candidate of link.early.splice(0)) await link.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  /** A new connection with this person's tab, in place of any earlier one. */
  private open(userId: number, client: string, retries: number): Link {
    this.close(userId);
    const pc = new RTCPeerConnection({ iceServers: this.options.iceServers });
    const link: Link = { userId, client, pc, audio: null, video: null, remoteAudio: null, remoteVideo: null, described: false, early: [], retries };
    const current = () => this.links.get(userId) === link;
    pc.addEventListener("icecandidate", ({ candidate }) => {
      if (!candidate?.candidate || !link.described || !current()) return;
      const { sdpMid, sdpMLineIndex, usernameFragment } = candidate;
      this.send(userId, client, { type: "candidate", candidate: { candidate: candidate.candidate, sdpMid, sdpMLineIndex, usernameFragment } });
    });
    pc.addEventListener("track", ({ track }) => {
      if (!current()) return;
      if (track.kind === "audio") {
        link.remoteAudio = track;
        this.meter(userId, track);
      } else {
        link.remoteVideo = track;
      }
      this.emit();
    });
    pc.addEventListener("connectionstatechange", () => {
      if (!current()) return;
      if (pc.connectionState === "connected") this.applyQuality();
      if (pc.connectionState === "failed") this.fail(link);
      this.emit();
    });
    this.later(CONNECT_WITHIN_MS, () => {
      if (current() && pc.connectionState !== "connected") this.fail(link);
    });
    this.links.set(userId, link);
    this.refusedBy.delete(userId);
    // A tab linked to as many people as the mesh holds has nobody left to wait for.
    if (!meshAdmits(this.links.size)) this.refusedBy.clear();
    this.applyQuality();
    this.emit();
    return link;
  }

  /** The one who offers tries again a few times (the other side's connection fails too, and waits for the offer). */
  private fail(link: Link) {
    if (this.links.get(link.userId) !== link) return;
    this.close(link.userId);
    if (!offers(this.options.viewerId, link.userId)) return;
    if (link.retries < RETRIES) {
      this.later(RETRY_AFTER_MS, () => {
        if (!this.links.has(link.userId)) this.enqueue(link.userId, () => this.offer(link.userId, link.client, link.retries + 1));
      });
      return;
    }
    this.notice = `The video connection with ${this.nameOf(link.userId)} failed. A firewall between you may block it: reload to try again.`;
    this.options.report({ kind: "connection_failed", message: `No connection with user ${link.userId} after ${RETRIES + 1} tries (${this.options.iceServers.length} ICE servers)` });
    this.emit();
  }

  /** Runs `run` after `ms` unless the session stops first. */
  private later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  private close(userId: number) {
    const link = this.links.get(userId);
    if (!link) return;
    this.links.delete(userId);
    link.pc.close();
    this.unmeter(userId);
    this.applyQuality();
    this.emit();
  }

  private send(to: number, client: string | null, signal: MeshSignal, keepalive = false) {
    const body = { to, client_id: this.options.clientId, ...(client ? { to_client: client } : {}), signal };
    void this.options.post("signal", body, { keepalive });
  }

  private startMeters() {
    if (typeof AudioContext === "undefined") return;
    const context = new AudioContext();
    this.audio = context;
    // A page may not start audio before the user does something; the first click or key does.
    const resume = () => void context.resume().catch(() => undefined);
    document.addEventListener("pointerdown", resume);
    document.addEventListener("keydown", resume);
    const timer = setInterval(() => this.measure(), LEVEL_EVERY_MS);
    this.cleanups.push(() => {
      document.removeEventListener("pointerdown", resume);
      document.removeEventListener("keydown", resume);
      clearInterval(timer);
    });
    if (this.microphone) this.meter(this.options.viewerId, this.microphone);
    for (const link of this.links.values()) if (link.remoteAudio) this.meter(link.userId, link.remoteAudio);
  }

  private meter(userId: number, track: MediaStreamTrack) {
    if (!this.audio || this.meters.get(userId)?.track === track) return;
    this.unmeter(userId);
    const source = this.audio.createMediaStreamSource(new MediaStream([track]));
    const analyser = this.audio.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    this.meters.set(userId, { track, source, analyser, samples: new Float32Array(analyser.fftSize) });
  }

  private unmeter(userId: number) {
    this.meters.get(userId)?.source.disconnect();
    this.meters.delete(userId);
  }

  private measure() {
    const levels: [number, number][] = [];
    for (const [userId, meter] of this.meters) {
      if (!meter.track.enabled || meter.track.readyState !== "live") continue;
      meter.analyser.getFloatTimeDomainData(meter.samples);
      let sum = 0;
      for (const sample of meter.samples) sum += sample * sample;
      levels.push([userId, Math.sqrt(sum / meter.samples.length)]);
    }
    const next = nextSpeaker(this.speaker, levels, performance.now());
    const changed = next.speakerId !== this.speaker.speakerId;
    this.speaker = next;
    if (changed) this.emit();
  }

  private nameOf(userId: number) {
    return this.members.find((member) => member.id === userId)?.name ?? "Someone";
  }

  private view(): VideoView {
    const order = (userId: number) => {
      const index = this.members.findIndex((member) => member.id === userId);
      return index === -1 ? Number.MAX_SAFE_INTEGER : index;
    };
    const self: VideoTile = {
      userId: this.options.viewerId,
      name: this.nameOf(this.options.viewerId),
      self: true,
      video: this.screen ?? this.camera,
      audio: null,
      screen: this.screen !== null,
      connected: true,
    };
    const others = [...this.links.values()]
      .sort((a, b) => order(a.userId) - order(b.userId))
      .map((link): VideoTile => ({
        userId: link.userId,
        name: this.nameOf(link.userId),
        self: false,
        video: link.remoteVideo,
        audio: link.remoteAudio,
        screen: false,
        connected: link.pc.connectionState === "connected",
      }));
    return {
      tiles: [self, ...others],
      speakerId: this.speaker.speakerId,
      camera: this.camera !== null,
      microphone: this.microphone !== null && this.microphoneOn,
      screen: this.screen !== null,
      canShareScreen: typeof navigator.mediaDevices?.getDisplayMedia === "function",
      problem: this.trouble ? deviceProblemMessage(this.trouble.problem, this.trouble.gap) : null,
      full: this.refusedBy.size > 0,
      notice: this.notice,
    };
  }

  private emit() {
    if (this.stopped || this.listeners.size === 0) return;
    const view = this.view();
    for (const listener of this.listeners) listener(view);
  }
}

/** Resolves when the connection has gathered its ICE candidates, or after `waitMs`. */
function gathered(pc: RTCPeerConnection, waitMs: number): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === "complete") done();
    };
    const timer = setTimeout(done, waitMs);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/** Caps what one connection's video sends; before negotiation there is nothing to cap yet (it is capped once connected). */
async function limitSender(sender: RTCRtpSender | null, quality: VideoQuality) {
  if (!sender) return;
  const parameters = sender.getParameters();
  const encoding = parameters.encodings?.[0];
  if (!encoding || (encoding.maxBitrate === quality.maxBitrate && encoding.maxFramerate === quality.frameRate)) return;
  encoding.maxBitrate = quality.maxBitrate;
  encoding.maxFramerate = quality.frameRate;
  await sender.setParameters(parameters).catch(() => undefined);
}
