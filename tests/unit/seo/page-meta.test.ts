import { describe, expect, it } from "vitest";
import { metaFor, pageMeta, siteOriginFrom } from "~/seo/page-meta";

const find = (tags: ReturnType<typeof pageMeta>, key: string, value: string) =>
  tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("pageMeta", () => {
  const tags = pageMeta("https://example.test", {
    title: "MCAT prep",
    description: "Everything for the MCAT.",
    path: "/mcat?ref=x",
    image: "/images/mcat.png",
  });

  it("titles the page with the site name", () => expect(tags[0]).toEqual({ title: "MCAT prep — Marketplace" }));
  it("gives an absolute canonical URL", () =>
    expect(find(tags, "rel", "canonical")?.href).toBe("https://example.test/mcat?ref=x"));
  it("describes the page for link previews", () => {
    expect(find(tags, "property", "og:title")?.content).toBe("MCAT prep");
    expect(find(tags, "property", "og:description")?.content).toBe("Everything for the MCAT.");
    expect(find(tags, "property", "og:image")?.content).toBe("https://example.test/images/mcat.png");
    expect(find(tags, "name", "twitter:card")?.content).toBe("summary_large_image");
  });
  it("keeps pages out of search results only when asked", () => {
    expect(find(tags, "name", "robots")).toBeUndefined();
    const hidden = pageMeta("https://example.test", { title: "Checkout", description: "Pay", path: "/checkout", noindex: true });
    expect(find(hidden, "name", "robots")?.content).toBe("noindex");
  });
});

describe("siteOriginFrom", () => {
  it("reads the origin the root loader published", () => {
    expect(siteOriginFrom([{ id: "root", data: { siteOrigin: "https://a.test" } }, { id: "routes/x" }])).toBe("https://a.test");
    expect(find(metaFor([{ id: "root", data: { siteOrigin: "https://a.test" } }], { title: "T", description: "D", path: "/p" }), "rel", "canonical")?.href).toBe("https://a.test/p");
  });
  it("falls back when the root data is missing (error pages)", () => {
    expect(siteOriginFrom([])).toBe("http://localhost");
  });
});
