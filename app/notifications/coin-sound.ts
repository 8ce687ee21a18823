/** The sound setting is per browser (SPEC §7: a TokenCredit notification plays a coin sound). */
export const SOUND_MUTED_KEY = "marketplace:notification-sound-muted";

export function isSoundMuted(): boolean {
  try {
    return window.localStorage.getItem(SOUND_MUTED_KEY) === "1";
  } catch {
    return false;
  }
}

export function setSoundMuted(muted: boolean) {
  try {
    if (muted) window.localStorage.setItem(SOUND_MUTED_KEY, "1");
    else window.localStorage.removeItem(SOUND_MUTED_KEY);
  } catch {
    // storage unavailable (private mode): the setting lasts for this page only
  }
}

let context: AudioContext | undefined;

/** Notes played one after another, synthesised (no file to load); silent when muted or not allowed. */
function playNotes(frequencies: readonly number[], step: number, tail: number, type: OscillatorType, volume: number) {
  if (typeof window === "undefined" || isSoundMuted()) return;
  try {
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    const start = context.currentTime;
    frequencies.forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.type = type;
      oscillator.frequency.value = frequency;
      const at = start + index * step;
      const last = index === frequencies.length - 1;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + (last ? tail : step));
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + (last ? tail : step) + 0.05);
    });
  } catch {
    // audio is a nicety
  }
}

/** A short two-note coin chime. */
export function playCoinSound() {
  playNotes([988, 1319], 0.08, 0.35, "square", 0.08);
}

/** One ring of a study-room invite (SPEC §4: the invite rings); the popup repeats it while it shows. */
export function playRingSound() {
  playNotes([784, 988, 784, 988], 0.12, 0.2, "sine", 0.12);
}
