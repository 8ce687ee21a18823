import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * app/styles/app.css imports only the Radix colour scales the site uses. A component given a
 * colour whose scale is missing (`<Badge color="green">`, `data-accent-color="green"`) paints
 * nothing: no background, and text in whatever colour surrounds it (the plans' "Save 50%" badge
 * was plain green-less text). Every colour named in app code needs its scale imported.
 */

const RADIX_SCALES = readdirSync("node_modules/@radix-ui/themes/tokens/colors").map((file) => file.replace(/\.css$/, ""));
// "gray" is the theme's grey, the slate scale (grayColor in app/root.tsx).
const SCALE_OF: Record<string, string> = { gray: "slate" };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("Radix colour scales", () => {
  it("are imported for every colour app code gives a component", () => {
    const imported = new Set([...readFileSync("app/styles/app.css", "utf8").matchAll(/@import "@radix-ui\/themes\/tokens\/colors\/([a-z]+)\.css"/g)].map((match) => match[1]!));
    const colourName = new RegExp(`["'](${RADIX_SCALES.join("|")})["']`, "g");
    const missing: string[] = [];
    for (const file of sourceFiles("app")) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          // Colours are passed as a `color`/`accentColor` prop, a data-accent-color or a colour map.
          if (!/color/i.test(line)) return;
          for (const [, name] of line.matchAll(colourName)) {
            if (!imported.has(SCALE_OF[name!] ?? name!)) missing.push(`${file}:${index + 1} uses ${name}`);
          }
        });
    }
    // Add `@import "@radix-ui/themes/tokens/colors/<name>.css";` to app/styles/app.css.
    expect(missing).toEqual([]);
  });
});
