import { describe, expect, it } from "vitest";
import { NEW_ACCOUNT_DAYS, NEW_ACCOUNT_POSTS_PER_HOUR, postingAllowance } from "~/community/moderation";

const now = new Date("2026-11-28T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe("how fast an account may post on the forum", () => {
  it.each([
    ["a new account under the limit", daysAgo(0), NEW_ACCOUNT_POSTS_PER_HOUR - 1, false, true],
    ["a new account at the limit", daysAgo(0), NEW_ACCOUNT_POSTS_PER_HOUR, false, false],
    ["a six-day-old account at the limit", daysAgo(NEW_ACCOUNT_DAYS - 1), NEW_ACCOUNT_POSTS_PER_HOUR, false, false],
    ["an account exactly a week old", daysAgo(NEW_ACCOUNT_DAYS), 50, false, true],
    ["an old account posting a lot", daysAgo(400), 500, false, true],
    ["a new moderator", daysAgo(0), 100, true, true],
  ])("%s", (_case, createdAt, posts, moderator, allowed) => {
    const answer = postingAllowance({ accountCreatedAt: createdAt, now, postsInLastHour: posts, moderator });
    expect(answer.ok).toBe(allowed);
    if (!answer.ok) expect(answer.message).toBe(`New accounts post at most ${NEW_ACCOUNT_POSTS_PER_HOUR} times an hour for their first ${NEW_ACCOUNT_DAYS} days. Please try again later.`);
  });
});
