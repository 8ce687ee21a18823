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

/** One event to publish: where it goes, what it is, what it carries. */
export interface OutgoingEvent<Payload = unknown> {
  channel: string;
  action: RealtimeAction;
  payload: Payload;
}

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
  const [event] = await publishAll(executor, [{ channel, action, payload }]);
  return event!;
}

/**
 * publish() for several events at once, in two statements however many there are (one on the
 * embedded database): one insert of every row, one query that NOTIFYs each event. They are
 * stored, and heard, in the order given.
 */
export async function publishAll<Payload>(executor: Executor, outgoing: readonly OutgoingEvent<Payload>[]): Promise<RealtimeEvent<Payload>[]> {
  if (outgoing.length === 0) return [];
  // PostgreSQL numbers the rows of a multi-row insert, and returns them, in the order of its values.
  const rows = await executor
    .insertInto("realtime_events")
    .values(outgoing.map(({ channel, action, payload }) => ({ channel, action, payload: JSON.stringify(payload) })))
    .returning(["id", "created_at"])
    .execute();
  const events = outgoing.map(({ channel, action, payload }, i): RealtimeEvent<Payload> => ({
    id: String(rows[i]!.id),
    channel,
    action,
    payload,
    created_at: new Date(rows[i]!.created_at).toISOString(),
  }));
  ensureRealtimeRelay();
  const hub = realtimeHub();
  if (databaseKind() === "postgres") {
    // Every instance listens, whether or not this one does; one notification per event, as the
    // listener reads one event from each. They are delivered in the order they were sent.
    const messages = events.map((event) => {
      const whole = JSON.stringify({ ...event, origin: hub.origin });
      return Buffer.byteLength(whole) < MAX_NOTIFY_BYTES ? whole : JSON.stringify({ id: event.id, origin: hub.origin, large: true });
    });
    await sql`select pg_notify(${NOTIFY_CHANNEL}, message) from unnest(${messages}::text[]) with ordinality as sent(message, position) order by position`.execute(executor);
  }
  hub.eventStored();
  return events;
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
