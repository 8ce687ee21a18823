import type { Decision, LockReason } from "~/online-courses/access";

/**
 * The rules of a practice question set (SPEC §2 /practice-questions/{id}/*, §9): what it costs in
 * tokens, whether the student has it (with the course's package, or bought with tokens), how long
 * exam mode runs, where a practice-mode attempt stands, and accuracy per topic. Pure.
 */

/** Tokens a set costs when its activity names no price of its own. */
export const PRACTICE_SET_TOKEN_PRICE = 5;
const MAX_TOKEN_PRICE = 1000;

/** The set's price in tokens: its activity content's `token_price` when that is a sensible whole number. */
export function practiceSetPrice(content: Record<string, unknown> | null): number {
  const price = content?.token_price;
  return typeof price === "number" && Number.isInteger(price) && price >= 1 && price <= MAX_TOKEN_PRICE ? price : PRACTICE_SET_TOKEN_PRICE;
}

export type SetAccess =
  /** Open with the course: its package, a subscription, a free preview, or the viewer runs the course. */
  | { kind: "included" }
  /** Bought with tokens. */
  | { kind: "unlocked" }
  /** Signed in, the course visible, not included: tokens buy it. */
  | { kind: "buy"; price: number; balance: number; affordable: boolean }
  | { kind: "sign-in"; price: number }
  /** The course is not open to the viewer yet (preparing): nothing to buy. */
  | { kind: "locked"; reason: LockReason };

/** Lock reasons under which tokens may open the set instead: the course is open to the viewer, the package is what is missing. */
const BUYABLE: readonly LockReason[] = ["needs-practice", "needs-learn", "practice-not-offered", "enrolment-inactive", "needs-subscription", "needs-bundle", "needs-full-payment"];

export function setAccess(input: { decision: Decision; unlocked: boolean; signedIn: boolean; price: number; balance: number }): SetAccess {
  if (input.decision.allowed) return { kind: "included" };
  if (input.unlocked) return { kind: "unlocked" };
  if (!input.signedIn) return input.decision.reason === "not-open-yet" ? { kind: "locked", reason: "not-open-yet" } : { kind: "sign-in", price: input.price };
  if (!BUYABLE.includes(input.decision.reason)) return { kind: "locked", reason: input.decision.reason };
  return { kind: "buy", price: input.price, balance: input.balance, affordable: input.balance >= input.price };
}

export const opensSet = (access: SetAccess) => access.kind === "included" || access.kind === "unlocked";

/** Exam mode gives 90 seconds a question (the pace of the MCAT and the LSAT), at least a minute. */
export function examTimeLimitMinutes(questionCount: number): number {
  return Math.max(1, Math.ceil((Math.max(0, questionCount) * 90) / 60));
}

/** Where a practice-mode attempt stands: answered so far, and the next question to answer (null when every one is). */
export function practiceProgress(questionIds: readonly number[], answers: ReadonlyMap<number, number>): { answered: number; nextQuestionId: number | null; position: number } {
  const answered = questionIds.filter((id) => answers.has(id)).length;
  const next = questionIds.findIndex((id) => !answers.has(id));
  return { answered, nextQuestionId: next === -1 ? null : questionIds[next]!, position: next === -1 ? questionIds.length : next + 1 };
}

/** The set's topics with how many questions each has, in the order they first come; no topic counts as "General". */
export function setTopics(questions: readonly { topic: string | null }[]): { topic: string; count: number }[] {
  const topics = new Map<string, number>();
  for (const question of questions) {
    const topic = question.topic?.trim() || "General";
    topics.set(topic, (topics.get(topic) ?? 0) + 1);
  }
  return [...topics].map(([topic, count]) => ({ topic, count }));
}

export interface TopicCount {
  topic: string;
  answered: number;
  correct: number;
}

export interface TopicAccuracy extends TopicCount {
  percent: number;
}

/**
 * Accuracy per topic, weakest first (what to practise next), then by name; questions without a
 * topic count as "General". Only answered questions count: a skipped one says nothing about a topic.
 */
export function topicAccuracy(counts: readonly TopicCount[]): TopicAccuracy[] {
  const merged = new Map<string, TopicCount>();
  for (const count of counts) {
    const topic = count.topic.trim() || "General";
    const entry = merged.get(topic) ?? { topic, answered: 0, correct: 0 };
    entry.answered += Math.max(0, count.answered);
    entry.correct += Math.max(0, Math.min(count.correct, count.answered));
    merged.set(topic, entry);
  }
  return [...merged.values()]
    .filter((entry) => entry.answered > 0)
    .map((entry) => ({ ...entry, percent: Math.round((entry.correct / entry.answered) * 100) }))
    .sort((a, b) => a.percent - b.percent || a.topic.localeCompare(b.topic));
}
