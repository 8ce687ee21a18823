/** A notification as pages and the bell see it (the document record's attributes, flattened). */
export interface NotificationItem {
  id: string;
  type: string;
  group_key: string | null;
  read: boolean;
  data: Record<string, unknown>;
  created_at: string;
}

export interface NotificationGroup {
  /** Stable key for lists: `${type}|${group_key}`. */
  key: string;
  type: string;
  group_key: string | null;
  /** Newest first. */
  items: NotificationItem[];
  unread: number;
  latest_at: string;
}

/**
 * Groups notifications by type and group_key (SPEC §3/§4), exactly as the calls that mark read
 * and delete address them: notifications of a type without a group_key form one group. Groups are ordered by their newest notification, newest first.
 */
export function groupNotifications(items: readonly NotificationItem[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  const sorted = [...items].sort((a, b) => b.created_at.localeCompare(a.created_at) || Number(b.id) - Number(a.id));
  for (const item of sorted) {
    const key = item.group_key === null ? `${item.type}|` : `${item.type}|=${item.group_key}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, type: item.type, group_key: item.group_key, items: [], unread: 0, latest_at: item.created_at }));
    group.items.push(item);
    if (!item.read) group.unread += 1;
  }
  return [...groups.values()];
}

const TITLES: Record<string, (group: NotificationGroup) => string> = {
  OnlineCoursePdfReady: () => "Your course booklet is ready to download",
  TokenCredit: (group) => (group.items.length > 1 ? `You received tokens ${group.items.length} times` : "You received tokens"),
  NotesRejected: (group) => {
    const title = group.items[0]?.data.title;
    return typeof title === "string" ? `Your notes “${title}” were not approved` : "Your notes were not approved";
  },
  ScholarshipDecision: (group) => {
    const name = group.items[0]?.data.scholarship_name;
    return typeof name === "string" ? `There is a decision on your application for the ${name}` : "There is a decision on your scholarship application";
  },
  StudyRoomInvite: (group) => {
    const name = group.items[0]?.data.inviter_name;
    return typeof name === "string" ? `${name} invited you to a study room` : "You were invited to a study room";
  },
  NewChatMessage: () => "You have a new chat message",
  ReferralReward: (group) => {
    const name = group.items[0]?.data.friend_name;
    const amount = group.items[0]?.data.amount;
    if (group.items.length > 1) return `You earned referral credit ${group.items.length} times`;
    return typeof name === "string" && typeof amount === "string" ? `${name} made their first purchase: you earned ${amount} credit` : "You earned referral credit";
  },
  OnlineCoursePublished: (group) => {
    const name = group.items[0]?.data.course_name;
    return typeof name === "string" ? `${name} is open: you can register now` : "A course you pre-registered for is open";
  },
  StudySessionReminder: (group) => {
    const title = group.items[0]?.data.title;
    const lead = group.items[0]?.data.lead;
    const when = lead === "1h" ? "starts in an hour" : "starts tomorrow";
    return typeof title === "string" ? `${title} ${when}` : `A live session you joined ${when}`;
  },
  TutoringSessionReminder: (group) => {
    const name = group.items[0]?.data.with_name;
    const when = group.items[0]?.data.lead === "1h" ? "starts in an hour" : "starts tomorrow";
    return typeof name === "string" && name ? `Your tutoring session with ${name} ${when}` : `One of your tutoring sessions ${when}`;
  },
  QuestionAsked: (group) => {
    const name = group.items[0]?.data.asker_name;
    const title = group.items[0]?.data.title;
    if (typeof title !== "string") return "A student asked you a question";
    if (group.items.length > 1) return `${group.items.length} new messages on “${title}”`;
    return typeof name === "string" && name ? `${name} asked: “${title}”` : `A student asked: “${title}”`;
  },
  QuestionAnswered: (group) => {
    const title = group.items[0]?.data.title;
    if (typeof title !== "string") return "Your question was answered";
    return group.items.length > 1 ? `${group.items.length} answers to “${title}”` : `Your question “${title}” was answered`;
  },
  ForumReply: (group) => {
    const name = group.items[0]?.data.author_name;
    const title = group.items[0]?.data.post_title;
    if (typeof title !== "string") return "New replies on a forum post you follow";
    if (group.items.length > 1) return `${group.items.length} new replies to “${title}”`;
    return typeof name === "string" && name ? `${name} replied to “${title}”` : `New reply to “${title}”`;
  },
  EssayComment: (group) => {
    const name = group.items[0]?.data.author_name;
    const title = group.items[0]?.data.essay_title;
    if (typeof title !== "string") return "New comments on your essay";
    if (group.items.length > 1) return `${group.items.length} new comments on “${title}”`;
    return typeof name === "string" && name ? `${name} commented on “${title}”` : `New comment on “${title}”`;
  },
  BlogPostPublished: (group) => {
    const title = group.items[0]?.data.post_title;
    return group.items.length === 1 && typeof title === "string" ? `Your post “${title}” is published` : "Your scheduled posts are published";
  },
  TutoringSessionFeedback: (group) => {
    const name = group.items[0]?.data.author_name;
    return typeof name === "string" && name ? `${name} left feedback on your tutoring session` : "You have feedback on a tutoring session";
  },
};

/** A readable line for a group; unknown types get their type name spelled out. */
export function groupTitle(group: NotificationGroup): string {
  const title = TITLES[group.type];
  if (title) return title(group);
  const words = group.type.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return group.items.length > 1 ? `${text} (${group.items.length})` : text;
}

/** Where a notification leads, if anywhere: only same-site paths. */
export function notificationLink(item: NotificationItem): string | null {
  const path = item.data.download_path ?? item.data.path;
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : null;
}
