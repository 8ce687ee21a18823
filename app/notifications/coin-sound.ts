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

/** A short two-note coin chime, synthesised (no file to load); silent when muted or not allowed. */
export function playCoinSound() {
  if (typeof window === "undefined" || isSoundMuted()) return;
  try {
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    const start = context.currentTime;
    [988, 1319].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.type = "square";
      oscillator.frequency.value = frequency;
      const at = start + index * 0.08;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.08, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + (index ? 0.35 : 0.08));
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.4);
    });
  } catch {
    // audio is a nicety
  }
}
