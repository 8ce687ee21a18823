import type { Kysely } from "kysely";
import { runStatements } from "./support";

// The staff report of landing-page views and conversions (app/reports/reports.server.ts) reads
// events by type over months, and a browser's events by its device id and by account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    create index tracking_events_type_created_idx on tracking_events (event_type, created_at);
    create index tracking_events_device_idx on tracking_events (device_uuid, created_at) where device_uuid is not null;
    create index tracking_events_user_device_idx on tracking_events (user_id, device_uuid) where user_id is not null and device_uuid is not null
    `
  );
}
