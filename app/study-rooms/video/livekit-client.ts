import { Room, RoomEvent, Track, VideoPresets, type Participant } from "livekit-client";
import {
  describeError,
  DEVICE_PROBLEM_KINDS,
  deviceProblemMessage,
  deviceProblemOf,
  troubleAfter,
  type DeviceGap,
  type DeviceTrouble,
  type VideoMember,
  type VideoSession,
  type VideoSessionOptions,
  type VideoTile,
  type VideoView,
} from "~/study-rooms/video/mesh-plan";

export interface LiveKitOptions extends VideoSessionOptions {
  url: string;
  token: string;
}

/**
 * The room's video through a LiveKit server (its SFU): one connection per person whatever the
 * number of people, the server forwarding each picture to the others. LiveKit picks the speaker
 * (ActiveSpeakersChanged) and scales the picture itself (dynacast), so the mesh's ladder and
 * meters are not needed here.
 */
export function livekitSession(options: LiveKitOptions): VideoSession {
  return new LiveKitSession(options);
}

class LiveKitSession implements VideoSession {
  // Tiles play the tracks in elements of their own: adaptive streaming would see no element and pause them.
  private readonly room = new Room({ adaptiveStream: false, dynacast: true, videoCaptureDefaults: { resolution: VideoPresets.h360.resolution } });
  private members: readonly VideoMember[];
  private readonly listeners = new Set<(view: VideoView) => void>();
  private speakerId: number | null = null;
  private trouble: DeviceTrouble | null = null;
  private notice: string | null = null;
  private stopped = false;

  constructor(private readonly options: LiveKitOptions) {
    this.members = options.members;
  }

  async start() {
    const changed = () => this.emit();
    this.room
      .on(RoomEvent.ParticipantConnected, changed)
      .on(RoomEvent.ParticipantDisconnected, changed)
      .on(RoomEvent.TrackSubscribed, changed)
      .on(RoomEvent.TrackUnsubscribed, changed)
      .on(RoomEvent.TrackMuted, changed)
      .on(RoomEvent.TrackUnmuted, changed)
      .on(RoomEvent.LocalTrackPublished, changed)
      .on(RoomEvent.LocalTrackUnpublished, changed)
      .on(RoomEvent.ActiveSpeakersChanged, (speakers) => {
        this.speakerId = speakers[0] ? userIdOf(speakers[0]) : null;
        this.emit();
      })
      .on(RoomEvent.Disconnected, () => {
        if (this.stopped) return;
        this.notice = "The video connection ended. Reload the page to join again.";
        this.emit();
      });
    this.emit();
    try {
      await this.room.connect(this.options.url, this.options.token);
    } catch (error) {
      if (this.stopped) return;
      this.notice = "The video server could not be reached. Check your connection and reload.";
      this.options.report({ kind: "connection_failed", message: describeError(error) });
      this.emit();
      return;
    }
    if (this.stopped) return void this.room.disconnect();
    await this.openDevices();
  }

  setMembers(members: readonly VideoMember[]) {
    this.members = members;
    this.emit();
  }

  async setCamera(on: boolean) {
    await this.toggle("camera", () => this.room.localParticipant.setCameraEnabled(on));
  }

  async setMicrophone(on: boolean) {
    await this.toggle("microphone", () => this.room.localParticipant.setMicrophoneEnabled(on));
  }

  async setScreenShare(on: boolean) {
    try {
      await this.room.localParticipant.setScreenShareEnabled(on, { audio: false, contentHint: "detail" });
      this.notice = null;
    } catch (error) {
      // Closing the browser's picker is a choice, not a fault.
      if (deviceProblemOf(error) !== "denied") {
        this.notice = "Your screen could not be shared. Try again, or choose another window.";
        this.options.report({ kind: "screen_share_failed", message: describeError(error) });
      }
    }
    this.emit();
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
    this.listeners.clear();
    this.room.removeAllListeners();
    void this.room.disconnect();
  }

  private async openDevices() {
    try {
      await this.room.localParticipant.enableCameraAndMicrophone();
    } catch (error) {
      // Blocked is blocked: asking for one device alone would only prompt, or fail, again.
      if (deviceProblemOf(error) === "denied") return this.failed(error, "both");
      const microphone = await this.room.localParticipant.setMicrophoneEnabled(true).then(
        () => true,
        () => false,
      );
      const camera = await this.room.localParticipant.setCameraEnabled(true).then(
        () => true,
        () => false,
      );
      if (!camera || !microphone) this.failed(error, !camera && !microphone ? "both" : !camera ? "camera" : "microphone");
    }
    this.emit();
  }

  private async toggle(device: "camera" | "microphone", run: () => Promise<unknown>) {
    try {
      await run();
      this.trouble = troubleAfter(this.trouble, device, null);
    } catch (error) {
      this.failed(error, device);
    }
    this.emit();
  }

  private failed(error: unknown, gap: DeviceGap) {
    const problem = deviceProblemOf(error);
    this.trouble = gap === "both" ? { problem, gap } : troubleAfter(this.trouble, gap, problem);
    this.options.report({ kind: DEVICE_PROBLEM_KINDS[problem], message: describeError(error), devices: gap });
    this.emit();
  }

  private tile(participant: Participant, self: boolean): VideoTile {
    const screen = shownTrack(participant, Track.Source.ScreenShare);
    const microphone = participant.getTrackPublication(Track.Source.Microphone)?.track?.mediaStreamTrack ?? null;
    const userId = self ? this.options.viewerId : userIdOf(participant);
    return {
      userId,
      name: this.members.find((member) => member.id === userId)?.name ?? participant.name ?? "Someone",
      self,
      video: screen ?? shownTrack(participant, Track.Source.Camera),
      audio: self ? null : microphone,
      screen: screen !== null,
      connected: true,
    };
  }

  private view(): VideoView {
    const local = this.room.localParticipant;
    const order = (userId: number) => {
      const index = this.members.findIndex((member) => member.id === userId);
      return index === -1 ? Number.MAX_SAFE_INTEGER : index;
    };
    const others = [...this.room.remoteParticipants.values()]
      .map((participant) => this.tile(participant, false))
      .filter((tile) => Number.isInteger(tile.userId))
      .sort((a, b) => order(a.userId) - order(b.userId));
    return {
      tiles: [this.tile(local, true), ...others],
      speakerId: this.speakerId,
      camera: local.isCameraEnabled,
      microphone: local.isMicrophoneEnabled,
      screen: local.isScreenShareEnabled,
      canShareScreen: typeof navigator.mediaDevices?.getDisplayMedia === "function",
      problem: this.trouble ? deviceProblemMessage(this.trouble.problem, this.trouble.gap) : null,
      full: false,
      notice: this.notice,
    };
  }

  private emit() {
    if (this.stopped || this.listeners.size === 0) return;
    const view = this.view();
    for (const listener of this.listeners) listener(view);
  }
}

/** The app names LiveKit identities by user id (app/study-rooms/rtc.server.ts). */
function userIdOf(participant: Participant): number {
  return Number(participant.identity);
}

/** The participant's picture from this source, unless they turned it off. */
function shownTrack(participant: Participant, source: Track.Source): MediaStreamTrack | null {
  const publication = participant.getTrackPublication(source);
  return publication?.track && !publication.isMuted ? publication.track.mediaStreamTrack : null;
}
