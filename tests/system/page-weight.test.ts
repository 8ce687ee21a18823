import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/**
 * The public pages' JavaScript and CSS, gzipped, within their budgets (JS ≤ 150 KB, CSS ≤ 60 KB:
 * scripts/budgets.ts without Lighthouse, on the build the suite runs against). A library meant for
 * the server or for one page (zod, a chart, an editor) reached through a shared module shows here
 * first: the course page once carried zod for two constants.
 */
describe("page weight", () => {
  it("keeps /, /pricing and a course page within their JavaScript and CSS budgets", () => {
    let report = "";
    let failed = false;
    try {
      report = execFileSync(process.execPath, ["--import", "tsx", "scripts/budgets.ts", "--no-lighthouse"], { encoding: "utf8", env: process.env });
    } catch (error) {
      failed = true;
      report = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(report).toContain("All budgets hold.");
    expect(failed).toBe(false);
    for (const page of ["`/`", "`/pricing`", "`/courses/waterloo-math-137`"]) expect(report).toContain(`| ${page} |`);
  }, 60_000);
});
