import { z } from "zod";

/**
 * FAQs (SPEC §3 faqs, with order): which pages have them, how a page's list is kept in order, the
 * staff's forms and the FAQPage structured data. Pure, shared by the server, the pages and tests.
 */

/** The pages with FAQs: each by its key (faqs.page) and where it is. */
export const FAQ_PAGES = [
  { key: "pricing", label: "Pricing", path: "/pricing" },
  { key: "university-plus", label: "University Plus", path: "/university-plus" },
  { key: "high-school-plus", label: "High School Plus", path: "/high-school-plus" },
  { key: "mcat-plus", label: "MCAT Plus", path: "/mcat-plus" },
  { key: "lsat-plus", label: "LSAT Plus", path: "/lsat-plus" },
  { key: "pre-med-plus", label: "Pre-Med Plus", path: "/pre-med-plus" },
  { key: "tutoring", label: "Tutoring", path: "/tutoring" },
  { key: "live-prep", label: "Live prep", path: "/live-prep" },
  { key: "on-demand", label: "On-demand courses", path: "/on-demand" },
  // The Help Center is another site (SPEC §2); the site's own questions are at /faq.
  { key: "help", label: "Help: frequently asked questions", path: "/faq" },
] as const;

export type FaqPageKey = (typeof FAQ_PAGES)[number]["key"];
export const FAQ_PAGE_KEYS = FAQ_PAGES.map((page) => page.key) as [FaqPageKey, ...FaqPageKey[]];

export function faqPage(key: string) {
  return FAQ_PAGES.find((page) => page.key === key) ?? null;
}

export type MoveDirection = "up" | "down" | "top" | "bottom";

/**
 * A page's FAQ ids in their new order once one moves, or null when it cannot move that way (it
 * is already first or last, or not on the page). The order stays a permutation: positions are
 * then written 1..n, so they stay contiguous.
 */
export function movedOrder(ids: readonly number[], id: number, direction: MoveDirection): number[] | null {
  const index = ids.indexOf(id);
  if (index < 0) return null;
  const target = direction === "up" ? index - 1 : direction === "down" ? index + 1 : direction === "top" ? 0 : ids.length - 1;
  if (target < 0 || target >= ids.length || target === index) return null;
  const order = ids.filter((each) => each !== id);
  order.splice(target, 0, id);
  return order;
}

/** The positions to write for a page's FAQs in this order: 1, 2, 3… (only those that change). */
export function positionChanges(current: readonly { id: number; position: number }[], order: readonly number[]): { id: number; position: number }[] {
  const now = new Map(current.map((row) => [row.id, row.position]));
  return order.map((id, index) => ({ id, position: index + 1 })).filter((change) => now.get(change.id) !== change.position);
}

/** Where a new FAQ of a page goes: after its last. */
export const nextPosition = (count: number) => count + 1;

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
const question = z.string({ error: "Write the question" }).trim().min(3, "Write a question of at least 3 characters").max(300, "Keep the question to 300 characters");
const answer = z.string({ error: "Write the answer" }).trim().min(1, "Write the answer").max(5000, "Keep the answer to 5,000 characters");

/** The staff screen's forms (/admin/faqs). */
export const faqAdminSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("create"), page: z.enum(FAQ_PAGE_KEYS, { error: "Choose a page" }), question, answer }),
    z.object({ intent: z.literal("update"), faq_id: id("Choose a question"), question, answer }),
    z.object({ intent: z.literal("delete"), faq_id: id("Choose a question") }),
    z.object({ intent: z.literal("move"), faq_id: id("Choose a question"), direction: z.enum(["up", "down", "top", "bottom"], { error: "Move it up or down" }) }),
  ],
  { error: "Unknown action." }
);

/** An answer's paragraphs (blank lines part them): FAQs are plain text. */
export const answerParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** schema.org FAQPage for a page's questions (Google's FAQ rich result). */
export function faqStructuredData(faqs: readonly { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((faq) => ({
      "@type": "Question",
      name: faq.question,
      acceptedAnswer: { "@type": "Answer", text: answerParagraphs(faq.answer).join("\n\n") },
    })),
  };
}

/** JSON for inside a <script>: nothing in it can end the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
