import type { Kysely } from "kysely";
import { runStatements } from "./support";

// Staff edit the site tours' steps (SPEC §4: add, remove and reorder steps). Reordering rewrites
// a tour's positions in one transaction, so the (tour, position) rule is checked at commit.
// The platform a signed-in user's browser reports (SPEC §3 platform: client id, browser,
// the marketplace extension's version), one row per browser, so staff can see it on the user's page.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table site_tour_steps drop constraint site_tour_steps_tour_id_position_key;
    alter table site_tour_steps add constraint site_tour_steps_tour_id_position_key unique (tour_id, position) deferrable initially deferred;

    create table user_platforms (
      user_id integer not null references users(id) on delete cascade,
      client_id text not null check (client_id ~ '^[A-Za-z0-9_-]{8,80}$'),
      browser_info text not null default '' check (length(browser_info) <= 500),
      extension_version text check (extension_version is null or length(extension_version) between 1 and 40),
      updated_at timestamptz not null default now(),
      primary key (user_id, client_id)
    )
    `
  );
}
