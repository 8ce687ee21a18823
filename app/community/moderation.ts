import type { ReportReason } from "~/db/schema";

/**
 * The forum's moderation rules. Pure. New accounts post at a limited pace (a spammer's fresh
 * account cannot flood a board); reports name a reason from a fixed list.
 */

/** An account this young posts (posts and replies together) at most NEW_ACCOUNT_POSTS_PER_HOUR an hour. */
export const NEW_ACCOUNT_DAYS = 7;
export const NEW_ACCOUNT_POSTS_PER_HOUR = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PostingAllowance = { ok: true } | { ok: false; message: string };

export function postingAllowance(input: { accountCreatedAt: Date; now: Date; postsInLastHour: number; moderator: boolean }): PostingAllowance {
  if (input.moderator) return { ok: true };
  const ageMs = input.now.getTime() - input.accountCreatedAt.getTime();
  if (ageMs >= NEW_ACCOUNT_DAYS * DAY_MS) return { ok: true };
  if (input.postsInLastHour < NEW_ACCOUNT_POSTS_PER_HOUR) return { ok: true };
  return { ok: false, message: `New accounts post at most ${NEW_ACCOUNT_POSTS_PER_HOUR} times an hour for their first ${NEW_ACCOUNT_DAYS} days. Please try again later.` };
}

export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = [
  { value: "spam", label: "Spam or advertising" },
  { value: "abuse", label: "Abusive or harassing" },
  { value: "off_topic", label: "Off topic" },
  { value: "other", label: "Something else" },
];

export const POST_MODERATIONS = ["hide", "unhide", "lock", "unlock", "pin", "unpin", "delete"] as const;
export type PostModeration = (typeof POST_MODERATIONS)[number];

export const MODERATION_MESSAGES: Record<PostModeration, string> = {
  hide: "The post is hidden: only moderators see it.",
  unhide: "The post is visible again.",
  lock: "The post is locked: no new replies.",
  unlock: "The post takes replies again.",
  pin: "The post is pinned to the top of the board.",
  unpin: "The post is no longer pinned.",
  delete: "The post and its replies are deleted.",
};
