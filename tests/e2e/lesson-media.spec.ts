import { signIn } from "./support/accounts";
import { expect, test } from "./support/fixtures";

// The demo student is enrolled in this course with the Learn package (server/seed/data/enrolments.ts).
const COURSE = "waterloo-math-137-exam-prep";
// Chapter 2 opens on its first lesson, a video: no free preview, so open to the enrolled student only.
const LESSON_PAGE = `/in-course-experience/${COURSE}/chapter/2`;
const LESSON = "The limit definition of the derivative";

test.describe("lesson videos", () => {
  test("an enrolled student plays a lesson's video, with English captions", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === "js-off", "the player's script interface needs JavaScript; js-off downloads the file");
    await signIn(page, "student@demo.test");
    await page.goto(LESSON_PAGE);
    const lesson = page.getByRole("article");
    await expect(lesson.getByRole("heading", { name: LESSON })).toBeVisible();
    const video = lesson.locator("video");
    await expect(video).toHaveAttribute("preload", "metadata");
    await expect(video.locator("source")).toHaveCount(2);
    await expect(video.locator("source").first()).toHaveAttribute("type", "video/webm");
    await expect(video.locator("source").last()).toHaveAttribute("type", "video/mp4");
    await expect(video.locator("track")).toHaveAttribute("kind", "captions");
    await expect(video.locator("track")).toHaveAttribute("srclang", "en");

    // Muted, play() needs no gesture; the clip must really play, past its first second.
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(1);
    const played = await video.evaluate((element: HTMLVideoElement) => ({ source: element.currentSrc, error: element.error?.code ?? null, width: element.videoWidth }));
    expect(played.error).toBeNull();
    expect(played.source).toMatch(/\/online-course-activities\/\d+\/media\/demo-clip-\d-[0-9a-f]+\.webm$/);
    expect(played.width).toBeGreaterThan(0);

    // The captions track is on and its cues loaded.
    await expect
      .poll(() =>
        video.evaluate((element: HTMLVideoElement) => {
          const track = element.textTracks[0];
          return track ? `${track.kind} ${track.language} ${track.mode} ${track.cues?.length ?? 0}` : "none";
        }),
      )
      .toMatch(/^captions en showing [2-9]$/);
  });

  test("the download link saves the video without JavaScript; a guest gets no video", async ({ page, playwright, baseURL }, testInfo) => {
    test.skip(testInfo.project.name === "js-on", "the link is plain HTML: checked once, without JavaScript");
    await signIn(page, "student@demo.test");
    await page.goto(LESSON_PAGE);
    const lesson = page.getByRole("article");
    await expect(lesson.getByRole("heading", { name: LESSON })).toBeVisible();
    const link = lesson.getByRole("link", { name: "Download the video" });
    await expect(link).toBeVisible();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/online-course-activities\/\d+\/media\/demo-clip-\d-[0-9a-f]+\.mp4\?download=1$/);

    // With the page's cookies: the student's session.
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("video/mp4");
    expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.mp4"$/);
    const bytes = await file.body();
    expect(bytes.byteLength).toBe(Number(file.headers()["content-length"]));
    expect(bytes.subarray(4, 8).toString("latin1")).toBe("ftyp");

    // The same address and the video's other files, asked for by a guest: no video.
    const sources = await lesson.locator("video source, video track").evaluateAll((elements) => elements.map((element) => element.getAttribute("src")!));
    expect(sources).toHaveLength(3);
    const guest = await playwright.request.newContext({ baseURL });
    try {
      for (const address of [href!, ...sources]) {
        const answer = await guest.get(address);
        expect(answer.status(), address).toBeGreaterThanOrEqual(400);
        expect(answer.headers()["content-type"], address).not.toMatch(/^video\/|^text\/vtt/);
      }
    } finally {
      await guest.dispose();
    }
  });
});
