import { randomBytes } from "node:crypto";
import { sql, type Selectable } from "kysely";
import { db } from "~/db/db.server";
import { displayNameSql } from "~/db/display-name";
import type { Executor } from "~/db/executor";
import type { StudyRoomRole, StudyRoomsTable } from "~/db/schema";
import { roomChannel } from "~/realtime/channels";
import { publish } from "~/realtime/events.server";
import { stopBillingForRemoval } from "~/study-rooms/billings.server";
import { PRESENCE_WINDOW_MS, WHITEBOARD_LIMIT } from "~/study-rooms/rules";


/** A user's name as rooms show it (the display name, else first and last), read beside `users`. */
export const nameSql = displayNameSql("users");

const roomColumns = ["id", "slug", "name", "owner_id", "tutoring_session_id", "active_whiteboard_id", "dominant_speaker_id"] as const;

export type StudyRoomRecord = Pick<Selectable<StudyRoomsTable>, (typeof roomColumns)[number]>;

export interface RoomMembership {
  user_id: number;
  role: StudyRoomRole;
}

const newSlug = () => randomBytes(9).toString("base64url");

/** A room with its first board, its creator as host. */
export async function createStudyRoom(input: { ownerId: number; name: string }, executor: Executor = db()) {
  const run = async (trx: Executor) => {
    const room = await trx.insertInto("study_rooms").values({ slug: newSlug(), name: input.name, owner_id: input.ownerId }).returning(["id", "slug"]).executeTakeFirstOrThrow();
    await trx.insertInto("study_room_members").values({ room_id: room.id, user_id: input.ownerId, role: "host" }).execute();
    await addFirstWhiteboard(trx, room.id);
    return room;
  };
  return executor === db() ? db().transaction().execute(run) : run(executor);
}

async function addFirstWhiteboard(trx: Executor, roomId: number) {
  const board = await trx.insertInto("study_room_whiteboards").values({ room_id: roomId, name: "Board 1" }).returning("id").executeTakeFirstOrThrow();
  await trx.updateTable("study_rooms").set({ active_whiteboard_id: board.id }).where("id", "=", roomId).execute();
}

/**
 * The room at `slug` and its members, for the policy to say who may enter. A tutoring session's
 * room exists from the first time its tutor or student opens it, with both of them as members.
 */
export async function findStudyRoom(slug: string, userId: number | null): Promise<{ room: StudyRoomRecord; members: RoomMembership[] } | undefined> {
  let room = await db().selectFrom("study_rooms").select(roomColumns).where("slug", "=", slug).executeTakeFirst();
  if (!room && userId !== null) room = await roomForTutoringSession(slug, userId);
  if (!room) return undefined;
  const members = await db().selectFrom("study_room_members").select(["user_id", "role"]).where("room_id", "=", room.id).where("removed_at", "is", null).execute();
  return { room, members };
}

async function roomForTutoringSession(slug: string, userId: number) {
  const session = await db()
    .selectFrom("tutoring_sessions")
    .innerJoin("student_tutor_contracts as contracts", "contracts.id", "tutoring_sessions.contract_id")
    .leftJoin("courses", "courses.id", "contracts.course_id")
    .select(["tutoring_sessions.id", "tutoring_sessions.tutor_id", "tutoring_sessions.student_id", "courses.code"])
    .where("tutoring_sessions.room_slug", "=", slug)
    .where("tutoring_sessions.status", "<>", "cancelled")
    .executeTakeFirst();
  if (!session || (session.tutor_id !== userId && session.student_id !== userId)) return undefined;
  await db()
    .transaction()
    .execute(async (trx) => {
      const created = await trx
        .insertInto("study_rooms")
        .values({ slug, name: session.code ? `Tutoring: ${session.code}` : "Tutoring session", owner_id: session.tutor_id, tutoring_session_id: session.id })
        .onConflict((conflict) => conflict.doNothing())
        .returning("id")
        .executeTakeFirst();
      // Both opened it at once: the other request made the room.
      if (!created) return;
      await trx
        .insertInto("study_room_members")
        .values([
          { room_id: created.id, user_id: session.tutor_id, role: "tutor" },
          { room_id: created.id, user_id: session.student_id, role: "student" },
        ])
        .execute();
      await addFirstWhiteboard(trx, created.id);
    });
  return db().selectFrom("study_rooms").select(roomColumns).where("slug", "=", slug).executeTakeFirst();
}

export interface RoomMember {
  id: number;
  name: string;
  role: StudyRoomRole;
  avatarThumb: string | null;
  present: boolean;
}

/** The room's members, who of them is here now, its boards and its ringing invites, in one round trip. */
export async function loadStudyRoom(roomId: number, now: Date) {
  const since = new Date(now.getTime() - PRESENCE_WINDOW_MS);
  const [members, whiteboards, invites] = await Promise.all([
    db()
      .selectFrom("study_room_members")
      .innerJoin("users", "users.id", "study_room_members.user_id")
      .select(["users.id", nameSql.as("name"), "study_room_members.role", sql<string | null>`users.avatar->>'thumb'`.as("avatar_thumb"), "study_room_members.last_seen_at"])
      .where("study_room_members.room_id", "=", roomId)
      .where("study_room_members.removed_at", "is", null)
      .orderBy("study_room_members.added_at")
      .orderBy("users.id")
      .execute(),
    db()
      .selectFrom("study_room_whiteboards")
      .select(["id", "name", "elements", "background", "zoom", "revision"])
      .where("room_id", "=", roomId)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("study_room_invites")
      .innerJoin("users", "users.id", "study_room_invites.invitee_id")
      .select(["study_room_invites.id", "study_room_invites.inviter_id", nameSql.as("invitee_name"), "study_room_invites.created_at"])
      .where("study_room_invites.room_id", "=", roomId)
      .where("study_room_invites.status", "=", "ringing")
      .orderBy("study_room_invites.created_at")
      .execute(),
  ]);
  return {
    members: members.map((member): RoomMember => ({
      id: member.id,
      name: member.name,
      role: member.role,
      avatarThumb: member.avatar_thumb,
      present: member.last_seen_at !== null && member.last_seen_at >= since,
    })),
    whiteboards,
    invites,
  };
}

/** The member is in the room now: opening it, or the room page's heartbeat. Tells the others when they arrive. */
export async function recordPresence(room: { id: number; slug: string }, userId: number, now: Date) {
  const since = new Date(now.getTime() - PRESENCE_WINDOW_MS);
  await db()
    .transaction()
    .execute(async (trx) => {
      const member = trx.selectFrom("study_room_members").where("room_id", "=", room.id).where("user_id", "=", userId).where("removed_at", "is", null);
      const before = await member.select("last_seen_at").forUpdate().executeTakeFirst();
      if (!before) return;
      await trx.updateTable("study_room_members").set({ last_seen_at: now }).where("room_id", "=", room.id).where("user_id", "=", userId).execute();
      // Only an arrival is news; the heartbeat of someone already here is not.
      if (before.last_seen_at === null || before.last_seen_at < since) {
        await publish(trx, roomChannel(room.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: room.slug, arrived: userId } });
      }
    });
}

/** The rooms a user is in, newest first. */
export async function myStudyRooms(userId: number) {
  return db()
    .selectFrom("study_room_members as me")
    .innerJoin("study_rooms", "study_rooms.id", "me.room_id")
    .select([
      "study_rooms.slug",
      "study_rooms.name",
      "me.role",
      "study_rooms.created_at",
      "study_rooms.tutoring_session_id",
      (eb) =>
        eb
          .selectFrom("study_room_members as others")
          .select(sql<number>`count(*)::int`.as("count"))
          .whereRef("others.room_id", "=", "study_rooms.id")
          .where("others.removed_at", "is", null)
          .as("member_count"),
    ])
    .where("me.user_id", "=", userId)
    .where("me.removed_at", "is", null)
    .orderBy("study_rooms.created_at", "desc")
    .limit(100)
    .execute();
}

type Refused = { kind: "refused"; status: number; message: string };

/**
 * Someone leaves the room, or its host (a tutoring room's tutor) removes them. Billing running
 * between them stops (SPEC §4: removing participants clears the billing start).
 */
export async function removeFromStudyRoom(input: { room: { id: number; slug: string; owner_id: number }; userId: number; now: Date }): Promise<{ kind: "removed" } | Refused> {
  if (input.userId === input.room.owner_id) return { kind: "refused", status: 409, message: "The room's host stays in it." };
  return db()
    .transaction()
    .execute(async (trx) => {
      const removed = await trx
        .updateTable("study_room_members")
        .set({ removed_at: input.now, last_seen_at: null })
        .where("room_id", "=", input.room.id)
        .where("user_id", "=", input.userId)
        .where("removed_at", "is", null)
        .returning("user_id")
        .executeTakeFirst();
      if (!removed) return { kind: "refused", status: 409, message: "They are not in this room." } as const;
      await stopBillingForRemoval(trx, { roomId: input.room.id, userId: input.userId, now: input.now });
      await publish(trx, roomChannel(input.room.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: input.room.slug, removed: input.userId } });
      return { kind: "removed" } as const;
    });
}

/** A new board, made the active one. */
export async function addWhiteboard(input: { room: { id: number; slug: string }; name: string | undefined; userId: number }): Promise<{ kind: "added"; boardId: number } | Refused> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await trx.selectFrom("study_rooms").select("id").where("id", "=", input.room.id).forUpdate().execute();
      const { count } = await trx.selectFrom("study_room_whiteboards").select(sql<number>`count(*)::int`.as("count")).where("room_id", "=", input.room.id).executeTakeFirstOrThrow();
      if (count >= WHITEBOARD_LIMIT) return { kind: "refused", status: 409, message: `A room has up to ${WHITEBOARD_LIMIT} boards.` } as const;
      const board = await trx
        .insertInto("study_room_whiteboards")
        .values({ room_id: input.room.id, name: input.name || `Board ${count + 1}`, position: count, updated_by: input.userId })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("study_rooms").set({ active_whiteboard_id: board.id }).where("id", "=", input.room.id).execute();
      await publish(trx, roomChannel(input.room.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: input.room.slug, active_whiteboard_id: board.id, boards_changed: true } });
      return { kind: "added", boardId: board.id } as const;
    });
}

/** Everyone in the room turns to this board. */
export async function activateWhiteboard(input: { room: { id: number; slug: string }; boardId: number }): Promise<{ kind: "activated" } | Refused> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable("study_rooms")
        .set({ active_whiteboard_id: input.boardId })
        .where("id", "=", input.room.id)
        .where((eb) => eb.exists(eb.selectFrom("study_room_whiteboards").select("id").where("id", "=", input.boardId).where("room_id", "=", input.room.id)))
        .returning("id")
        .executeTakeFirst();
      if (!updated) return { kind: "refused", status: 404, message: "There is no such board in this room." } as const;
      await publish(trx, roomChannel(input.room.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: input.room.slug, active_whiteboard_id: input.boardId } });
      return { kind: "activated" } as const;
    });
}
