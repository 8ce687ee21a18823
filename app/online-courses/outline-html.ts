import { escapeHtml } from "~/formatting/html";
import { chapterHeading, PART_LABELS, type ChapterPart, type CurriculumTree, type TreeActivity } from "~/online-courses/curriculum";

/**
 * The curriculum outline's items as an HTML string: the same markup the outline's React
 * components wrote (the classes of Radix's Flex, Text and Badge), built by string joining.
 * A 30-chapter course has 150 items of a dozen elements each, and rendering them as React
 * elements was most of the in-course page's server time; this costs a fraction of a
 * millisecond. Every piece of text and every attribute value goes through escapeHtml.
 */

export const ACTIVITY_TYPE_LABELS: Record<TreeActivity["type"], string> = {
  video: "Video",
  reading: "Reading",
  quiz: "Quiz",
  checkpoint_quiz: "Checkpoint quiz",
  mock_exam: "Mock exam",
  flash_card_deck: "Flash cards",
  practice_question_set: "Practice questions",
};

export function minutes(seconds: number) {
  const total = Math.max(1, Math.round(seconds / 60));
  return total >= 60 ? `${Math.floor(total / 60)} h ${total % 60} min` : `${total} min`;
}

const badge = (color: "indigo" | "gray" | "amber", label: string) =>
  `<span data-accent-color="${color}" class="rt-reset rt-Badge rt-r-size-1 rt-variant-soft">${label}</span>`;

function activityItem(activity: TreeActivity, base: string, current: boolean): string {
  const status = activity.completed ? badge("indigo", "Completed") : "";
  const access = !activity.access.allowed ? badge("gray", "Locked") : activity.access.via === "preview" ? badge("amber", "Free preview") : "";
  return (
    `<li><div class="rt-Flex rt-r-ai-center rt-r-fw-wrap rt-r-gap-2">` +
    `<a href="${escapeHtml(`${base}/${activity.href}`)}"${current ? ` aria-current="page" style="font-weight:700"` : ""}>${escapeHtml(activity.title)}</a>` +
    `<span data-accent-color="gray" class="rt-Text rt-r-size-1">${escapeHtml(ACTIVITY_TYPE_LABELS[activity.type])} · ${minutes(activity.durationSeconds)}</span>` +
    `${status}${access}</div></li>`
  );
}

/** The `<li>` items of the outline's `<ol>`: chapters, their parts and activities, the current one marked. */
export function curriculumOutlineItems(tree: Pick<CurriculumTree, "chapters">, base: string, currentId: number | null | undefined): string {
  const html: string[] = [];
  for (const chapter of tree.chapters) {
    html.push(`<li style="margin-bottom:var(--space-3)"><a href="${escapeHtml(`${base}/${chapter.path}`)}"><span class="rt-Text rt-r-weight-bold">${escapeHtml(chapterHeading(chapter))}</span></a>`);
    const parts = [...new Set(chapter.sections.map((section) => section.part))] as ChapterPart[];
    for (const part of parts) {
      html.push(
        `<div class="rt-Box rt-r-mt-1 rt-r-ml-2"><p data-accent-color="gray" class="rt-Text rt-r-size-1 rt-r-weight-medium">${escapeHtml(PART_LABELS[part])}</p><ul style="padding-left:1rem;margin:0">`,
      );
      for (const section of chapter.sections) {
        if (section.part !== part) continue;
        for (const activity of section.activities) html.push(activityItem(activity, base, activity.id === currentId));
      }
      html.push(`</ul></div>`);
    }
    html.push(`</li>`);
  }
  return html.join("");
}
