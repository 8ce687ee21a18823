import { describe, expect, it } from "vitest";
import { WORKER_SEMI_SPACE_MB, workerExecArgv } from "../../../server/worker-flags";

describe("workerExecArgv", () => {
  it.each([
    ["nothing named", [], undefined, [`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]],
    ["the primary's own flags kept", ["--enable-source-maps"], "", ["--enable-source-maps", `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]],
    ["named on the command line", ["--max-semi-space-size=16"], undefined, ["--max-semi-space-size=16"]],
    ["named in NODE_OPTIONS", [], "--enable-source-maps --max-semi-space-size=32", []],
    ["named with underscores", [], "--max_semi_space_size=8", []],
    ["another flag that starts alike", [], "--max-old-space-size=512", [`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]],
  ] as const)("%s", (_, execArgv, nodeOptions, expected) => {
    expect(workerExecArgv(execArgv, nodeOptions)).toEqual(expected);
  });
});
