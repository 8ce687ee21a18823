import { describe, expect, it } from "vitest";
import { currentBanner } from "~/shell/site-banner";
import { SiteBanner } from "~/shell/site-banner-view";
import { htmlProblems, renderPage } from "../../support/render-page";

describe("the site banner", () => {
  it("is a region named Announcement, in valid HTML", async () => {
    const banner = currentBanner(new Date("2026-11-23T00:00:00Z"));
    const html = await renderPage(() => <SiteBanner banner={banner} />, { url: "/courses" });
    expect(html).toMatch(/^<section class="site-banner" data-shell="site-banner" aria-label="Announcement">/);
    expect(html).toContain(banner.message);
    expect(html).toContain('aria-label="Dismiss announcement"');
    expect(await htmlProblems(html)).toEqual([]);
  });
});
