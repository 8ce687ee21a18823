import { can } from "~/accounts/policy/permissions";
import type { Viewer } from "~/accounts/roles";
import { termLabel } from "~/classes/terms";
import { db } from "~/db/db.server";
import type { PrivateFile } from "~/files/private-file-response";
import { deckRef } from "~/flash-cards/deck-access.server";
import { deckCards, findDeck } from "~/flash-cards/decks.server";
import { notesFileOf, notesPackageForViewer } from "~/notes/notes-packages.server";
import { lockNotice } from "~/online-courses/curriculum";
import { activityContent, loadCourseForViewer } from "~/online-courses/in-course.server";
import type { SharedBlock } from "~/shares/share-links";
import { mayOnEssay } from "~/writing/essay-access";
import { essayBlocks } from "~/writing/essay-html.server";
import { essayForReading, essayWithRelation } from "~/writing/essays.server";

/**
 * What can be shared by a link, one entry per resource type. A person may share only what they
 * may see by the resource's own rules, and the link keeps working only while its owner still
 * may: both go through `mayShare`. The shared page shows only `readOnlyView` (and `file`, when
 * the type has one), so a link never opens anything but that one resource, read-only.
 */

export interface SharedView {
  title: string;
  /** One line under the title: the course, the term… */
  context: string | null;
  blocks: SharedBlock[];
}

export interface ShareableResource {
  /** What the resource is called in a sentence ("Flash-card deck"). */
  label: string;
  /** The resource's title when this viewer may see it, and so share it; undefined otherwise (and for none). */
  mayShare(viewer: Viewer, resourceId: number): Promise<{ title: string } | undefined>;
  /** What the shared page shows; called only after `mayShare` said yes for the link's owner. */
  readOnlyView(resourceId: number): Promise<SharedView | undefined>;
  /** The resource's file, downloaded at /shares/{token}/file; only for types that have one. */
  file?(resourceId: number): Promise<PrivateFile | undefined>;
}

const flashCardDeck: ShareableResource = {
  label: "Flash-card deck",
  async mayShare(viewer, deckId) {
    const deck = await findDeck(deckId);
    if (!deck) return undefined;
    const { ref } = await deckRef(viewer, deck);
    return can(viewer, "study_flash_card_deck", ref) ? { title: deck.title } : undefined;
  },
  async readOnlyView(deckId) {
    const [deck, cards] = await Promise.all([findDeck(deckId), deckCards(deckId)]);
    if (!deck) return undefined;
    return {
      title: deck.title,
      context: deck.course_name ?? null,
      blocks: [
        ...(deck.description ? [{ kind: "text" as const, text: deck.description }] : []),
        { kind: "cards" as const, cards: cards.map(({ front, back }) => ({ front, back })) },
      ],
    };
  },
};

const notesPackage: ShareableResource = {
  label: "Course notes",
  // Only approved notes go out by link: notes waiting for review (or rejected) stay with their uploader and the reviewers.
  async mayShare(viewer, notesId) {
    const notes = await notesPackageForViewer(notesId, viewer);
    return notes && notes.status === "approved" ? { title: notes.title } : undefined;
  },
  async readOnlyView(notesId) {
    const notes = await db()
      .selectFrom("course_notes_packages as n")
      .innerJoin("courses as c", "c.id", "n.course_id")
      .select(["n.title", "n.term", "n.term_year", "n.file_name", "n.size_bytes", "c.code as course_code", "c.name as course_name"])
      .where("n.id", "=", notesId)
      .executeTakeFirst();
    if (!notes) return undefined;
    return {
      title: notes.title,
      context: `${notes.course_code} · ${notes.course_name} · ${termLabel({ term: notes.term, year: notes.term_year })}`,
      blocks: [{ kind: "file", fileName: notes.file_name, sizeBytes: notes.size_bytes }],
    };
  },
  file: notesFileOf,
};

/** Activities whose content is text to read; quizzes and exams are never shared (their answers stay in the course). */
const READABLE_ACTIVITY_TYPES = new Set(["reading", "video"]);

async function courseOfActivity(activityId: number) {
  return db()
    .selectFrom("activities as a")
    .innerJoin("sections as s", "s.id", "a.section_id")
    .innerJoin("chapters as ch", "ch.id", "s.chapter_id")
    .innerJoin("online_courses as oc", "oc.id", "ch.online_course_id")
    .select(["a.id", "a.title", "a.activity_type", "oc.id as online_course_id", "oc.name as course_name"])
    .where("a.id", "=", activityId)
    .executeTakeFirst();
}

const onlineCourseActivity: ShareableResource = {
  label: "Course lesson",
  async mayShare(viewer, activityId) {
    const found = await courseOfActivity(activityId);
    if (!found || !READABLE_ACTIVITY_TYPES.has(found.activity_type)) return undefined;
    const loaded = await loadCourseForViewer(viewer, String(found.online_course_id));
    const activity = loaded?.tree.activities.find((candidate) => candidate.id === activityId);
    return activity && !lockNotice(activity, loaded!.course.id) ? { title: activity.title } : undefined;
  },
  async readOnlyView(activityId) {
    const [found, content] = await Promise.all([courseOfActivity(activityId), activityContent(activityId)]);
    if (!found || !READABLE_ACTIVITY_TYPES.has(found.activity_type)) return undefined;
    const body = content && typeof content.body === "string" ? content.body : "";
    return { title: found.title, context: found.course_name, blocks: body ? [{ kind: "text", text: body }] : [] };
  },
};

/** The essay as a reader sees it on the shared page: each block a paragraph, list items marked. */
function essayReadingText(html: string): string {
  return essayBlocks(html)
    .map((block) => {
      const text = block.runs.map((run) => run.text).join("");
      const indent = "  ".repeat(block.level ?? 0);
      if (block.kind === "bullet") return `${indent}• ${text}`;
      if (block.kind === "numbered") return `${indent}${block.number ?? 1}. ${text}`;
      return text;
    })
    .join("\n\n");
}

const essay: ShareableResource = {
  label: "Essay",
  // Only its writer links an essay: an instructor or tutor it is shared with reads and comments, never passes it on.
  async mayShare(viewer, essayId) {
    const found = await essayWithRelation(essayId, viewer.id);
    return found && mayOnEssay(found.relation, "share") ? { title: found.essay.title } : undefined;
  },
  async readOnlyView(essayId) {
    const found = await essayForReading(essayId);
    if (!found) return undefined;
    return {
      title: found.title,
      context: found.prompt ? `Prompt: ${found.prompt}` : null,
      blocks: [{ kind: "text", text: essayReadingText(found.body) }],
    };
  },
};

/** Every type a link can share, by the name stored in shares.resource_type. */
export const SHAREABLE_RESOURCES: Record<string, ShareableResource> = {
  flash_card_deck: flashCardDeck,
  notes_package: notesPackage,
  online_course_activity: onlineCourseActivity,
  essay,
};

export function shareableResource(type: string): ShareableResource | undefined {
  return Object.hasOwn(SHAREABLE_RESOURCES, type) ? SHAREABLE_RESOURCES[type] : undefined;
}
