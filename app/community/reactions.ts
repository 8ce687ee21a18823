/**
 * The fixed set of reactions people leave on blog posts, activities and comments (SPEC §3
 * resource reactions). Pure, shared by server and client. The database checks the same ids
 * (migration 0029): adding one means a migration too.
 */
export const REACTIONS = [
  { id: "like", emoji: "👍", label: "Like" },
  { id: "love", emoji: "❤️", label: "Love" },
  { id: "insightful", emoji: "💡", label: "Insightful" },
  { id: "celebrate", emoji: "🎉", label: "Celebrate" },
  { id: "confused", emoji: "😕", label: "Confused" },
] as const;

export type ReactionId = (typeof REACTIONS)[number]["id"];
export const REACTION_IDS = REACTIONS.map((reaction) => reaction.id) as [ReactionId, ...ReactionId[]];

export function isReactionId(value: unknown): value is ReactionId {
  return typeof value === "string" && (REACTION_IDS as readonly string[]).includes(value);
}

/** Every reaction's count, zero for those nobody left: the `reaction_counts` map pages and the API answer. */
export type ReactionCounts = Record<ReactionId, number>;

export function reactionCounts(rows: readonly { reaction_id: string; count: number }[]): ReactionCounts {
  const counts = Object.fromEntries(REACTION_IDS.map((id) => [id, 0])) as ReactionCounts;
  for (const row of rows) if (isReactionId(row.reaction_id)) counts[row.reaction_id] = row.count;
  return counts;
}
