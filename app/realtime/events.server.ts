import { sql } from "kysely";
import { databaseKind } from "~/db/db.server";
import type { Executor } from "~/db/executor";
import type { RealtimeAction } from "~/db/schema";
import type { RealtimeEvent } from "~/realtime/channels";
import { realtimeHub, toEvent } from "~/realtime/hub.server";
import { ensureRealtimeRelay } from "~/realtime/transport.server";

/** The PostgreSQL notification channel every app instance listens on. */
export const NOTIFY_CHANNEL = "realtime_events";
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; larger events travel by id.
const MAX_NOTIFY_BYTES = 7_500;

/**
 * Stores an event, then publishes it to whoever reads the channel, on every app instance.
 * Stored first, so a client that was away asks for it by id when it reconnects. Given a
 * transaction, the event goes out only once that transaction commits (NOTIFY is transactional;
 * on the embedded database the single connection is busy until then), and never if it rolls back.
 */
export async function publish<Payload>(
  executor: Executor,
  channel: string,
  action: RealtimeAction,
  payload: Payload,
): Promise<RealtimeEvent<Payload>> {
  const row = await executor
    .insertInto("realtime_events")
    .values({ channel, action, payload: JSON.stringify(payload) })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
  const event: RealtimeEvent<Payload> = { id: String(row.id), channel, action, payload, created_at: new Date(row.created_at).toISOString() };
  ensureRealtimeRelay();
  const hub = realtimeHub();
  if (databaseKind() === "postgres") {
    // Every instance listens, whether or not this one does.
    const whole = JSON.stringify({ ...event, origin: hub.origin });
    const message = Buffer.byteLength(whole) < MAX_NOTIFY_BYTES ? whole : JSON.stringify({ id: event.id, origin: hub.origin, large: true });
    await sql`select pg_notify(${NOTIFY_CHANNEL}, ${message})`.execute(executor);
  }
  hub.eventStored();
  return event;
}

const REPLAY_LIMIT = 500;

/** Events on these channels after the given id, oldest first: what a reconnecting client missed. */
export async function eventsAfter(executor: Executor, channels: readonly string[], afterId: string): Promise<RealtimeEvent[]> {
  if (channels.length === 0) return [];
  const rows = await executor
    .selectFrom("realtime_events")
    .select(["id", "channel", "action", "payload", "created_at"])
    .where("channel", "in", channels)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(REPLAY_LIMIT)
    .execute();
  return rows.map(toEvent);
}
