import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { WORKER_SEMI_SPACE_MB, workerExecArgv } from "../../../server/worker-flags";

const max = `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`;
const min = `--min-semi-space-size=${WORKER_SEMI_SPACE_MB}`;

describe("workerExecArgv", () => {
  it.each([
    ["nothing named", [], undefined, [max, min]],
    ["the primary's own flags kept", ["--enable-source-maps"], "", ["--enable-source-maps", max, min]],
    ["the maximum named on the command line", ["--max-semi-space-size=16"], undefined, ["--max-semi-space-size=16"]],
    ["the maximum named in NODE_OPTIONS", [], "--enable-source-maps --max-semi-space-size=32", []],
    ["the maximum named with underscores", [], "--max_semi_space_size=8", []],
    ["the minimum named on the command line", ["--min-semi-space-size=16"], undefined, ["--min-semi-space-size=16", max]],
    ["both named", ["--min-semi-space-size=8", "--max-semi-space-size=32"], undefined, ["--min-semi-space-size=8", "--max-semi-space-size=32"]],
    ["another flag that starts alike", [], "--max-old-space-size=512", [max, min]],
  ] as const)("%s", (_, execArgv, nodeOptions, expected) => {
    expect(workerExecArgv(execArgv, nodeOptions)).toEqual(expected);
  });

  it("starts a process whose young generation is the size it names", () => {
    const probe = "console.log(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)";
    const size = Number(execFileSync(process.execPath, [...workerExecArgv([], ""), "-e", probe], { encoding: "utf8", env: { ...process.env, NODE_OPTIONS: "" } }));
    expect(size).toBe(WORKER_SEMI_SPACE_MB * 2 ** 20);
  });
});
