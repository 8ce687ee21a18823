import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { dropUnusedRadixComponents, selectsUnusedComponent, UNUSED_RADIX_COMPONENTS } from "../../../scripts/radix-css";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("Radix component styles the build leaves out", () => {
  it("belong to components no app code renders", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles("app")) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@radix-ui\/themes["']/g)) {
        for (const name of match[1]!.split(",").map((part) => part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!)) {
          if (name in UNUSED_RADIX_COMPONENTS) offenders.push(`${file} imports ${name}`);
        }
      }
      for (const [component, classes] of Object.entries(UNUSED_RADIX_COMPONENTS)) {
        if (classes.some((name) => new RegExp(`rt-${name}(?![a-z0-9_-])`).test(source))) offenders.push(`${file} uses the classes of ${component}`);
      }
    }
    // Using one of these? Take it off UNUSED_RADIX_COMPONENTS in scripts/radix-css.ts.
    expect(offenders).toEqual([]);
  });

  it.each([
    [".rt-SelectTrigger", true],
    [".rt-BaseMenuItem:where([data-highlighted])", true],
    [".rt-Button:where(.rt-variant-soft)", false],
    [".rt-CardRoot", false],
    [".rt-Text:not(.rt-Code)", false],
    [".rt-TextFieldRoot", false],
    [".rt-Em", true],
    [".rt-Emphasis", false],
  ])("%s is dropped: %s", (selector, dropped) => {
    expect(selectsUnusedComponent(selector)).toBe(dropped);
  });

  it("keeps used rules, trims selector lists, and drops emptied media queries and orphan keyframes", async () => {
    const css = `
      .rt-Button, .rt-SelectTrigger { color: red }
      .rt-SliderThumb { color: blue }
      @media (min-width: 520px) { .rt-Switch.rt-r-size-1 { width: 1px } }
      @keyframes rt-slide-in { from { opacity: 0 } }
      @keyframes rt-spin { to { rotate: 1turn } }
      .rt-SpinnerLeaf { animation: rt-spin 1s }
      .rt-PopoverContent { animation-name: rt-slide-in }
    `;
    const result = await postcss([dropUnusedRadixComponents()]).process(css, { from: undefined });
    const out = result.css.replace(/\s+/g, " ");
    expect(out).toContain(".rt-Button { color: red }");
    expect(out).not.toMatch(/Select|Slider|Switch|Popover|@media|rt-slide-in/);
    expect(out).toContain("@keyframes rt-spin");
  });
});
