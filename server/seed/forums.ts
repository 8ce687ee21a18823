import type { Transaction } from "kysely";
import type { Database, ReportReason } from "../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";

const HOUR_MS = 60 * 60 * 1000;

interface ThreadSeed {
  /** The course's slug, or with `online` the online course's. */
  course: string;
  online?: boolean;
  author: string;
  hoursAgo: number;
  title: string;
  body: string;
  replies: { author: string; hoursAgo: number; body: string; votes?: string[] }[];
  /** Reports waiting in the moderators' queue. */
  reports?: { by: string; reason: ReportReason; details?: string }[];
  /** Index of the reply the asker accepted. */
  accepted?: number;
  votes?: string[];
}

const THREADS: ThreadSeed[] = [
  {
    course: "waterloo-math-137",
    author: "class_rep",
    hoursAgo: 50,
    title: "When do I need the Squeeze Theorem instead of factoring?",
    body: "Factoring works for most of the midterm limits, but for $\\lim_{x \\to 0} x^2 \\sin(1/x)$ it gets me nowhere. How do you spot a Squeeze Theorem question?",
    replies: [
      {
        author: "student",
        hoursAgo: 47,
        body: "Look for a **bounded** factor like $\\sin$ or $\\cos$ of something that blows up. Bound it: $-x^2 \\le x^2 \\sin(1/x) \\le x^2$, and both sides go to 0, so the limit is 0.",
        votes: ["class_rep", "tutor"],
      },
      { author: "tutor", hoursAgo: 45, body: "Exactly. If substitution gives $0 \\cdot$ (something that oscillates), reach for the Squeeze Theorem before anything else." },
    ],
    accepted: 0,
    votes: ["student"],
  },
  {
    course: "waterloo-math-137",
    author: "student",
    hoursAgo: 6,
    title: "Is implicit differentiation on the midterm?",
    body: "The course outline lists it under week 6, which is after the midterm. Has anyone heard whether it will be tested?",
    replies: [
      {
        author: "class_rep",
        hoursAgo: 4,
        body: "The professor said in Tuesday's lecture that the midterm covers up to and including the chain rule, so implicit differentiation waits for the final.",
      },
    ],
  },
  {
    course: "waterloo-math-137",
    author: "job_applicant",
    hoursAgo: 2,
    title: "Selling last year's MATH 137 midterm answers",
    body: "Full worked answers to last year's midterm, cheap. Message me to buy.",
    replies: [],
    reports: [
      { by: "student", reason: "spam" },
      { by: "class_rep", reason: "other", details: "Selling exam answers breaks the academic integrity policy." },
    ],
  },
  {
    course: "waterloo-math-137-exam-prep",
    online: true,
    author: "student",
    hoursAgo: 20,
    title: "Study group for the practice final?",
    body: "I'm planning to sit the practice final under exam conditions on Sunday afternoon. Anyone want to compare answers afterwards?",
    replies: [{ author: "instructor", hoursAgo: 18, body: "Good plan. Post the questions you disagree on here and I'll go through them." }],
  },
];

/**
 * Course forums on first start: MATH 137's board has a question the class rep asked and accepted
 * the demo student's answer to, the demo student's own open question with a reply, and a post
 * selling exam answers that two students reported, waiting in the moderators' queue; the
 * MATH 137 online course's own board has the demo student's call for a study group, which its
 * instructor answered. The students follow the threads they posted in.
 */
export async function seedForums(
  trx: Transaction<Database>,
  ids: { user: (email: string) => number },
  now: Date
): Promise<{ forum_posts: number; forum_replies: number; votes: number; forum_subscriptions: number; reports: number }> {
  const user = (name: string) => ids.user(`${name}@${DEMO_EMAIL_DOMAIN}`);
  const counts = { forum_posts: 0, forum_replies: 0, votes: 0, forum_subscriptions: 0, reports: 0 };
  for (const thread of THREADS) {
    const board = thread.online
      ? { online_course_id: (await trx.selectFrom("online_courses").select("id").where("slug", "=", thread.course).executeTakeFirstOrThrow()).id }
      : { course_id: (await trx.selectFrom("courses").select("id").where("slug", "=", thread.course).executeTakeFirstOrThrow()).id };
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
    const post = await trx
      .insertInto("forum_posts")
      .values({
        ...board,
        author_id: user(thread.author),
        title: thread.title,
        body: thread.body,
        created_at: at(thread.hoursAgo),
        last_activity_at: at(Math.min(...thread.replies.map((reply) => reply.hoursAgo), thread.hoursAgo)),
        vote_count: thread.votes?.length ?? 0,
        reply_count: thread.replies.length,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const replies =
      thread.replies.length === 0
        ? []
        : await trx
            .insertInto("forum_replies")
            .values(thread.replies.map((reply) => ({ post_id: post.id, author_id: user(reply.author), body: reply.body, created_at: at(reply.hoursAgo), vote_count: reply.votes?.length ?? 0 })))
            .returning("id")
            .execute();
    if (thread.accepted !== undefined) await trx.updateTable("forum_posts").set({ accepted_reply_id: replies[thread.accepted]!.id }).where("id", "=", post.id).execute();
    const votes = [
      ...(thread.votes ?? []).map((voter) => ({ user_id: user(voter), votable_type: "forum_post" as const, votable_id: post.id })),
      ...thread.replies.flatMap((reply, index) => (reply.votes ?? []).map((voter) => ({ user_id: user(voter), votable_type: "forum_reply" as const, votable_id: replies[index]!.id }))),
    ];
    if (votes.length > 0) await trx.insertInto("votes").values(votes).execute();
    const followers = [...new Set([thread.author, ...thread.replies.map((reply) => reply.author)])];
    await trx
      .insertInto("forum_subscriptions")
      .values(followers.map((follower) => ({ user_id: user(follower), post_id: post.id })))
      .execute();
    if (thread.reports?.length) {
      await trx
        .insertInto("reports")
        .values(
          thread.reports.map((report) => ({
            reporter_id: user(report.by),
            reportable_type: "forum_post" as const,
            reportable_id: post.id,
            reason: report.reason,
            details: report.details ?? "",
            created_at: at(1),
          }))
        )
        .execute();
      counts.reports += thread.reports.length;
    }
    counts.forum_posts += 1;
    counts.forum_replies += replies.length;
    counts.votes += votes.length;
    counts.forum_subscriptions += followers.length;
  }
  return counts;
}
