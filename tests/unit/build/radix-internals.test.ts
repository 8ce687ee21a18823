import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Radix Themes' class names (`rt-Text`, `rt-r-size-2`, `rt-reset`, `rt-variant-soft`) are its
 * private markup: a release may rename them, and a page that copies them loses its look without
 * any error. App code renders Radix's components or uses the app's own classes, styled with
 * Radix's public tokens (app/styles/app.css). app/styles is left out: it imports Radix's own
 * stylesheets and may have to name their classes.
 */
const INTERNAL_CLASS = /(?<![\w-])rt-(?:[A-Z]|r-|reset(?![\w-])|variant-|high-contrast(?![\w-]))/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join("app", "styles") ? [] : sourceFiles(full);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [full] : [];
  });
}

describe("Radix Themes' internal class names", () => {
  it("appear nowhere in app code", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles("app")) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          const match = INTERNAL_CLASS.exec(line);
          if (match) offenders.push(`${file}:${index + 1} uses ${line.slice(match.index).match(/^[\w-]+/)![0]}`);
        });
    }
    // Use a Radix component, or a class of the app's own in app/styles/app.css.
    expect(offenders).toEqual([]);
  });

  it.each([
    ["rt-Text rt-r-size-2", true],
    ["md:rt-r-gtc-3", true],
    [`class="rt-reset rt-Badge"`, true],
    ["rt-variant-soft", true],
    ["rt-high-contrast", true],
    ["rt-ContainerInner", true],
    ["part_time", false],
    ["start-chat", false],
    ["smart-reset", false],
    ["rt-resetting", false],
    ["badge activity-row", false],
  ])("%s is an internal class name: %s", (text, internal) => {
    expect(INTERNAL_CLASS.test(text)).toBe(internal);
  });
});
