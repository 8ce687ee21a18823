import { sql } from "kysely";
import { db } from "~/db/db.server";
import { createNotification } from "~/notifications/notifications.server";
import { roomChannel, userChannel } from "~/realtime/channels";
import { publish } from "~/realtime/events.server";
import { hitRateLimit, type RateLimitRule } from "~/security/rate-limit.server";
import { nameSql, type StudyRoomRecord } from "~/study-rooms/rooms.server";
import { INVITE_RING_MS, ROOM_MEMBER_LIMIT } from "~/study-rooms/rules";


type Refused = { kind: "refused"; status: number; message: string };

/** What STUDY_ROOM_INVITE carries: enough for the popup to show who calls and to answer. */
export interface InvitePush {
  invite_id: number;
  room_id: number;
  room_name: string;
  inviter_id: number;
  inviter_name: string;
  inviter_avatar: string | null;
  expires_in_ms: number;
}

/**
 * People the user can invite: those they chat with and their tutoring students or tutors, who
 * are not in the room already. Anyone else is invited by the email of their account.
 */
export async function inviteContacts(userId: number, roomId: number) {
  const chatPartners = db()
    .selectFrom("chat_members as mine")
    .innerJoin("chat_members as theirs", "theirs.chat_id", "mine.chat_id")
    .select("theirs.user_id as id")
    .where("mine.user_id", "=", userId);
  const tutoringPartners = db()
    .selectFrom("student_tutor_contracts")
    .select(sql<number>`case when student_id = ${userId} then tutor_id else student_id end`.as("id"))
    .where((eb) => eb.or([eb("student_id", "=", userId), eb("tutor_id", "=", userId)]));
  return db()
    .selectFrom("users")
    .select(["users.id", nameSql.as("name")])
    .where("users.id", "in", chatPartners.union(tutoringPartners))
    .where("users.id", "<>", userId)
    .where("users.deactivated_at", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("study_room_members")
            .select("study_room_members.user_id")
            .whereRef("study_room_members.user_id", "=", "users.id")
            .where("study_room_members.room_id", "=", roomId)
            .where("study_room_members.removed_at", "is", null),
        ),
      ),
    )
    .orderBy("name")
    .limit(100)
    .execute();
}

/**
 * Invites a user may send in an hour, answered or not. Each one rings someone wherever they are
 * in the app, and an invite by email says whether the address has an account: both are for
 * studying with people one knows, not for ringing or probing strangers.
 */
export const INVITE_RATE_LIMIT: RateLimitRule = { name: "study-room-invite:user", limit: 20, windowSeconds: 3600 };

/** Counts one invite (or lookup by email) against the inviter's hour; past the limit, what to tell the inviter and when to try again. */
export async function spendInviteAllowance(userId: number, now: Date): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const result = await hitRateLimit(INVITE_RATE_LIMIT, String(userId), now);
  if (result.allowed) return null;
  return { message: `You have sent many invites this hour. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`, retryAfterSeconds: result.retryAfterSeconds };
}

/** The account an email names, if any is active. */
export async function userByEmail(email: string) {
  return db().selectFrom("users").select("id").where(sql`lower(email)`, "=", email.trim().toLowerCase()).where("deactivated_at", "is", null).executeTakeFirst();
}

/**
 * Rings the invitee wherever they are in the app (STUDY_ROOM_INVITE on their channel) and leaves
 * a notification with a plain form to join, for an invite missed. Inviting someone whose invite is
 * still unanswered rings them again.
 */
export async function inviteToStudyRoom(input: { room: StudyRoomRecord; inviterId: number; inviteeId: number; now: Date }): Promise<{ kind: "invited"; inviteId: number } | Refused> {
  const { room, inviterId, inviteeId, now } = input;
  if (inviteeId === inviterId) return { kind: "refused", status: 400, message: "You are in this room already." };
  return db()
    .transaction()
    .execute(async (trx) => {
      // One invite at a time per room: two hosts inviting at once cannot pass the member limit together.
      await trx.selectFrom("study_rooms").select("id").where("id", "=", room.id).forUpdate().execute();
      const [members, invitee, inviter] = await Promise.all([
        trx.selectFrom("study_room_members").select(["user_id"]).where("room_id", "=", room.id).where("removed_at", "is", null).execute(),
        trx.selectFrom("users").select(["id", "deactivated_at"]).where("id", "=", inviteeId).executeTakeFirst(),
        trx.selectFrom("users").select(["id", nameSql.as("name"), sql<string | null>`users.avatar->>'thumb'`.as("avatar")]).where("id", "=", inviterId).executeTakeFirstOrThrow(),
      ]);
      if (!invitee || invitee.deactivated_at) return { kind: "refused", status: 404, message: "No one with that account can be invited." } as const;
      if (members.some((member) => member.user_id === inviteeId)) return { kind: "refused", status: 409, message: "They are in this room already." } as const;
      if (members.length >= ROOM_MEMBER_LIMIT) return { kind: "refused", status: 409, message: `A study room holds ${ROOM_MEMBER_LIMIT} people. Remove someone before inviting another.` } as const;
      const ringing = await trx
        .insertInto("study_room_invites")
        .values({ room_id: room.id, inviter_id: inviterId, invitee_id: inviteeId })
        .onConflict((conflict) => conflict.columns(["room_id", "invitee_id"]).where("status", "=", "ringing").doUpdateSet({ inviter_id: inviterId, created_at: now }))
        .returning("id")
        .executeTakeFirstOrThrow();
      const push: InvitePush = {
        invite_id: ringing.id,
        room_id: room.id,
        room_name: room.name,
        inviter_id: inviter.id,
        inviter_name: inviter.name,
        inviter_avatar: inviter.avatar,
        expires_in_ms: INVITE_RING_MS,
      };
      await publish(trx, userChannel(inviteeId), "STUDY_ROOM_INVITE", push);
      await createNotification(trx, {
        userId: inviteeId,
        type: "StudyRoomInvite",
        groupKey: `study_room_invite:${ringing.id}`,
        notifiable: { type: "StudyRoomInvite", id: ringing.id },
        data: { inviter_id: inviter.id, inviter_name: inviter.name, inviter_avatar: inviter.avatar, room_name: room.name, path: `/study-rooms/invites/${ringing.id}` },
      });
      await publish(trx, roomChannel(room.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: room.slug, invited: inviteeId } });
      return { kind: "invited", inviteId: ringing.id } as const;
    });
}

export async function findInvite(inviteId: number) {
  return db()
    .selectFrom("study_room_invites")
    .innerJoin("study_rooms", "study_rooms.id", "study_room_invites.room_id")
    .innerJoin("users", "users.id", "study_room_invites.inviter_id")
    .select([
      "study_room_invites.id",
      "study_room_invites.status",
      "study_room_invites.invitee_id",
      "study_room_invites.inviter_id",
      "study_room_invites.created_at",
      "study_rooms.id as room_id",
      "study_rooms.slug as room_slug",
      "study_rooms.name as room_name",
      nameSql.as("inviter_name"),
      sql<string | null>`users.avatar->>'thumb'`.as("inviter_avatar"),
    ])
    .where("study_room_invites.id", "=", inviteId)
    .executeTakeFirst();
}

/**
 * The invitee's answer. Accepting makes them a member and sends STUDY_ROOM_INITIALIZED with the
 * room's friendly id, which takes the popup to the room; ignoring tells the room.
 */
export async function answerInvite(input: { inviteId: number; userId: number; answer: "accept" | "decline"; now: Date }): Promise<{ kind: "accepted"; slug: string } | { kind: "declined" } | Refused> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const invite = await trx
        .selectFrom("study_room_invites")
        .innerJoin("study_rooms", "study_rooms.id", "study_room_invites.room_id")
        .select(["study_room_invites.id", "study_room_invites.status", "study_room_invites.invitee_id", "study_room_invites.inviter_id", "study_rooms.id as room_id", "study_rooms.slug"])
        .where("study_room_invites.id", "=", input.inviteId)
        .forUpdate()
        .executeTakeFirst();
      if (!invite || invite.invitee_id !== input.userId) return { kind: "refused", status: 404, message: "There is no such invite." } as const;
      if (invite.status === "cancelled") return { kind: "refused", status: 409, message: "This invite was withdrawn." } as const;
      if (invite.status === "declined" && input.answer === "decline") return { kind: "declined" } as const;
      if (invite.status === "accepted" && input.answer === "accept") return { kind: "accepted", slug: invite.slug } as const;
      if (invite.status !== "ringing") return { kind: "refused", status: 409, message: `You ${invite.status} this invite already.` } as const;
      if (input.answer === "accept") {
        // Refused before anything is written: a full room leaves the invite ringing, to try again.
        await trx.selectFrom("study_rooms").select("id").where("id", "=", invite.room_id).forUpdate().execute();
        const members = await trx.selectFrom("study_room_members").select("user_id").where("room_id", "=", invite.room_id).where("removed_at", "is", null).execute();
        if (members.length >= ROOM_MEMBER_LIMIT) return { kind: "refused", status: 409, message: "The room is full." } as const;
      }
      await trx.updateTable("study_room_invites").set({ status: input.answer === "accept" ? "accepted" : "declined", answered_at: input.now }).where("id", "=", invite.id).execute();
      await trx
        .updateTable("notifications")
        .set({ read: true })
        .where("user_id", "=", input.userId)
        .where("notifiable_type", "=", "StudyRoomInvite")
        .where("notifiable_id", "=", String(invite.id))
        .execute();
      if (input.answer === "decline") {
        await publish(trx, roomChannel(invite.slug), "STANDARD_PUSH_UPDATE", { study_room: { slug: invite.slug, declined: input.userId } });
        return { kind: "declined" } as const;
      }
      await trx
        .insertInto("study_room_members")
        .values({ room_id: invite.room_id, user_id: input.userId, role: "guest" })
        .onConflict((conflict) => conflict.columns(["room_id", "user_id"]).doUpdateSet({ removed_at: null, added_at: input.now }))
        .execute();
      await publish(trx, userChannel(input.userId), "STUDY_ROOM_INITIALIZED", { friendly_id: invite.slug, invite_id: invite.id });
      return { kind: "accepted", slug: invite.slug } as const;
    });
}

/**
 * A ringing invite taken back by whoever sent it, or by someone who manages the room: the
 * invitee's popup goes (STUDY_ROOM_CANCEL_INVITE) and so does its notification.
 */
export async function cancelInvite(input: { inviteId: number; roomId: number; byUserId: number; managesRoom: boolean; now: Date }): Promise<{ kind: "cancelled" } | Refused> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const ringing = await trx
        .selectFrom("study_room_invites")
        .select(["id", "inviter_id"])
        .where("id", "=", input.inviteId)
        .where("room_id", "=", input.roomId)
        .where("status", "=", "ringing")
        .forUpdate()
        .executeTakeFirst();
      if (!ringing) return { kind: "refused", status: 409, message: "This invite was answered already." } as const;
      if (ringing.inviter_id !== input.byUserId && !input.managesRoom) return { kind: "refused", status: 403, message: "Only whoever sent an invite, or the room's host, can withdraw it." } as const;
      const cancelled = await trx
        .updateTable("study_room_invites")
        .set({ status: "cancelled", answered_at: input.now })
        .where("id", "=", ringing.id)
        .returning(["id", "invitee_id"])
        .executeTakeFirstOrThrow();
      await trx
        .deleteFrom("notifications")
        .where("user_id", "=", cancelled.invitee_id)
        .where("notifiable_type", "=", "StudyRoomInvite")
        .where("notifiable_id", "=", String(cancelled.id))
        .execute();
      await publish(trx, userChannel(cancelled.invitee_id), "STUDY_ROOM_CANCEL_INVITE", { invite_id: cancelled.id });
      return { kind: "cancelled" } as const;
    });
}
