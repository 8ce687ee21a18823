import type { ConnectionState, RealtimeEvent } from "~/realtime/channels";

/**
 * The browser side of the realtime module, whichever transport carries the events. Components
 * subscribe to channels through one hook (app/realtime/realtime-provider.tsx); this client keeps
 * one connection for the union of their channels, remembers the last event id so a reconnect
 * resumes after it (and drops anything seen twice), and reconnects with exponential backoff.
 * Pure of the DOM: tests drive it with a fake transport and fake timers.
 */

export interface TransportHandlers {
  /** The connection is up (after any catch-up the transport does itself). */
  open(): void;
  event(event: RealtimeEvent): void;
  /** The connection dropped and the transport recovers on its own (Ably): only the state changes. */
  down(): void;
  /** The transport gave up: "rejected" when the server refused (no retry), else the client reconnects with backoff. */
  closed(reason: "disconnected" | "rejected"): void;
}

export interface Transport {
  readonly name: string;
  /** Connects for these channels, resuming after `lastEventId` (null: from now); returns a function that closes it. */
  connect(channels: readonly string[], lastEventId: string | null, handlers: TransportHandlers): () => void;
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** 0..1: how much of each delay is random, so many clients do not return at the same instant. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 30_000, jitter: 0.3 };

/** The wait before reconnect attempt `attempt` (0-based): doubling from initialMs up to maxMs, less some jitter. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random = Math.random): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (1 - options.jitter * random()));
}

export interface RealtimeListener {
  received?(event: RealtimeEvent): void;
  connected?(): void;
  disconnected?(): void;
  rejected?(): void;
}

interface Subscription {
  channels: readonly string[];
  listener: RealtimeListener;
}

export class RealtimeClient {
  private subscriptions = new Set<Subscription>();
  private stateListeners = new Set<(state: ConnectionState) => void>();
  private closeConnection: (() => void) | undefined;
  private connectedChannels = "";
  private lastEventId: string | null;
  /** Recently delivered ids: a replayed event the client already has is dropped, whatever order ids arrive in. */
  private seen = new Set<string>();
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingSync = false;
  private generation = 0;
  state: ConnectionState = "connecting";

  constructor(
    private readonly transport: Transport,
    private readonly options: { backoff?: BackoffOptions; lastEventId?: string | null; random?: () => number } = {},
  ) {
    this.lastEventId = options.lastEventId ?? null;
  }

  get transportName() {
    return this.transport.name;
  }

  /** Hears events of these channels (and the connection's state changes) until the returned function is called. */
  subscribe(channels: readonly string[], listener: RealtimeListener): () => void {
    const subscription = { channels, listener };
    this.subscriptions.add(subscription);
    this.scheduleSync();
    return () => {
      this.subscriptions.delete(subscription);
      this.scheduleSync();
    };
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Tries again at once (the browser says it is back online). */
  reconnectNow() {
    if (this.state === "connected") return;
    this.attempt = 0;
    this.connect();
  }

  /** The browser says the network is gone: drop the connection now and wait for reconnectNow(). */
  goOffline() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.generation += 1;
    this.closeConnection?.();
    this.closeConnection = undefined;
    if (this.channels().length) this.setState("disconnected");
  }

  close() {
    clearTimeout(this.retryTimer);
    this.closeConnection?.();
    this.closeConnection = undefined;
    this.connectedChannels = "";
    this.subscriptions.clear();
  }

  private channels(): string[] {
    return [...new Set([...this.subscriptions].flatMap((subscription) => subscription.channels))].sort();
  }

  /** Subscriptions made in one render settle before the connection changes. */
  private scheduleSync() {
    if (this.pendingSync) return;
    this.pendingSync = true;
    queueMicrotask(() => {
      this.pendingSync = false;
      const wanted = this.channels().join(",");
      if (wanted === this.connectedChannels && (this.closeConnection || this.retryTimer)) return;
      this.attempt = 0;
      this.connect();
    });
  }

  private connect() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.closeConnection?.();
    this.closeConnection = undefined;
    const channels = this.channels();
    this.connectedChannels = channels.join(",");
    if (channels.length === 0) return;
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    this.setState("connecting");
    this.closeConnection = this.transport.connect(channels, this.lastEventId, {
      open: () => {
        if (!current()) return;
        this.attempt = 0;
        this.setState("connected");
      },
      event: (event) => {
        if (current()) this.deliver(event);
      },
      down: () => {
        if (current()) this.setState("disconnected");
      },
      closed: (reason) => {
        if (!current()) return;
        this.closeConnection = undefined;
        if (reason === "rejected") {
          this.setState("rejected");
          return;
        }
        this.setState("disconnected");
        const delay = backoffDelay(this.attempt, this.options.backoff, this.options.random);
        this.attempt += 1;
        this.retryTimer = setTimeout(() => this.connect(), delay);
      },
    });
  }

  private deliver(event: RealtimeEvent) {
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    if (this.seen.size > 2_000) this.seen.delete(this.seen.values().next().value!);
    if (this.lastEventId === null || BigInt(event.id) > BigInt(this.lastEventId)) this.lastEventId = event.id;
    for (const subscription of [...this.subscriptions]) {
      if (subscription.channels.includes(event.channel)) subscription.listener.received?.(event);
    }
  }

  private setState(state: ConnectionState) {
    if (state === this.state) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state);
    for (const subscription of [...this.subscriptions]) {
      if (state === "connected") subscription.listener.connected?.();
      else if (state === "disconnected") subscription.listener.disconnected?.();
      else if (state === "rejected") subscription.listener.rejected?.();
    }
  }
}
