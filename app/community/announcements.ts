import { z } from "zod";
import type { AnnouncementAudience, AnnouncementReplyStatus } from "~/db/schema";

/**
 * Announcements for class reps and marketing reps (SPEC §2, §3, §4): pure rules and the form
 * schemas, shared by server and client.
 */
export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = { class_rep: "Class reps", marketing_rep: "Marketing reps" };
export const AUDIENCES = Object.keys(AUDIENCE_LABELS) as AnnouncementAudience[];

/** The replies a recipient chooses from; "resolved" is reached by resolving, not chosen. */
export const REPLY_CHOICES = { accepted: "I'm in", declined: "Can't this time", question: "I have a question" } as const;
export type ReplyChoice = keyof typeof REPLY_CHOICES;

export const REPLY_STATUS_LABELS: Record<AnnouncementReplyStatus, string> = { ...REPLY_CHOICES, resolved: "Resolved" };

export const STAFF_ROLES = ["admin", "marketing_manager"] as const;

export function isAnnouncementStaff(roles: readonly string[]): boolean {
  return roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role));
}

/** Whether someone with these roles receives (and may answer) an announcement for this audience. */
export function isRecipient(roles: readonly string[], audience: readonly string[]): boolean {
  return audience.some((target) => roles.includes(target));
}

/** Who may resolve a response: the person who gave it, or staff. */
export function mayResolve(viewer: { id: number; roles: readonly string[] }, response: { user_id: number }): boolean {
  return viewer.id === response.user_id || isAnnouncementStaff(viewer.roles);
}

/** pending_announcements after a response is created: one less, never below zero (SPEC §4). */
export function pendingAfterResponse(pending: number): number {
  return Math.max(0, pending - 1);
}

const id = z.coerce.number({ error: "Choose an announcement" }).int().positive().max(2_147_483_647);
const comment = z.string().trim().max(2000, "Use at most 2,000 characters");

export const respondSchema = z.object({
  intent: z.literal("respond"),
  announcement_id: id,
  reply_status: z.enum(Object.keys(REPLY_CHOICES) as [ReplyChoice, ...ReplyChoice[]], { error: "Choose a reply" }),
  comment: comment.optional().transform((value) => value || undefined),
});

export const commentSchema = z.object({
  intent: z.literal("comment"),
  announcement_id: id,
  body: comment.min(1, "Write a comment"),
});

export const resolveSchema = z.object({ intent: z.literal("resolve"), response_id: id });

export const createAnnouncementSchema = z.object({
  intent: z.literal("create"),
  title: z.string({ error: "Give the announcement a title" }).trim().min(1, "Give the announcement a title").max(200, "Use at most 200 characters"),
  body: z.string({ error: "Write the announcement" }).trim().min(1, "Write the announcement").max(5000, "Use at most 5,000 characters"),
  audience: z
    .array(z.enum(AUDIENCES as [AnnouncementAudience, ...AnnouncementAudience[]]))
    .min(1, "Choose who receives it")
    .transform((list) => [...new Set(list)]),
});

export const announcementActionSchema = z.discriminatedUnion("intent", [respondSchema, commentSchema, resolveSchema, createAnnouncementSchema]);
export type AnnouncementAction = z.infer<typeof announcementActionSchema>;
