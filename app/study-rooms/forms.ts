import { z } from "zod";
import { attachFileField } from "~/study-rooms/attachment-files";

/** The forms of /study-rooms, a room's page and an invite's page, as the actions parse them. */

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

const roomName = z.string({ error: "Name the room" }).trim().min(1, "Name the room").max(80, "Keep the name to 80 characters");

export const newRoomSchema = z.object({ name: roomName });

export const roomSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("invite"),
      user_id: id("Choose someone to invite").optional(),
      email: z.email({ error: "Enter an email address like name@example.com" }).max(254, "Enter an email address like name@example.com").optional(),
    })
    .refine((value) => value.user_id !== undefined || value.email !== undefined, { message: "Choose someone to invite, or enter the email of their account", path: ["email"] }),
  z.object({ intent: z.literal("cancel_invite"), invite_id: id("Choose an invite") }),
  z.object({ intent: z.literal("remove"), user_id: id("Choose someone to remove") }),
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("presence") }),
  z.object({ intent: z.literal("add_board"), name: z.string().trim().max(60, "Keep the name to 60 characters").optional() }),
  z.object({ intent: z.literal("activate_board"), board_id: id("Choose a board") }),
  z.object({ intent: z.literal("attach"), file: attachFileField }),
  z.object({ intent: z.literal("place"), attachment_id: id("Choose a file to place"), board_id: id("Choose a board") }),
]);

export const inviteAnswerSchema = z.object({ intent: z.enum(["accept", "decline"], { error: "Join or ignore the invite" }) });
