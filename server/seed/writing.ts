import type { Transaction } from "kysely";
import type { Database, EssayTemplateCategory } from "../../app/db/schema";
import { essayPlainText, sanitizeEssayHtml } from "../../app/writing/essay-html.server";
import { anchorQuote } from "../../app/writing/essays";
import { textCounts } from "../../app/writing/text-counts";

/**
 * The writing tool on first start (server/seed/seed.ts): published templates in every category
 * (and one draft only staff see), and the demo student's personal statement in three versions,
 * shared with the demo tutor, who left a comment the student has not resolved yet.
 */

const HOUR_MS = 60 * 60 * 1000;

const TEMPLATES: { title: string; category: EssayTemplateCategory; prompt: string; body: string; word_limit: number | null; published?: boolean }[] = [
  {
    title: "Common App personal statement",
    category: "personal_statement",
    prompt: "Some students have a background, identity, interest, or talent that is so meaningful they believe their application would be incomplete without it. If this sounds like you, please share your story.",
    body: "<h2>Opening scene</h2><p>Start in a specific moment.</p><h2>What it taught you</h2><p>Reflect on how you changed.</p>",
    word_limit: 650,
  },
  {
    title: "Overcoming a challenge",
    category: "personal_statement",
    prompt: "Recount a time when you faced a challenge, setback, or failure. How did it affect you, and what did you learn from the experience?",
    body: "<ul><li>The challenge, in one sentence</li><li>What you did</li><li>What you would do differently</li></ul>",
    word_limit: 650,
  },
  {
    title: "Why our medical school?",
    category: "med_school_secondary",
    prompt: "Why are you interested in attending our school of medicine? Please be specific about programs or opportunities.",
    body: "<p>Name two programs and connect each to your experience.</p>",
    word_limit: 300,
  },
  {
    title: "Diversity and adversity",
    category: "med_school_secondary",
    prompt: "Describe how your background or experiences will contribute to the diversity of our entering class.",
    body: "",
    word_limit: 500,
  },
  {
    title: "Why this major?",
    category: "supplemental",
    prompt: "Tell us about the academic area you want to study and why it interests you.",
    body: "",
    word_limit: 250,
  },
  {
    title: "Community essay",
    category: "supplemental",
    prompt: "Describe one of the communities you belong to and your place within it.",
    body: "<p>Who is in the community, what you do there, and what you bring.</p>",
    word_limit: 350,
  },
  {
    title: "Law school personal statement",
    category: "law_school_statement",
    prompt: "Tell the admissions committee about yourself: your background, your motivation for studying law, and what you will contribute.",
    body: "<h2>Why law</h2><p></p><h2>Evidence from your experience</h2><p></p>",
    word_limit: null,
  },
  {
    title: "Diversity statement (law)",
    category: "law_school_statement",
    prompt: "Optional: describe how your perspective will add to the law school community.",
    body: "",
    word_limit: 500,
  },
  {
    title: "Gap year addendum (draft)",
    category: "supplemental",
    prompt: "Explain what you did during a gap in your studies.",
    body: "",
    word_limit: 200,
    published: false,
  },
];

const VERSIONS = [
  "<p>I grew up two hours from the nearest hospital.</p>",
  "<p>I grew up two hours from the nearest hospital. When my grandmother fell ill, the drive felt endless.</p><p>That drive is why I want to study medicine.</p>",
  "<h2>Two hours</h2><p>I grew up two hours from the nearest hospital. When my grandmother fell ill, the drive felt <em>endless</em>.</p><p>Since first year I have run a free MCAT study group at my university's community centre. That drive, and those evenings, are why I want to <strong>bring a clinic back home</strong>.</p>",
];

export async function seedWriting(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date) {
  const staff = ids.user("content_creator@demo.test");
  const templates = await trx
    .insertInto("ej_templates")
    .values(TEMPLATES.map((template) => ({ ...template, body: sanitizeEssayHtml(template.body), published: template.published ?? true, created_by: staff })))
    .returning(["id", "title", "prompt", "word_limit"])
    .execute();
  const student = ids.user("student@demo.test");
  const tutor = ids.user("tutor@demo.test");
  const template = templates[0]!;
  const created = new Date(now.getTime() - 72 * HOUR_MS);
  const current = VERSIONS.at(-1)!;
  const [essay] = await trx
    .insertInto("ej_essays")
    .values({
      owner_id: student,
      template_id: template.id,
      title: "My personal statement",
      prompt: template.prompt,
      word_limit: template.word_limit,
      body: current,
      version: VERSIONS.length,
      created_at: created,
      updated_at: new Date(now.getTime() - 2 * HOUR_MS),
    })
    .returning("id")
    .execute();
  const versions = await trx
    .insertInto("ej_essay_versions")
    .values(
      VERSIONS.map((body, index) => ({
        essay_id: essay!.id,
        version: index + 1,
        body,
        ...textCounts(essayPlainText(body)),
        saved_by: student,
        created_at: new Date(created.getTime() + index * 24 * HOUR_MS),
      })),
    )
    .execute();
  await trx.insertInto("ej_essay_collaborators").values({ essay_id: essay!.id, user_id: tutor, created_at: new Date(now.getTime() - 30 * HOUR_MS) }).execute();
  const quote = "the drive felt endless";
  const anchor = anchorQuote(essayPlainText(current), quote)!;
  await trx
    .insertInto("ej_essay_comments")
    .values({
      essay_id: essay!.id,
      author_id: tutor,
      quote,
      anchor_start: anchor.start,
      anchor_end: anchor.end,
      body: "Show this instead of telling it: what did you see or hear on that drive?",
      created_at: new Date(now.getTime() - 20 * HOUR_MS),
    })
    .execute();
  return { ej_templates: templates.length, ej_essays: 1, ej_essay_versions: versions.length, ej_essay_collaborators: 1, ej_essay_comments: 1 };
}
