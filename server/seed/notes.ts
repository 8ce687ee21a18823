import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import { termOf } from "../../app/classes/terms";
import type { Database } from "../../app/db/schema";
import { saveFile, storedFileSize } from "../../app/files/storage.server";
import { creditTokens } from "../../app/payments/tokens.server";
import { DEMO_EMAIL_DOMAIN } from "./demo-accounts";
import { onePagePdf } from "./study-session-files";

/**
 * Students' notes on first start (SPEC §2 /upload-notes): MATH 137 has approved notes from the
 * class rep (on the course page, earned tokens) and the demo student has notes waiting for review
 * at /admin/notes. The PDFs are made here and named from their content, like the other demo files.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const DEMO_NOTES = [
  {
    uploader: "class_rep",
    title: "Midterm 1 review: limits and continuity",
    lines: ["Squeeze theorem: if g <= f <= h and g, h -> L, then f -> L.", "IVT: f continuous on [a, b], N between f(a) and f(b) => f(c) = N.", "Limits at infinity: divide by the highest power."],
    status: "approved" as const,
    daysAgo: 12,
  },
  {
    uploader: "student",
    title: "Derivative rules cheat sheet",
    lines: ["(fg)' = f'g + fg'", "(f/g)' = (f'g - fg') / g^2", "(f(g(x)))' = f'(g(x)) g'(x)"],
    status: "pending" as const,
    daysAgo: 1,
  },
];

function demoNotesFiles() {
  return DEMO_NOTES.map((notes) => {
    const bytes = onePagePdf(notes.title, notes.lines);
    return { ...notes, bytes, storageKey: `notes-demo-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}.pdf` };
  });
}

export async function seedNotes(trx: Transaction<Database>, ids: { user: (email: string) => number }, now: Date) {
  const course = await trx.selectFrom("courses").select("id").where("slug", "=", "waterloo-math-137").executeTakeFirstOrThrow();
  const reviewer = ids.user(`content_qa_specialist@${DEMO_EMAIL_DOMAIN}`);
  const { term, year } = termOf(now);
  const values = demoNotesFiles().map((notes) => {
    const created = new Date(now.getTime() - notes.daysAgo * DAY_MS);
    const reviewed = notes.status === "approved";
    return {
      course_id: course.id,
      uploader_id: ids.user(`${notes.uploader}@${DEMO_EMAIL_DOMAIN}`),
      title: notes.title,
      term,
      term_year: year,
      storage_key: notes.storageKey,
      file_name: `${notes.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.pdf`,
      content_type: "application/pdf",
      size_bytes: notes.bytes.byteLength,
      status: notes.status,
      reviewed_by: reviewed ? reviewer : null,
      reviewed_at: reviewed ? new Date(created.getTime() + DAY_MS) : null,
      reward_tokens: reviewed ? 10 : null,
      created_at: created,
    };
  });
  const rows = await trx.insertInto("course_notes_packages").values(values).returning(["id", "uploader_id", "reward_tokens"]).execute();
  // The approved notes' reward, as the review credited it: in the uploader's balance and ledger.
  for (const row of rows) {
    if (row.reward_tokens) await creditTokens(trx, { userId: row.uploader_id, amount: row.reward_tokens, reason: "notes_reward", reference: `notes:${row.id}` });
  }
  return { course_notes_packages: values.length };
}

/** Stores the demo notes' PDFs (also when the rows were there already: a fresh DATA_DIR). */
export async function storeDemoNotes() {
  for (const notes of demoNotesFiles()) {
    if ((await storedFileSize("course-notes", notes.storageKey)) === notes.bytes.byteLength) continue;
    await saveFile("course-notes", notes.storageKey, notes.bytes);
  }
}
