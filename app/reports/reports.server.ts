import { sql } from "kysely";
import { db } from "~/db/db.server";
import { lastMonths, monthGrid, monthStart, type MonthKey } from "~/reports/months";
import { REPORT_MONTHS, type ReportKind } from "~/reports/report-kinds";
import { TRACKING_EVENT_TYPES } from "~/tracking/landing-pages";

/**
 * The admin reports (SPEC §3 reports): signups, revenue, active students, landing-page views and
 * the conversions after them, by month, over the last twelve months. Each answers a table (columns and month rows) that the page shows and the
 * CSV route writes; money stays in integer cents here.
 */

export interface MonthlyReport {
  kind: ReportKind;
  /** The value columns, after the month. */
  columns: string[];
  rows: { month: MonthKey; values: number[] }[];
  /** Whether values are cents (revenue). */
  money: boolean;
}

export async function monthlyReport(kind: ReportKind, now: Date): Promise<MonthlyReport> {
  const months = lastMonths(now, REPORT_MONTHS);
  const since = monthStart(now, -(REPORT_MONTHS - 1));
  const rows = await REPORT_QUERIES[kind](since);
  const columns = [...new Set(rows.map((row) => row.group))].sort();
  return { kind, columns, rows: monthGrid(months, columns, rows), money: kind === "revenue" };
}

/** New accounts by month and role; an account without roles counts as a student, one with several under each. */
async function signups(since: Date) {
  const { rows } = await sql<{ month: string; group: string; value: number }>`
    select to_char(date_trunc('month', users.created_at at time zone 'UTC'), 'YYYY-MM') as month, r.role as "group", count(*)::int as value
    from users cross join lateral unnest(case when cardinality(users.roles) = 0 then array['student'] else users.roles end) as r(role)
    where users.created_at >= ${since}
    group by 1, 2`.execute(db());
  return rows;
}

/** Paid purchases by month paid and product (kind and currency); a refund is taken off in the month it was refunded. */
async function revenue(since: Date) {
  const { rows } = await sql<{ month: string; group: string; value: number }>`
    select to_char(date_trunc('month', at at time zone 'UTC'), 'YYYY-MM') as month, kind || ' (' || currency || ')' as "group", sum(cents)::int as value
    from (
      select paid_at as at, kind, currency, total_cents as cents from purchases where paid_at is not null and status in ('paid', 'refunded')
      union all
      select refunded_at as at, kind, currency, -total_cents as cents from purchases where refunded_at is not null and status = 'refunded' and paid_at is not null
    ) money
    where at >= ${since}
    group by 1, 2`.execute(db());
  return rows;
}

/** Students (accounts without roles) who completed an activity, submitted a quiz or attended a study session date that month. */
async function activeStudents(since: Date) {
  const { rows } = await sql<{ month: string; group: string; value: number }>`
    select to_char(date_trunc('month', at at time zone 'UTC'), 'YYYY-MM') as month, 'active students' as "group", count(distinct user_id)::int as value
    from (
      select ocu.user_id, ac.completed_at as at from activity_completions ac join online_course_users ocu on ocu.id = ac.online_course_user_id
      union all
      select user_id, submitted_at from quiz_attempts
      union all
      select ssu.user_id, d.start_time from study_session_users ssu join study_session_dates d on d.study_session_id = ssu.study_session_id
      where ssu.status = 'active' and ssu.role = 'student' and d.start_time <= now()
    ) activity
    join users on users.id = activity.user_id and cardinality(users.roles) = 0
    where at >= ${since}
    group by 1`.execute(db());
  return rows;
}

/** Landing-page views (the `landing_page_view` tracking events) by month and page. */
async function landingPageViews(since: Date) {
  const { rows } = await sql<{ month: string; group: string; value: number }>`
    select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month, coalesce(target_id, 'unknown') as "group", count(*)::int as value
    from tracking_events
    where event_type = ${TRACKING_EVENT_TYPES.landingPageView} and created_at >= ${since}
    group by 1, 2`.execute(db());
  return rows;
}

/**
 * Sign-ups and paid purchases whose account used a browser (device id) that viewed a landing page
 * in the 30 days before, by month of the conversion and page: see REPORT_NOTES for what it leaves out.
 */
async function landingPageConversions(since: Date) {
  const { rows } = await sql<{ month: string; group: string; value: number }>`
    with devices as (
      select distinct device_uuid, user_id from tracking_events where user_id is not null and device_uuid is not null
    ), conversions as (
      select id as user_id, 'sign-ups' as what, created_at as at, id as ref from users where created_at >= ${since}
      union all
      select user_id, 'purchases', paid_at, id from purchases where paid_at is not null and paid_at >= ${since} and status in ('paid', 'refunded')
    )
    select to_char(date_trunc('month', c.at at time zone 'UTC'), 'YYYY-MM') as month, views.target_id || ': ' || c.what as "group",
      count(distinct (c.what, c.ref))::int as value
    from conversions c
    join devices d on d.user_id = c.user_id
    join tracking_events views on views.device_uuid = d.device_uuid and views.event_type = ${TRACKING_EVENT_TYPES.landingPageView}
      and views.created_at <= c.at and views.created_at > c.at - interval '30 days'
    group by 1, 2`.execute(db());
  return rows;
}

const REPORT_QUERIES: Record<ReportKind, (since: Date) => Promise<{ month: string; group: string; value: number }[]>> = {
  signups,
  revenue,
  "active-students": activeStudents,
  "landing-pages": landingPageViews,
  "landing-page-conversions": landingPageConversions,
};
