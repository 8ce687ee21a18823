/**
 * The young generation of each HTTP process, in MB per semi-space (docs/decisions/013): a page
 * under load allocates ≈1.3 MB while two dozen others are in flight, and with V8's default most
 * of it outlives two scavenges and is promoted, to be collected again by the full collector.
 * The minimum is set too: V8 grows the semi-space only slowly from its own minimum, and under
 * load it stayed at a quarter of the maximum, scavenging four times as often.
 * NODE_OPTIONS or the command line naming either flag wins for that flag.
 */
export const WORKER_SEMI_SPACE_MB = 64;

const named = (flags: readonly string[], name: "min" | "max") =>
  flags.some((flag) => new RegExp(`^--${name}[-_]semi[-_]space[-_]size\\b`).test(flag));

export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const flags = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)];
  // An operator's maximum alone keeps V8's own growth up to it (V8 would cap our minimum at it).
  if (named(flags, "max")) return [...execArgv];
  return [
    ...execArgv,
    `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
    ...(named(flags, "min") ? [] : [`--min-semi-space-size=${WORKER_SEMI_SPACE_MB}`]),
  ];
}
