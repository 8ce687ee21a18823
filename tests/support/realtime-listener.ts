import type { RealtimeEvent } from "../../app/realtime/channels";
import { realtimeHub } from "../../app/realtime/hub.server";

/** Events heard on these channels through the app's hub, with a way to wait until there are `count`. */
export async function listen(channels: string[]) {
  const heard: RealtimeEvent[] = [];
  const waiters: (() => void)[] = [];
  const stop = await realtimeHub().subscribe(
    channels,
    (event) => {
      heard.push(event);
      waiters.splice(0).forEach((wake) => wake());
    },
    () => undefined,
  );
  const next = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`heard ${heard.length} of ${count} events`)), 5_000);
      const check = () => {
        if (heard.length >= count) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return { heard, next, stop };
}
