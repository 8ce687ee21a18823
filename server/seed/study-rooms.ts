import type { Transaction } from "kysely";
import type { Database } from "../../app/db/schema";
import { DEMO_BOARD_ELEMENTS } from "../../app/study-rooms/demo-board";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Study rooms on first start: the demo student hosts a study group with their tutor, Jordan
 * Pham, in it, whose first board holds a worked derivative and whose second is empty. The demo
 * tutoring session's room is made when either of them first opens it.
 */
export async function seedStudyRooms(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date,
): Promise<{ study_rooms: number; study_room_members: number; study_room_whiteboards: number }> {
  const student = ids.user(`student@${DEMO_EMAIL_DOMAIN}`);
  const jordan = ids.user(`jordan.pham@${DEMO_EMAIL_DOMAIN}`);
  const created = new Date(now.getTime() - 3 * DAY_MS);
  const room = await trx
    .insertInto("study_rooms")
    .values({ slug: "demo-math-137-group", name: "MATH 137 study group", owner_id: student, created_at: created })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("study_room_members")
    .values([
      { room_id: room.id, user_id: student, role: "host", added_at: created },
      { room_id: room.id, user_id: jordan, role: "guest", added_at: created },
    ])
    .execute();
  const boards = await trx
    .insertInto("study_room_whiteboards")
    .values([
      { room_id: room.id, name: "Product rule", position: 0, elements: JSON.stringify(DEMO_BOARD_ELEMENTS), updated_by: jordan },
      { room_id: room.id, name: "Practice", position: 1, updated_by: student },
    ])
    .returning("id")
    .execute();
  await trx.updateTable("study_rooms").set({ active_whiteboard_id: boards[0]!.id }).where("id", "=", room.id).execute();
  return { study_rooms: 1, study_room_members: 2, study_room_whiteboards: boards.length };
}
