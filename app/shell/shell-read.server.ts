import { sql, type Expression } from "kysely";
import { jsonArrayFrom, jsonBuildObject } from "kysely/helpers/postgres";
import { unreadChatMessageCountQuery } from "~/chats/chats.server";
import { db } from "~/db/db.server";
import type { SchoolType } from "~/db/schema";
import { unreadNotificationCountQuery } from "~/notifications/notifications.server";
import { barMembershipList, barMembershipsQuery } from "~/partners/memberships.server";
import type { BarMembership } from "~/partners/membership";
import { unseenTourList, unseenToursQuery, type UnseenTour } from "~/site-tours/tours.server";

const ENROLLED = ["active", "trialing"] as const;

/**
 * Everything the shell shows a signed-in user (the courses menu's school type and MCAT / LSAT
 * courses, the account menu's partners, the tour prompt, the bell and chat badges, the realtime
 * resume point), as one SQL value computed from the user's id. The root loader reads it in the
 * same round trip as the session (`currentSessionWith`), so a signed-in page costs one query
 * for its shell instead of eight.
 */
export function shellRead(options: { tours: boolean }) {
  // One function per shape, so the session lookup builds each statement once (SessionExtra).
  return options.tours ? shellReadWithTours : shellReadWithoutTours;
}

const shellReadWithTours = shellReadSql({ tours: true });
const shellReadWithoutTours = shellReadSql({ tours: false });

function shellReadSql(options: { tours: boolean }) {
  return (userId: Expression<number>) =>
    jsonBuildObject({
      schoolType: db()
        .selectFrom("users as u")
        .innerJoin("schools as s", "s.id", "u.school_id")
        .select("s.school_type")
        .where("u.id", "=", userId)
        .$asScalar(),
      examCourses: jsonArrayFrom(
        db()
          .selectFrom("online_course_users as ocu")
          .innerJoin("online_courses as oc", "oc.id", "ocu.online_course_id")
          .select(["oc.id", "oc.course_code"])
          .where("ocu.user_id", "=", userId)
          .where("ocu.status", "in", ENROLLED)
          .where("oc.course_code", "in", ["MCAT", "LSAT"])
          .orderBy("ocu.updated_at", "desc"),
      ),
      partnerMemberships: jsonArrayFrom(barMembershipsQuery(userId)),
      // A browser that has turned tour prompts off is not prompted, so the tours are not read.
      unseenTours: options.tours ? jsonArrayFrom(unseenToursQuery(userId)) : sql<{ id: number; key: string }[]>`'[]'::json`,
      unreadNotifications: unreadNotificationCountQuery(userId).$asScalar(),
      unreadChatMessages: unreadChatMessageCountQuery(userId).$asScalar(),
      // Text, so an id beyond 2^53 survives JSON.
      lastEventId: db().selectFrom("realtime_events").select(sql<string | null>`max(id)::text`.as("last")).$asScalar(),
    });
}

/** The shell's read as the shell and the realtime summary use it. */
export interface ShellRead {
  schoolType: SchoolType | null;
  mcatCourseId: number | null;
  lsatCourseId: number | null;
  partnerMemberships: BarMembership[];
  unseenTours: UnseenTour[];
  unreadNotifications: number;
  unreadChatMessages: number;
  lastEventId: string | null;
}

type ShellRow = ReturnType<typeof shellReadWithTours> extends Expression<infer T> ? T : never;

export function shellReadOf(row: ShellRow): ShellRead {
  const own = (code: string) => row.examCourses.find((course) => course.course_code === code)?.id ?? null;
  return {
    schoolType: (row.schoolType as SchoolType | null) ?? null,
    mcatCourseId: own("MCAT"),
    lsatCourseId: own("LSAT"),
    partnerMemberships: barMembershipList(row.partnerMemberships),
    unseenTours: unseenTourList(row.unseenTours),
    unreadNotifications: row.unreadNotifications ?? 0,
    unreadChatMessages: row.unreadChatMessages ?? 0,
    lastEventId: row.lastEventId ?? null,
  };
}
