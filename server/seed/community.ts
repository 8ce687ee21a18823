import type { Transaction } from "kysely";
import type { Database, ReactionableType } from "../../app/db/schema";
import type { FaqPageKey } from "../../app/faqs/faq-rules";
import type { ReactionId } from "../../app/community/reactions";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

/**
 * Comments and reactions under a demo blog post, and the FAQs of the pricing, product and help
 * pages (migration 0029).
 */

const HOUR_MS = 60 * 60 * 1000;
const BLOG_POST = "active-recall-and-spaced-repetition";

const COMMENTS: { author: string; hoursAgo: number; body: string; reactions?: [string, ReactionId][]; replies?: { author: string; hoursAgo: number; body: string }[] }[] = [
  {
    author: "student",
    hoursAgo: 30,
    body: "I switched from rereading to **practice questions first** for my MATH 137 midterm and it was night and day. Does the same work for memorising definitions?",
    reactions: [
      ["tutor", "like"],
      ["class_rep", "insightful"],
    ],
    replies: [{ author: "tutor", hoursAgo: 26, body: "It does: write the definition from memory, then check it. Flash cards with the term on the front are the quickest way to do that every day." }],
  },
  { author: "class_rep", hoursAgo: 20, body: "Sharing this with my CHEM 120 class before the final. The three-day review gap is a great rule of thumb." },
];

const POST_REACTIONS: [string, ReactionId][] = [
  ["student", "like"],
  ["class_rep", "like"],
  ["tutor", "like"],
  ["student", "insightful"],
  ["teacher", "love"],
];

const PLUS_FAQS = (product: string) => [
  { question: `What does ${product} Plus include?`, answer: `Unlimited practice questions and mock exams in every ${product} course on the site, and 20% off Grade Boosters.` },
  { question: "Can I try it before I pay?", answer: "Yes. Every Plus plan starts with a free trial; cancel before it ends and you are not charged." },
  { question: "Can I cancel at any time?", answer: "Yes. Cancel from My subscription and you keep Plus until the end of the period you paid for." },
];

export const DEMO_FAQS: Record<FaqPageKey, { question: string; answer: string }[]> = {
  pricing: [
    { question: "What is free?", answer: "Course previews, free resources, the blog and signing up for live sessions are free for everyone with an account." },
    { question: "What is the difference between Plus and Pre-Med Plus?", answer: "Plus opens unlimited practice questions and mock exams in every course. Pre-Med Plus adds the complete MCAT question bank and full-length MCAT practice exams." },
    { question: "Can I pay monthly?", answer: "Yes. Every plan is billed monthly or yearly; yearly costs less per month.\n\nSwitch between them from My subscription." },
    { question: "Do you offer refunds?", answer: "If something went wrong, contact us within 14 days of a charge and we will make it right." },
  ],
  "university-plus": PLUS_FAQS("University"),
  "high-school-plus": PLUS_FAQS("High School"),
  "mcat-plus": PLUS_FAQS("MCAT"),
  "lsat-plus": PLUS_FAQS("LSAT"),
  "pre-med-plus": [
    { question: "What does Pre-Med Plus include?", answer: "Everything in Plus, the complete MCAT question bank and full-length MCAT practice exams." },
    { question: "Is it worth it if I am only in first year?", answer: "Plus covers your university courses; add the MCAT material when you start studying for the exam, usually a year before you write it." },
    { question: "Can I cancel at any time?", answer: "Yes. Cancel from My subscription and you keep Pre-Med Plus until the end of the period you paid for." },
  ],
  tutoring: [
    { question: "How are tutors chosen?", answer: "Every tutor took the course they tutor and did well in it, and passed an interview with our team." },
    { question: "Can I cancel a session?", answer: "Yes, until 24 hours before it starts; the time goes back to your hours." },
    { question: "How do I pay?", answer: "By card or with tokens, for the hours you ask for, once a tutor accepts your request." },
  ],
  "live-prep": [
    { question: "What happens in a live session?", answer: "An instructor works through past-exam questions for your course, and you ask questions in real time." },
    { question: "What if I miss it?", answer: "Everyone registered keeps the recording and the booklet." },
    { question: "Can I get a discount?", answer: "Plus members get 20% off Grade Boosters, and codes are shared with class reps before exam season." },
  ],
  "on-demand": [
    { question: "When can I start?", answer: "Any time: on-demand courses are self-paced, with videos, practice questions and mock exams." },
    { question: "How long do I keep access?", answer: "Until the end of the term the course is for, and with Plus for as long as you subscribe." },
    { question: "Can I preview a course?", answer: "Yes. Lessons marked Preview open to everyone, no purchase needed." },
  ],
  help: [
    { question: "I did not get my confirmation email. What now?", answer: "Check your spam folder first. Then sign in and ask for the email again from your profile." },
    { question: "How do I reset my password?", answer: "Choose Forgot password on the sign-in page; a link to set a new one arrives by email within a few minutes." },
    { question: "Who do I contact about a charge?", answer: "Use Contact us with the date and amount of the charge; our team answers within one business day." },
  ],
};

export async function seedCommunity(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date
): Promise<{ comments: number; resource_reactions: number; reaction_counts: number; faqs: number }> {
  const user = (name: string) => ids.user(`${name}@${DEMO_EMAIL_DOMAIN}`);
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
  const counts = { comments: 0, resource_reactions: 0, reaction_counts: 0, faqs: 0 };
  const post = await trx.selectFrom("blog_posts").select("id").where("slug", "=", BLOG_POST).executeTakeFirstOrThrow();
  const reactions: { user_id: number; reactionable_type: ReactionableType; reactionable_id: number; reaction_id: ReactionId }[] = POST_REACTIONS.map(([who, reaction]) => ({
    user_id: user(who),
    reactionable_type: "blog_post",
    reactionable_id: post.id,
    reaction_id: reaction,
  }));
  for (const seed of COMMENTS) {
    const comment = await trx
      .insertInto("comments")
      .values({ commentable_type: "blog_post", commentable_id: post.id, author_id: user(seed.author), body: seed.body, created_at: at(seed.hoursAgo) })
      .returning("id")
      .executeTakeFirstOrThrow();
    counts.comments += 1;
    for (const reply of seed.replies ?? []) {
      await trx
        .insertInto("comments")
        .values({ commentable_type: "blog_post", commentable_id: post.id, parent_id: comment.id, author_id: user(reply.author), body: reply.body, created_at: at(reply.hoursAgo) })
        .execute();
      counts.comments += 1;
    }
    for (const [who, reaction] of seed.reactions ?? []) reactions.push({ user_id: user(who), reactionable_type: "comment", reactionable_id: comment.id, reaction_id: reaction });
  }
  await trx.insertInto("resource_reactions").values(reactions).execute();
  counts.resource_reactions = reactions.length;
  // The counts, as the reactions' transactions would have left them.
  const tally = new Map<string, { reactionable_type: ReactionableType; reactionable_id: number; reaction_id: ReactionId; count: number }>();
  for (const reaction of reactions) {
    const key = `${reaction.reactionable_type}:${reaction.reactionable_id}:${reaction.reaction_id}`;
    const entry = tally.get(key) ?? { reactionable_type: reaction.reactionable_type, reactionable_id: reaction.reactionable_id, reaction_id: reaction.reaction_id, count: 0 };
    entry.count += 1;
    tally.set(key, entry);
  }
  await trx.insertInto("reaction_counts").values([...tally.values()]).execute();
  counts.reaction_counts = tally.size;

  const faqs = Object.entries(DEMO_FAQS).flatMap(([page, list]) => list.map((faq, index) => ({ page, position: index + 1, question: faq.question, answer: faq.answer, created_at: now, updated_at: now })));
  await trx.insertInto("faqs").values(faqs).execute();
  counts.faqs = faqs.length;
  return counts;
}
