import { describe, expect, it } from "vitest";
import { contrastRatio, paintOver, parseBoxShadow, parseColor, relativeLuminance, ringColors, ringContrast, visibleBackground } from "../../e2e/support/contrast";

const white = parseColor("#fff");
const black = parseColor("#000");

describe("parseColor", () => {
  it.each([
    ["rgb(255, 255, 255)", { r: 255, g: 255, b: 255, alpha: 1 }],
    ["rgba(0, 0, 0, 0)", { r: 0, g: 0, b: 0, alpha: 0 }],
    ["rgba(31, 45, 92, 0.5)", { r: 31, g: 45, b: 92, alpha: 0.5 }],
    ["rgb(31 45 92 / 50%)", { r: 31, g: 45, b: 92, alpha: 0.5 }],
    ["#8DA4EF", { r: 141, g: 164, b: 239, alpha: 1 }],
    ["#ffde003d", { r: 255, g: 222, b: 0, alpha: 61 / 255 }],
    ["#fff", { r: 255, g: 255, b: 255, alpha: 1 }],
    ["transparent", { r: 0, g: 0, b: 0, alpha: 0 }],
    ["color(srgb 1 0.5 0 / 0.25)", { r: 255, g: 127.5, b: 0, alpha: 0.25 }],
  ])("reads %s", (text, expected) => {
    const color = parseColor(text);
    for (const channel of ["r", "g", "b", "alpha"] as const) expect(color[channel]).toBeCloseTo(expected[channel], 3);
  });

  it("maps a Display P3 colour into sRGB (Radix's P3 indigo 9 is its sRGB #3e63dd, give or take rounding)", () => {
    const color = parseColor("color(display-p3 0.276 0.384 0.837)");
    expect(color.r).toBeCloseTo(0x3e, -1);
    expect(color.g).toBeCloseTo(0x63, -1);
    expect(color.b).toBeCloseTo(0xdd, -1);
  });

  it("refuses what it cannot read rather than guess", () => {
    expect(() => parseColor("oklab(0.5 0.1 0.1)")).toThrow(/Cannot read the colour/);
    expect(() => parseColor("currentcolor")).toThrow();
  });
});

describe("relative luminance and contrast (WCAG 2.2)", () => {
  it("spans 0 to 1 and 1:1 to 21:1", () => {
    expect(relativeLuminance(black)).toBe(0);
    expect(relativeLuminance(white)).toBeCloseTo(1, 6);
    expect(contrastRatio(black, white)).toBeCloseTo(21, 6);
    expect(contrastRatio(white, white)).toBe(1);
  });

  it("gives the known ratios, whichever colour comes first", () => {
    // #767676 on white is the classic lightest grey with 4.5:1.
    expect(contrastRatio(parseColor("#767676"), white)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(white, parseColor("#767676"))).toBeCloseTo(4.54, 2);
    // The figures: Radix's indigo focus 8 on white and on the accent button, and amber 11
    // on amber 3 (the 4.24, cut rather than rounded).
    expect(contrastRatio(parseColor("#8DA4EF"), white)).toBeCloseTo(2.42, 2);
    expect(contrastRatio(parseColor("#8DA4EF"), parseColor("#3E63DD"))).toBeCloseTo(2.15, 2);
    expect(contrastRatio(parseColor("#AB6400"), parseColor("#FFF7C2"))).toBeCloseTo(4.245, 3);
  });
});

describe("backgrounds", () => {
  it("paints a translucent colour over what is behind it", () => {
    expect(paintOver(parseColor("rgba(0, 0, 0, 0.5)"), white)).toEqual({ r: 127.5, g: 127.5, b: 127.5, alpha: 1 });
  });

  it("sees through translucent layers down to the first opaque one, and ignores what is under it", () => {
    const layers = [parseColor("rgba(0, 0, 0, 0)"), parseColor("rgba(255, 0, 0, 0.5)"), parseColor("rgb(0, 0, 255)"), parseColor("rgb(0, 255, 0)")];
    expect(visibleBackground(layers, white)).toEqual({ r: 127.5, g: 0, b: 127.5, alpha: 1 });
  });

  it("falls back to the canvas when nothing is opaque", () => {
    expect(visibleBackground([parseColor("rgba(0, 0, 0, 0.5)")], white)).toEqual({ r: 127.5, g: 127.5, b: 127.5, alpha: 1 });
    expect(visibleBackground([], black)).toEqual(black);
  });
});

describe("focus rings", () => {
  it("reads computed box shadows, colour first, commas inside colours included", () => {
    expect(parseBoxShadow("none")).toEqual([]);
    expect(parseBoxShadow("rgb(252, 252, 253) 0px 0px 0px 4px, rgba(0, 71, 241, 0.07) 0px 0px 0px 1px inset")).toEqual([
      { color: { r: 252, g: 252, b: 253, alpha: 1 }, spread: 4, inset: false },
      { color: { r: 0, g: 71, b: 241, alpha: 0.07 }, spread: 1, inset: true },
    ]);
  });

  const ring = (style: Partial<Parameters<typeof ringColors>[0]>) =>
    ringColors({ outlineStyle: "none", outlineWidth: "0px", outlineColor: "rgb(0, 0, 0)", boxShadow: "none", ...style });

  it("takes the outline and the solid bands a box shadow draws outside the element", () => {
    expect(ring({ outlineStyle: "solid", outlineWidth: "2px", outlineColor: "rgb(31, 45, 92)", boxShadow: "rgb(252, 252, 253) 0px 0px 0px 4px" })).toEqual([
      { r: 31, g: 45, b: 92, alpha: 1 },
      { r: 252, g: 252, b: 253, alpha: 1 },
    ]);
  });

  it("ignores no outline, hairlines, a soft shadow without spread, an inset border and a transparent ring", () => {
    expect(ring({ outlineStyle: "none", outlineWidth: "2px" })).toEqual([]);
    expect(ring({ outlineStyle: "solid", outlineWidth: "1px" })).toEqual([]);
    expect(ring({ boxShadow: "rgba(0, 9, 50, 0.1) 0px 0px 0px 1px" })).toEqual([]);
    expect(ring({ boxShadow: "rgba(0, 0, 0, 0.2) 0px 4px 8px 0px, rgb(0, 0, 0) 0px 0px 0px 2px inset" })).toEqual([]);
    expect(ring({ outlineStyle: "solid", outlineWidth: "2px", outlineColor: "rgba(0, 0, 0, 0)" })).toEqual([]);
  });

  it("judges a ring by its best tone: a two-tone ring 9:1 apart reaches 3:1 on any background", () => {
    const twoTone = [parseColor("#1f2d5c"), parseColor("#fcfcfd")];
    expect(contrastRatio(twoTone[0]!, twoTone[1]!)).toBeGreaterThanOrEqual(9);
    for (let grey = 0; grey <= 255; grey += 5) {
      expect(ringContrast(twoTone, { r: grey, g: grey, b: grey, alpha: 1 })).toBeGreaterThanOrEqual(3);
    }
    expect(ringContrast([parseColor("#8DA4EF")], white)).toBeCloseTo(2.42, 2);
    expect(ringContrast([], white)).toBe(0);
  });

  it("judges a translucent ring as painted on the background", () => {
    expect(ringContrast([parseColor("rgba(0, 0, 0, 0.5)")], white)).toBeCloseTo(contrastRatio(parseColor("rgb(127.5, 127.5, 127.5)"), white), 6);
  });
});
