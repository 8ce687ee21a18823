import { describe, expect, it } from "vitest";
import { AccessLevel } from "~/accounts/roles";
import type { AccessInput } from "~/online-courses/access";
import { buildCurriculum, type CurriculumRow } from "~/online-courses/curriculum";
import { compactOutline, curriculumOutlineItems, outlineItemsHtml, outlineText, readOutline } from "~/online-courses/outline-html";
import { courseFacts, student } from "./fixtures";

const course = courseFacts();
const access: AccessInput = { viewer: student, course, enrolment: null, subscription: null, accessLevel: AccessLevel.LIMITED_VIEW, now: new Date("2026-06-01T12:00:00Z") };

const row = (chapterId: number, kind: CurriculumRow["chapter_kind"], chapterTitle: string, activityId: number, title: string, canPreview: boolean): CurriculumRow => ({
  chapter_id: chapterId,
  chapter_kind: kind,
  chapter_position: chapterId,
  chapter_title: chapterTitle,
  section_id: chapterId * 10,
  section_type: "core",
  section_position: 0,
  section_title: "Lessons",
  activity_id: activityId,
  activity_type: "video",
  activity_position: activityId,
  activity_title: title,
  can_preview: canPreview,
  duration_seconds: 600,
});

const tree = buildCurriculum(
  [
    row(1, "intro", "Introduction", 101, "Welcome", true),
    row(2, "chapter", `Limits <img src=x onerror="alert(1)">`, 201, `Squeeze & "friends" <script>alert('x')</script>`, false),
    row(2, "chapter", `Limits <img src=x onerror="alert(1)">`, 202, "One-sided limits", false),
  ],
  { completed: new Set([101]), access },
);

describe("the curriculum outline's markup", () => {
  const html = curriculumOutlineItems(readOutline(outlineText(tree)), "/in-course-experience/calc", 202);

  it("escapes every title an instructor writes, so no markup gets through", () => {
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("Squeeze &amp; &quot;friends&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(html).toContain("Chapter 1: Limits &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("links every chapter and activity where it opens, and marks the current one", () => {
    expect(html).toContain(`<a href="/in-course-experience/calc/intro"><span class="outline-chapter">Introduction</span></a>`);
    expect(html).toContain(`<a href="/in-course-experience/calc/chapter/1">`);
    expect(html).toContain(`<a href="/in-course-experience/calc/chapter/1?activity=202" aria-current="page" style="font-weight:700">One-sided limits</a>`);
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html.match(/<li>/g)).toHaveLength(3);
  });

  it("shows type and length, what is done, what is a free preview and what is locked", () => {
    const welcome = html.slice(html.indexOf(">Welcome<"), html.indexOf("</li>", html.indexOf(">Welcome<")));
    expect(welcome).toContain("Video · 10 min");
    expect(welcome).toContain(">Completed<");
    expect(welcome).toContain(">Free preview<");
    const locked = html.slice(html.indexOf(">One-sided limits<"));
    expect(locked).toContain(">Locked<");
    expect(locked).not.toContain(">Completed<");
  });

  it("links each activity where the tree says it opens", () => {
    for (const activity of tree.activities) expect(html).toContain(`<a href="/in-course-experience/calc/${activity.href}"`);
  });
});

describe("the compact outline in the page's data", () => {
  const outline = compactOutline(tree);

  it("holds only what the outline shows: no access reasons, ids of sections or chapters, or hrefs", () => {
    expect(outline.map((chapter) => chapter.heading)).toEqual(["Introduction", `Chapter 1: Limits <img src=x onerror="alert(1)">`]);
    expect(outline[1]!.parts).toEqual([
      {
        part: "core",
        activities: [
          [201, "video", `Squeeze & "friends" <script>alert('x')</script>`, 600, false, "locked"],
          [202, "video", "One-sided limits", 600, false, "locked"],
        ],
      },
    ]);
    expect(outline[0]!.parts[0]!.activities[0]).toEqual([101, "video", "Welcome", 600, true, "preview"]);
  });

  it("goes as JSON text that reads back as the same outline", () => {
    expect(readOutline(outlineText(tree))).toEqual(outline);
  });
});

describe("the outline's items kept from one page to the next", () => {
  const text = outlineText(tree);

  it("are the items built from the text, for each current activity and base", () => {
    expect(outlineItemsHtml(text, "/in-course-experience/calc", 202)).toBe(curriculumOutlineItems(readOutline(text), "/in-course-experience/calc", 202));
    expect(outlineItemsHtml(text, "/in-course-experience/calc", 202)).toBe(curriculumOutlineItems(readOutline(text), "/in-course-experience/calc", 202));
    expect(outlineItemsHtml(text, "/in-course-experience/calc", 101)).toContain(`aria-current="page" style="font-weight:700">Welcome`);
    expect(outlineItemsHtml(text, "/in-course-experience/calc", null)).not.toContain("aria-current");
    expect(outlineItemsHtml(text, "/in-course-experience/other", 202)).toContain(`href="/in-course-experience/other/intro"`);
  });

  it("follow the learner's progress: another text is another outline", () => {
    const before = outlineItemsHtml(text, "/in-course-experience/calc", 202);
    const after = outlineText(buildCurriculum([row(1, "intro", "Introduction", 101, "Welcome", true)], { completed: new Set(), access }));
    expect(outlineItemsHtml(after, "/in-course-experience/calc", 202)).not.toBe(before);
    expect(outlineItemsHtml(after, "/in-course-experience/calc", 202)).not.toContain("Completed");
  });

  it("stay right after many more outlines than are kept", () => {
    for (let current = 0; current < 500; current++) outlineItemsHtml(text, "/in-course-experience/calc", current);
    expect(outlineItemsHtml(text, "/in-course-experience/calc", 202)).toBe(curriculumOutlineItems(readOutline(text), "/in-course-experience/calc", 202));
  });
});
