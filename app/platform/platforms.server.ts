import { db } from "~/db/db.server";

/** What a browser reports about itself (SPEC §3 platform): its client id, the browser, and the extension's version when installed. */
export interface PlatformReport {
  clientId: string;
  browserInfo: string;
  extensionVersion: string | null;
}

/** Keeps the latest report of this browser for the user (one row per user and browser). */
export async function recordPlatform(userId: number, report: PlatformReport, now = new Date()): Promise<void> {
  const values = {
    browser_info: report.browserInfo.slice(0, 500),
    extension_version: report.extensionVersion,
    updated_at: now,
  };
  await db()
    .insertInto("user_platforms")
    .values({ user_id: userId, client_id: report.clientId, ...values })
    .onConflict((oc) => oc.columns(["user_id", "client_id"]).doUpdateSet(values))
    .execute();
}

export interface UserPlatform {
  clientId: string;
  browserInfo: string;
  extensionVersion: string | null;
  updatedAt: Date;
}

/** A user's browsers, most recently seen first (the admin user page). */
export async function userPlatforms(userId: number, limit = 10): Promise<UserPlatform[]> {
  const rows = await db()
    .selectFrom("user_platforms")
    .select(["client_id", "browser_info", "extension_version", "updated_at"])
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    clientId: row.client_id,
    browserInfo: row.browser_info,
    extensionVersion: row.extension_version,
    updatedAt: row.updated_at,
  }));
}
