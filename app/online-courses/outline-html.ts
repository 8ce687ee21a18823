import type { ActivityType } from "~/db/schema";
import { escapeHtml } from "~/formatting/html";
import { activityPath, chapterHeading, PART_LABELS, type ChapterPart, type CurriculumTree } from "~/online-courses/curriculum";

/**
 * The curriculum outline of the in-course page: a compact outline (what the outline shows and
 * nothing more) that goes in the page's data as JSON text, and its items as an HTML string built
 * from it by string joining, with the markup the outline's React components used to write (the
 * app's own classes, app/styles/app.css). The server and the browser build the string from the
 * same text, so the markup is in the document once and hydration finds what it expects; after a
 * client-side navigation the browser builds it from the new data. A 30-chapter course has 150
 * items of a dozen elements each: as React elements they were most of the page's server time;
 * this costs a fraction of a millisecond. Every piece of text and every attribute value goes
 * through escapeHtml.
 */

export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
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

/**
 * One activity as the outline shows it, a tuple so that 150-odd of them are not mostly field
 * names. Its badge is "locked", "preview" (a free preview) or none ("open").
 */
export type OutlineActivity = readonly [id: number, type: ActivityType, title: string, durationSeconds: number, completed: boolean, access: "open" | "preview" | "locked"];

/** A chapter with its parts in curriculum order; every activity opens at `activityPath(activity, path, part)`. */
export interface OutlineChapter {
  path: string;
  heading: string;
  parts: { part: ChapterPart; activities: OutlineActivity[] }[];
}

/** The tree as the outline shows it: headings, parts and each activity's id, type, title, length, status and badge. */
export function compactOutline(tree: Pick<CurriculumTree, "chapters">): OutlineChapter[] {
  return tree.chapters.map((chapter) => {
    const parts = [...new Set(chapter.sections.map((section) => section.part))];
    return {
      path: chapter.path,
      heading: chapterHeading(chapter),
      parts: parts.map((part) => ({
        part,
        activities: chapter.sections
          .filter((section) => section.part === part)
          .flatMap((section) =>
            section.activities.map(
              (activity): OutlineActivity => [
                activity.id,
                activity.type,
                activity.title,
                activity.durationSeconds,
                activity.completed,
                !activity.access.allowed ? "locked" : activity.access.via === "preview" ? "preview" : "open",
              ],
            ),
          ),
      })),
    };
  });
}

/**
 * The compact outline as the page's data carries it: JSON text, one string. Remix's data encoding
 * (turbo-stream) writes objects and arrays as references into a table of values, which gzip
 * compresses poorly: for the 30-chapter course, 3.2 KB gzipped as values against 1.5 KB as text.
 */
export const outlineText = (tree: Pick<CurriculumTree, "chapters">): string => JSON.stringify(compactOutline(tree));

export const readOutline = (text: string): OutlineChapter[] => JSON.parse(text) as OutlineChapter[];

const badge = (color: "indigo" | "gray" | "amber", label: string) =>
  `<span data-accent-color="${color}" class="badge">${label}</span>`;

function activityItem([, type, title, durationSeconds, completed, access]: OutlineActivity, href: string, current: boolean): string {
  const status = completed ? badge("indigo", "Completed") : "";
  const lock = access === "locked" ? badge("gray", "Locked") : access === "preview" ? badge("amber", "Free preview") : "";
  return (
    `<li><div class="activity-row">` +
    `<a href="${escapeHtml(href)}"${current ? ` aria-current="page" style="font-weight:700"` : ""}>${escapeHtml(title)}</a>` +
    `<span class="activity-meta">${escapeHtml(ACTIVITY_TYPE_LABELS[type])} · ${minutes(durationSeconds)}</span>` +
    `${status}${lock}</div></li>`
  );
}

/**
 * The outline's items for its JSON text, base and current activity, from the last few built: each
 * learner asks for the same few while they move through a course, and building the 150 items of a
 * 30-chapter course (parsing the text, escaping every title) was a tenth of the chapter page's
 * server time. Its key is the text itself, so a change of progress, access or content is a new entry.
 */
const builtOutlines = new Map<string, string>();
const OUTLINES_KEPT = 200;

export function outlineItemsHtml(outline: string, base: string, currentId: number | null | undefined): string {
  const key = `${currentId ?? ""}\u0000${base}\u0000${outline}`;
  const built = builtOutlines.get(key);
  if (built !== undefined) {
    // Most recently used last, so the oldest entry is the first one the map iterates.
    builtOutlines.delete(key);
    builtOutlines.set(key, built);
    return built;
  }
  const html = curriculumOutlineItems(readOutline(outline), base, currentId);
  builtOutlines.set(key, html);
  if (builtOutlines.size > OUTLINES_KEPT) builtOutlines.delete(builtOutlines.keys().next().value!);
  return html;
}

/** The `<li>` items of the outline's `<ol>`: chapters, their parts and activities, the current one marked. */
export function curriculumOutlineItems(outline: readonly OutlineChapter[], base: string, currentId: number | null | undefined): string {
  const html: string[] = [];
  for (const chapter of outline) {
    html.push(`<li style="margin-bottom:var(--space-3)"><a href="${escapeHtml(`${base}/${chapter.path}`)}"><span class="outline-chapter">${escapeHtml(chapter.heading)}</span></a>`);
    for (const { part, activities } of chapter.parts) {
      html.push(
        `<div class="outline-part"><p class="outline-part__label">${escapeHtml(PART_LABELS[part])}</p><ul style="padding-left:1rem;margin:0">`,
      );
      for (const activity of activities) {
        const [id, type] = activity;
        html.push(activityItem(activity, `${base}/${activityPath({ id, type }, chapter.path, part)}`, id === currentId));
      }
      html.push(`</ul></div>`);
    }
    html.push(`</li>`);
  }
  return html.join("");
}
