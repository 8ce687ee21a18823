import { describe, expect, it } from "vitest";
import { lessonDownloadName, lessonMediaFiles, lessonMediaPath, lessonMediaType, lessonVideo } from "~/online-courses/lesson-media";

const lesson = { id: 42, title: "Limits: the ε–δ definition" };
const stored = { video_files: { webm: "clip-1.webm", mp4: "clip-1.mp4" }, captions_file: "clip-1.vtt", body: "Text" };

describe("lesson media", () => {
  it("names the files a lesson's content names, and only those of the right kind", () => {
    expect(lessonMediaFiles(stored)).toEqual(["clip-1.webm", "clip-1.mp4", "clip-1.vtt"]);
    expect(lessonMediaFiles({ video_files: { mp4: "clip.webm", webm: 3, ogg: "a.ogg" }, captions_file: "clip.srt" })).toEqual([]);
    expect(lessonMediaFiles({ video_url: "/videos/a.mp4" })).toEqual([]);
    expect(lessonMediaFiles(null)).toEqual([]);
  });

  it("plays WebM first, then MP4, with the captions, and downloads the MP4", () => {
    expect(lessonVideo(lesson, stored)).toEqual({
      sources: [
        { src: "/online-course-activities/42/media/clip-1.webm", type: "video/webm" },
        { src: "/online-course-activities/42/media/clip-1.mp4", type: "video/mp4" },
      ],
      downloadHref: "/online-course-activities/42/media/clip-1.mp4?download=1",
      downloadName: "limits-the-definition.mp4",
      captionsSrc: "/online-course-activities/42/media/clip-1.vtt",
    });
    expect(lessonVideo(lesson, { video_files: { webm: "only.webm" } })).toEqual({
      sources: [{ src: "/online-course-activities/42/media/only.webm", type: "video/webm" }],
      downloadHref: "/online-course-activities/42/media/only.webm?download=1",
      downloadName: "limits-the-definition.webm",
      captionsSrc: null,
    });
  });

  it("still plays content that gives an address (video_url, captions_url)", () => {
    expect(lessonVideo(lesson, { video_url: "https://cdn.example/v/intro.mp4?sig=1", captions_url: "https://cdn.example/v/intro.vtt" })).toEqual({
      sources: [{ src: "https://cdn.example/v/intro.mp4?sig=1", type: "video/mp4" }],
      downloadHref: "https://cdn.example/v/intro.mp4?sig=1",
      downloadName: "limits-the-definition.mp4",
      captionsSrc: "https://cdn.example/v/intro.vtt",
    });
    expect(lessonVideo(lesson, { video_url: "https://stream.example/watch/123" })!.sources).toEqual([{ src: "https://stream.example/watch/123", type: undefined }]);
  });

  it("has no video for a lesson without one", () => {
    expect(lessonVideo(lesson, { body: "Reading" })).toBeNull();
    expect(lessonVideo(lesson, null)).toBeNull();
    expect(lessonVideo(lesson, { video_url: "" })).toBeNull();
  });

  it("names a download after the lesson", () => {
    expect(lessonDownloadName("Product, quotient and chain rules", "x.mp4")).toBe("product-quotient-and-chain-rules.mp4");
    expect(lessonDownloadName("¿Qué?", "x.webm")).toBe("qu.webm");
    expect(lessonDownloadName("!!!", "x.mp4")).toBe("lesson.mp4");
    expect(lessonDownloadName("a".repeat(200), "x.mp4")).toBe(`${"a".repeat(80)}.mp4`);
    expect(lessonDownloadName("Intro", "https://stream.example/watch/1")).toBe("intro");
  });

  it("types and addresses files", () => {
    expect(lessonMediaType("a.mp4")).toBe("video/mp4");
    expect(lessonMediaType("a.webm")).toBe("video/webm");
    expect(lessonMediaType("a.vtt")).toBe("text/vtt; charset=utf-8");
    expect(lessonMediaType("a.pdf")).toBeNull();
    expect(lessonMediaPath(3, "a b.mp4")).toBe("/online-course-activities/3/media/a%20b.mp4");
  });
});
