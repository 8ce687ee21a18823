import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ablyTransport } from "~/realtime/ably-transport";
import type { RealtimeEvent } from "~/realtime/channels";
import { backoffDelay, RealtimeClient, type RealtimeListener, type Transport } from "~/realtime/client";
import { sseTransport } from "~/realtime/sse-transport";

/**
 * The one client (what the useRealtime hook drives) over both transports: the same scenario,
 * with a fake EventSource for the built-in transport and a fake ably-js for Ably.
 */

const event = (id: number, channel = "user:1"): RealtimeEvent => ({
  id: String(id),
  channel,
  action: "NEW_NOTIFICATION",
  payload: { n: id },
  created_at: new Date(0).toISOString(),
});

/** What the server side of a transport does, in terms both fakes understand. */
interface Driver {
  transport: Transport;
  /** Events stored while nobody listened: what a resume should deliver. */
  stored: RealtimeEvent[];
  accept(): Promise<void>;
  push(event: RealtimeEvent): void;
  drop(): void;
  restore(): Promise<void>;
  refuse(): Promise<void>;
  /** Where the last (re)connection asked to resume from. */
  resumedAfter(): string | null;
  connections(): number;
}

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

function answer(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function sseDriver(): Driver {
  class FakeEventSource {
    onopen: (() => void) | null = null;
    onmessage: ((message: { data: string }) => void) | null = null;
    onerror: (() => void) | null = null;
    closed = false;
    constructor(readonly url: string) {}
    close() {
      this.closed = true;
    }
  }
  const sources: FakeEventSource[] = [];
  let probeStatus = 200;
  const driver: Driver = {
    transport: sseTransport((url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source as unknown as EventSource;
    }),
    stored: [],
    accept: async () => {
      const source = sources.at(-1)!;
      source.onopen?.();
      // The server replays what was stored after `since`.
      const since = new URL(source.url, "http://x").searchParams.get("since");
      for (const missed of driver.stored.filter((stored) => since && Number(stored.id) > Number(since))) source.onmessage?.({ data: JSON.stringify(missed) });
      driver.stored = [];
      await flush();
    },
    push: (sent) => sources.at(-1)!.onmessage?.({ data: JSON.stringify(sent) }),
    drop: () => sources.at(-1)!.onerror?.(),
    restore: async () => {
      await vi.advanceTimersByTimeAsync(1_000); // the client's backoff
      await driver.accept();
    },
    refuse: async () => {
      probeStatus = 403;
      sources.at(-1)!.onerror?.();
      await flush();
    },
    resumedAfter: () => new URL(sources.at(-1)!.url, "http://x").searchParams.get("since"),
    connections: () => sources.length,
  };
  vi.stubGlobal("fetch", vi.fn(async () => answer(probeStatus, { errors: [] })));
  return driver;
}

function ablyDriver(): Driver {
  type StateListener = (change: { current: string; reason?: { code?: number } }) => void;
  class FakeRealtime {
    listeners: StateListener[] = [];
    subscribers = new Map<string, (message: { data: unknown }) => void>();
    closed = false;
    connection = { on: (listener: StateListener) => this.listeners.push(listener) };
    channels = {
      get: (name: string) => ({
        subscribe: (listener: (message: { data: unknown }) => void) => {
          this.subscribers.set(name, listener);
          return Promise.resolve();
        },
      }),
    };
    constructor(readonly options: { authUrl: string }) {
      clients.push(this);
    }
    emit(current: string, code?: number) {
      for (const listener of this.listeners) listener({ current, reason: code ? { code } : undefined });
    }
    close() {
      this.closed = true;
    }
  }
  const clients: FakeRealtime[] = [];
  let lastCatchUp: string | null = null;
  const driver: Driver = {
    transport: ablyTransport(async () => ({ Realtime: FakeRealtime }) as unknown as typeof import("ably")),
    stored: [],
    accept: async () => {
      await flush();
      clients.at(-1)!.emit("connected");
      await flush();
    },
    push: (sent) => clients.at(-1)!.subscribers.get(sent.channel)?.({ data: sent }),
    drop: () => clients.at(-1)!.emit("disconnected"),
    // Ably reconnects by itself; the transport then asks the app for what it missed.
    restore: async () => driver.accept(),
    refuse: async () => {
      await flush();
      clients.at(-1)!.emit("failed", 40160);
      await flush();
    },
    resumedAfter: () => lastCatchUp,
    connections: () => clients.length,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const since = new URL(url, "http://x").searchParams.get("since");
      lastCatchUp = since;
      const events = driver.stored.filter((stored) => since && Number(stored.id) > Number(since));
      driver.stored = [];
      return answer(200, { data: null, meta: { events } });
    }),
  );
  return driver;
}

function recorder() {
  const heard: string[] = [];
  const listener: RealtimeListener = {
    received: (received) => heard.push(`received ${received.id}`),
    connected: () => heard.push("connected"),
    disconnected: () => heard.push("disconnected"),
    rejected: () => heard.push("rejected"),
  };
  return { heard, listener };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe.each([
  ["built-in (SSE)", sseDriver],
  ["Ably", ablyDriver],
])("the realtime client on the %s transport", (_name, makeDriver) => {
  it("reports connected, received, disconnected; resumes after the last event; never delivers one twice", async () => {
    const driver = makeDriver();
    const client = new RealtimeClient(driver.transport, { lastEventId: "4", random: () => 0 });
    const { heard, listener } = recorder();
    client.subscribe(["user:1"], listener);
    await flush();
    expect(client.state).toBe("connecting");
    await driver.accept();
    expect(client.state).toBe("connected");
    driver.push(event(5));
    driver.push(event(5));
    driver.drop();
    expect(client.state).toBe("disconnected");
    driver.stored.push(event(7));
    await driver.restore();
    expect(driver.resumedAfter()).toBe("5");
    expect(heard.slice(0, 3)).toEqual(["connected", "received 5", "disconnected"]);
    // The missed event arrives exactly once, whether the transport replays before or after "connected".
    expect([...heard.slice(3)].sort()).toEqual(["connected", "received 7"]);
    expect(client.state).toBe("connected");
    client.close();
  });

  it("reports rejected when the server refuses the channels, and does not keep trying", async () => {
    const driver = makeDriver();
    const client = new RealtimeClient(driver.transport, { random: () => 0 });
    const { heard, listener } = recorder();
    client.subscribe(["user:2"], listener);
    await flush();
    await driver.refuse();
    expect(client.state).toBe("rejected");
    expect(heard).toEqual(["rejected"]);
    const before = driver.connections();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(driver.connections()).toBe(before);
    client.close();
  });

  it("keeps one connection for the channels of every subscriber, and reconnects when they change", async () => {
    const driver = makeDriver();
    const client = new RealtimeClient(driver.transport, { random: () => 0 });
    const first = recorder();
    const second = recorder();
    client.subscribe(["user:1"], first.listener);
    const stop = client.subscribe(["user:1", "chat:3"], second.listener);
    await flush();
    expect(driver.connections()).toBe(1);
    await driver.accept();
    driver.push(event(10, "chat:3"));
    expect(first.heard).toEqual(["connected"]);
    expect(second.heard).toEqual(["connected", "received 10"]);
    stop();
    await flush();
    expect(driver.connections()).toBe(2);
    client.close();
  });
});

describe("backoff", () => {
  it.each([
    [0, 500],
    [1, 1_000],
    [2, 2_000],
    [5, 16_000],
    [6, 30_000],
    [50, 30_000],
  ])("attempt %i waits %i ms at most", (attempt, most) => {
    expect(backoffDelay(attempt, undefined, () => 0)).toBe(most);
    expect(backoffDelay(attempt, undefined, () => 1)).toBe(Math.round(most * 0.7));
  });
});
