import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { databaseKind, databaseUrl, db } from "~/db/db.server";
import type { Database, RealtimeAction } from "~/db/schema";
import type { RealtimeEvent } from "~/realtime/channels";
import { logger } from "~/utils/logger.server";
import { singleton } from "~/utils/singleton.server";

/**
 * The per-process side of the realtime module: who is listening on this app instance, and how
 * stored events reach them.
 *
 * - On a PostgreSQL server, every instance LISTENs on one notification channel with a connection
 *   of its own; publish() NOTIFYs in the same transaction that stored the event, so the event
 *   reaches every instance (and its SSE streams) once committed.
 * - On the embedded database (one process, one connection), publish() tells the hub an event was
 *   stored; the hub reads events after the last one it delivered. Its query waits for the single
 *   connection, so it only ever sees committed events, in order.
 * - With Ably, the instance that stored an event also hands it to `relay` (Ably's REST publish).
 */

interface Subscriber {
  channels: ReadonlySet<string>;
  deliver: (event: RealtimeEvent) => void;
  close: () => void;
}

type Relay = (event: RealtimeEvent) => Promise<void>;

interface NotifiedEvent extends Partial<RealtimeEvent> {
  id: string;
  origin: string;
  large?: boolean;
}

const RETENTION = "1 day";
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const TAIL_BATCH = 1000;

export class RealtimeHub {
  /** Tells this instance's own events from those of others (only the origin relays to Ably). */
  readonly origin = randomUUID();
  private readonly subscribers = new Set<Subscriber>();
  private readonly byChannel = new Map<string, Set<Subscriber>>();
  private database: Kysely<Database> | undefined;
  private starting: Promise<void> | undefined;
  private mode: "listen" | "tail" | undefined;
  private listener: pg.Client | undefined;
  private listenerRetryMs = 500;
  private retryTimer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private lastDeliveredId = 0n;
  private tailing = false;
  private tailAgain = false;
  private stopped = false;
  private relay: Relay | undefined;

  /** Sends every event stored by this instance to an outside transport as well (Ably). */
  setRelay(relay: Relay | undefined) {
    this.relay = relay;
  }

  get subscriberCount() {
    return this.subscribers.size;
  }

  /** Starts listening on the app's current database (again, if a test swapped it). */
  async start(): Promise<void> {
    const database = db();
    if (this.database === database && this.starting) return this.starting;
    if (this.database && this.database !== database) await this.stopListening();
    this.database = database;
    this.stopped = false;
    this.starting = this.begin(database);
    return this.starting;
  }

  private async begin(database: Kysely<Database>) {
    const url = databaseUrl();
    const latest = await database
      .selectFrom("realtime_events")
      .select((eb) => eb.fn.max("id").as("last"))
      .executeTakeFirst();
    this.lastDeliveredId = BigInt(latest?.last ?? 0);
    if (databaseKind() === "postgres" && url) {
      this.mode = "listen";
      await this.connectListener(url);
    } else {
      this.mode = "tail";
    }
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
    void this.prune();
  }

  private async connectListener(url: string) {
    const client = new pg.Client({ connectionString: url, application_name: "marketplace-realtime", keepAlive: true });
    client.on("notification", (message) => {
      if (message.channel !== "realtime_events" || !message.payload) return;
      void this.onNotification(message.payload);
    });
    const reconnect = (error?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.removeAllListeners("end");
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      logger().warn({ err: error }, "realtime listener lost; reconnecting");
      this.retryTimer = setTimeout(() => {
        void this.connectListener(url)
          .then(() => this.catchUp())
          .catch(() => undefined);
      }, this.listenerRetryMs);
      this.retryTimer.unref();
      this.listenerRetryMs = Math.min(this.listenerRetryMs * 2, 30_000);
    };
    client.on("error", reconnect);
    client.on("end", () => reconnect());
    this.listener = client;
    try {
      await client.connect();
      await client.query("listen realtime_events");
      this.listenerRetryMs = 500;
    } catch (error) {
      reconnect(error as Error);
      throw error;
    }
  }

  /** After the listener was away: whatever was stored meanwhile for channels someone here reads. */
  private async catchUp() {
    if (!this.database || this.byChannel.size === 0) return;
    const rows = await this.database
      .selectFrom("realtime_events")
      .select(["id", "channel", "action", "payload", "created_at"])
      .where("id", ">", String(this.lastDeliveredId))
      .where("channel", "in", [...this.byChannel.keys()])
      .orderBy("id")
      .limit(TAIL_BATCH)
      .execute();
    for (const row of rows) this.dispatch(toEvent(row), false);
  }

  private async onNotification(text: string) {
    let notified: NotifiedEvent;
    try {
      notified = JSON.parse(text) as NotifiedEvent;
    } catch {
      return;
    }
    let event: RealtimeEvent | undefined;
    if (notified.large) {
      const row = await this.database
        ?.selectFrom("realtime_events")
        .select(["id", "channel", "action", "payload", "created_at"])
        .where("id", "=", notified.id)
        .executeTakeFirst();
      if (!row) return;
        event = toEvent(row);
    } else {
      const { origin: _origin, large: _large, ...rest } = notified;
      event = rest as RealtimeEvent;
    }
    this.dispatch(event, notified.origin === this.origin);
  }

  /** Called by publish() after storing an event; the embedded database delivers by reading them. */
  eventStored() {
    if (this.mode !== "tail") return;
    if (this.tailing) {
      this.tailAgain = true;
      return;
    }
    this.tailing = true;
    void this.tail().finally(() => {
      this.tailing = false;
      if (this.tailAgain) {
        this.tailAgain = false;
        this.eventStored();
      }
    });
  }

  private async tail() {
    const database = this.database;
    if (!database) return;
    try {
      for (;;) {
        const rows = await database
          .selectFrom("realtime_events")
          .select(["id", "channel", "action", "payload", "created_at"])
          .where("id", ">", String(this.lastDeliveredId))
          .orderBy("id")
          .limit(TAIL_BATCH)
          .execute();
            for (const row of rows) this.dispatch(toEvent(row), true);
        if (rows.length < TAIL_BATCH) return;
      }
    } catch (error) {
      logger().warn({ err: error }, "realtime events could not be read");
    }
  }

  private dispatch(event: RealtimeEvent, storedHere: boolean) {
    const id = BigInt(event.id);
    if (id > this.lastDeliveredId) this.lastDeliveredId = id;
    for (const subscriber of this.byChannel.get(event.channel) ?? []) {
      try {
        subscriber.deliver(event);
      } catch (error) {
        logger().warn({ err: error }, "a realtime subscriber failed");
      }
    }
    if (storedHere && this.relay) {
      this.relay(event).catch((error) => logger().warn({ err: error, eventId: event.id }, "realtime relay failed"));
    }
  }

  /** Hears events on these channels until the returned function is called. */
  async subscribe(channels: readonly string[], deliver: Subscriber["deliver"], close: Subscriber["close"]) {
    await this.start();
    const subscriber: Subscriber = { channels: new Set(channels), deliver, close };
    this.subscribers.add(subscriber);
    for (const channel of subscriber.channels) {
      let set = this.byChannel.get(channel);
      if (!set) this.byChannel.set(channel, (set = new Set()));
      set.add(subscriber);
    }
    return () => {
      this.subscribers.delete(subscriber);
      for (const channel of subscriber.channels) {
        const set = this.byChannel.get(channel);
        set?.delete(subscriber);
        if (set?.size === 0) this.byChannel.delete(channel);
      }
    };
  }

  private async prune() {
    try {
      await this.database
        ?.deleteFrom("realtime_events")
        .where("created_at", "<", sql<Date>`now() - ${sql.lit(RETENTION)}::interval`)
        .execute();
    } catch (error) {
      logger().warn({ err: error }, "old realtime events could not be removed");
    }
  }

  private async stopListening() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pruneTimer);
    const listener = this.listener;
    this.listener = undefined;
    this.starting = undefined;
    this.database = undefined;
    this.mode = undefined;
    if (listener) {
      listener.removeAllListeners();
      listener.on("error", () => undefined);
      await listener.end().catch(() => undefined);
    }
  }

  /** Ends every open stream (clients reconnect elsewhere) and the listener: graceful shutdown. */
  async close() {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
    this.byChannel.clear();
    await this.stopListening();
  }
}

export function toEvent(row: { id: string | number; channel: string; action: RealtimeAction; payload: unknown; created_at: Date | string }): RealtimeEvent {
  return {
    id: String(row.id),
    channel: row.channel,
    action: row.action,
    payload: row.payload,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function realtimeHub(): RealtimeHub {
  return singleton("realtime-hub", () => new RealtimeHub());
}

/** Graceful shutdown and tests: ends open streams and the database listener. */
export async function closeRealtime() {
  await realtimeHub().close();
}
