/**
 * Colour contrast as WCAG 2.2 defines it, for what the browser reports in getComputedStyle:
 * colours as it serialises them, backgrounds that let their parents show through, focus rings
 * drawn with an outline and box shadows. Pure, so the arithmetic is tested on its own
 * (tests/unit/a11y/contrast.test.ts) and the browser tests only gather the styles.
 */

/** A colour in sRGB, each channel 0–255, with its opacity 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?%?`;
const RGB_FUNCTION = new RegExp(String.raw`^rgba?\(\s*(${NUMBER})[\s,]+(${NUMBER})[\s,]+(${NUMBER})(?:[\s,/]+(${NUMBER}))?\s*\)$`, "i");
const COLOR_FUNCTION = new RegExp(String.raw`^color\(\s*(srgb|display-p3)\s+(${NUMBER})\s+(${NUMBER})\s+(${NUMBER})(?:\s*/\s*(${NUMBER}))?\s*\)$`, "i");

const fraction = (text: string) => (text.endsWith("%") ? Number(text.slice(0, -1)) / 100 : Number(text));
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** sRGB's transfer function and its inverse (0–1 both ways). */
const toLinear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
const fromLinear = (channel: number) => (channel <= 0.0031308 ? channel * 12.92 : 1.055 * channel ** (1 / 2.4) - 0.055);

/**
 * Display P3 to sRGB (both use sRGB's transfer function; the matrix maps P3's linear light to
 * sRGB's through XYZ D65). Colours outside sRGB are clipped to it, as an sRGB screen shows them.
 */
function p3ToSrgb([r, g, b]: [number, number, number]): [number, number, number] {
  const [lr, lg, lb] = [r, g, b].map(toLinear) as [number, number, number];
  const linear = [1.2249401 * lr - 0.2249404 * lg, -0.0420569 * lr + 1.0420571 * lg, -0.0196376 * lr - 0.0786361 * lg + 1.0982735 * lb];
  return linear.map((channel) => clamp01(fromLinear(clamp01(channel)))) as [number, number, number];
}

/**
 * Parses a colour as getComputedStyle writes it: `rgb()`/`rgba()` (commas or spaces), `#rgb[a]`,
 * `#rrggbb[aa]`, `transparent`, or `color(srgb|display-p3 …)` (what colours from a P3 palette
 * compute to). Anything else throws, so a test never judges a colour it misread.
 */
export function parseColor(text: string): Rgba {
  const value = text.trim().toLowerCase();
  if (value === "transparent") return { r: 0, g: 0, b: 0, alpha: 0 };
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const [r, g, b, a = "ff"] = (hex.length <= 4 ? [...hex].map((digit) => digit + digit) : hex.match(/../g)!) as [string, string, string, string?];
    return { r: parseInt(r, 16), g: parseInt(g, 16), b: parseInt(b, 16), alpha: parseInt(a, 16) / 255 };
  }
  const rgb = RGB_FUNCTION.exec(value);
  if (rgb) {
    const channel = (part: string) => (part.endsWith("%") ? fraction(part) * 255 : Number(part));
    return { r: channel(rgb[1]!), g: channel(rgb[2]!), b: channel(rgb[3]!), alpha: rgb[4] === undefined ? 1 : clamp01(fraction(rgb[4])) };
  }
  const color = COLOR_FUNCTION.exec(value);
  if (color) {
    const channels: [number, number, number] = [fraction(color[2]!), fraction(color[3]!), fraction(color[4]!)];
    const [r, g, b] = color[1] === "display-p3" ? p3ToSrgb(channels) : (channels.map(clamp01) as [number, number, number]);
    return { r: r * 255, g: g * 255, b: b * 255, alpha: color[5] === undefined ? 1 : clamp01(fraction(color[5])) };
  }
  throw new Error(`Cannot read the colour "${text}"`);
}

/** WCAG 2.2's relative luminance of an opaque sRGB colour. */
export function relativeLuminance({ r, g, b }: Pick<Rgba, "r" | "g" | "b">): number {
  const [lr, lg, lb] = [r, g, b].map((channel) => toLinear(channel / 255)) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG 2.2's contrast ratio, 1 to 21, of two opaque colours (order does not matter). */
export function contrastRatio(a: Pick<Rgba, "r" | "g" | "b">, b: Pick<Rgba, "r" | "g" | "b">): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour painted over an opaque one (plain alpha blending, as a browser paints in sRGB). */
export function paintOver(top: Rgba, bottom: Rgba): Rgba {
  const mix = (front: number, back: number) => front * top.alpha + back * (1 - top.alpha);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), alpha: 1 };
}

/**
 * The colour seen through a stack of backgrounds, nearest first: each is painted over the ones
 * behind it, down to the first opaque one. Without one, the page's canvas shows (`canvas`).
 */
export function visibleBackground(backgrounds: readonly Rgba[], canvas: Rgba): Rgba {
  const opaque = backgrounds.findIndex((background) => background.alpha >= 1);
  const layers = opaque === -1 ? backgrounds : backgrounds.slice(0, opaque + 1);
  return layers.reduceRight<Rgba>((behind, layer) => paintOver(layer, behind), canvas);
}

/** Splits a comma-separated CSS list where the commas are not inside parentheses. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < list.length; index++) {
    const char = list[index];
    if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (char === "," && depth === 0) {
      parts.push(list.slice(start, index).trim());
      start = index + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

export interface Shadow {
  color: Rgba;
  spread: number;
  inset: boolean;
}

/** A computed `box-shadow` (each shadow as Chromium writes it: colour first, then lengths) as its shadows. */
export function parseBoxShadow(boxShadow: string): Shadow[] {
  if (boxShadow.trim() === "none") return [];
  return splitTopLevel(boxShadow).map((shadow) => {
    const color = /^(?:rgba?|color)\([^)]*\)|^#[0-9a-f]+|^transparent/i.exec(shadow)?.[0];
    if (!color) throw new Error(`Cannot read the shadow "${shadow}"`);
    const lengths = shadow.slice(color.length).match(/-?[\d.]+px/g)?.map((length) => parseFloat(length)) ?? [];
    return { color: parseColor(color), spread: lengths[3] ?? 0, inset: /\binset\b/.test(shadow) };
  });
}

/** The computed styles that draw a focus indicator around an element. */
export interface RingStyle {
  outlineStyle: string;
  outlineWidth: string;
  outlineColor: string;
  boxShadow: string;
}

/** The thinnest band that counts as a focus ring: WCAG 2.4.13 measures a 2 CSS px perimeter. */
const RING_WIDTH = 2;

/**
 * The colours of an element's focus indicator: its outline, and every box shadow that draws a
 * solid band outside the element, each at least 2 px wide. A hairline (a card's 1 px edge) is a
 * border, not a ring; so are inset shadows, drawn inside the element.
 */
export function ringColors(style: RingStyle): Rgba[] {
  const colors: Rgba[] = [];
  if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= RING_WIDTH) colors.push(parseColor(style.outlineColor));
  for (const shadow of parseBoxShadow(style.boxShadow)) if (!shadow.inset && shadow.spread >= RING_WIDTH) colors.push(shadow.color);
  return colors.filter((color) => color.alpha > 0);
}

/**
 * How well a focus indicator stands out from a background: the best contrast of its colours
 * against it. A ring of two tones at least 9:1 apart (WCAG technique C40) reaches 3:1 on any
 * background with one tone or the other; a translucent tone is judged as painted on it.
 */
export function ringContrast(ring: readonly Rgba[], background: Rgba): number {
  return Math.max(0, ...ring.map((color) => contrastRatio(paintOver(color, background), background)));
}
