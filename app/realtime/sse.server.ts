import type { RealtimeEvent } from "~/realtime/channels";
import { eventsAfter } from "~/realtime/events.server";
import { realtimeHub } from "~/realtime/hub.server";
import { db } from "~/db/db.server";

const HEARTBEAT_MS = 20_000;
/** Open streams one user may hold on one app process (tabs, devices); more are refused with 429. */
export const MAX_STREAMS_PER_USER = 10;
/**
 * What a refused stream is told to wait. A slot frees when another of the user's streams ends,
 * which no one can foresee; a closed tab frees its slot at once, so one heartbeat is the
 * earliest retry worth making.
 */
export const STREAM_RETRY_AFTER_SECONDS = HEARTBEAT_MS / 1000;
const openStreams = new Map<number, number>();

/** Counts a stream for the user, or answers false when they already hold the most allowed. */
export function claimStream(userId: number): (() => void) | null {
  const open = openStreams.get(userId) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) return null;
  openStreams.set(userId, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openStreams.get(userId) ?? 1) - 1;
    if (left > 0) openStreams.set(userId, left);
    else openStreams.delete(userId);
  };
}
/** What EventSource waits before reconnecting on its own; the app's client uses its own backoff. */
const RETRY_MS = 2_000;

/** One event in the text/event-stream format: the id is what Last-Event-ID sends back. */
export function formatSseEvent(event: RealtimeEvent): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * A Server-Sent Events stream of these channels. Subscribes to the hub first, then replays what
 * the database holds after `afterId` (a reconnecting client's Last-Event-ID), then passes on live
 * events, skipping any the replay already sent, so nothing is lost or doubled at the seam.
 */
export function sseResponse(channels: readonly string[], afterId: string | null, signal: AbortSignal, release: () => void = () => undefined): Response {
  const encoder = new TextEncoder();
  let cleanup = () => undefined as void;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      // Ids sent so far (bounded): an event reaching us both by replay and live is sent once.
      // Not a high-water mark: on PostgreSQL, transactions may commit out of id order.
      const sent = new Set<string>();
      let replaying = true;
      const buffered: RealtimeEvent[] = [];
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const send = (event: RealtimeEvent) => {
        if (sent.has(event.id)) return;
        sent.add(event.id);
        if (sent.size > 2_000) sent.delete(sent.values().next().value!);
        write(formatSseEvent(event));
      };
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      let unsubscribe: () => void = () => undefined;
      const close = () => {
        if (closed) return;
        closed = true;
        release();
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the reader
        }
      };
      cleanup = close;
      signal.addEventListener("abort", close, { once: true });
      write(`retry: ${RETRY_MS}\n: connected\n\n`);
      unsubscribe = await realtimeHub().subscribe(
        channels,
        (event) => (replaying ? buffered.push(event) : send(event)),
        close,
      );
      if (signal.aborted) return close();
      try {
        if (afterId) for (const event of await eventsAfter(db(), channels, afterId)) send(event);
      } catch {
        return close();
      }
      replaying = false;
      for (const event of buffered.splice(0)) send(event);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}
