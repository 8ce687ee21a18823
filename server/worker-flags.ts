/**
 * The young generation of each HTTP process, in MB per semi-space (docs/decisions/013): a page
 * under load allocates ≈1.3 MB while two dozen others are in flight, and with V8's default most
 * of it outlives two scavenges and is promoted, to be collected again by the full collector.
 * The minimum is set too: V8 grows the semi-space only slowly from its own minimum, and under
 * load it stayed at a quarter of the maximum, scavenging four times as often.
 * A maximum named on the command line or in NODE_OPTIONS wins, and then no minimum is added
 * (V8 keeps its own growth up to that maximum); a named minimum is kept as named.
 */
export const WORKER_SEMI_SPACE_MB = 64;

const MAXIMUM = /^--max[-_]semi[-_]space[-_]size\b/;
const MINIMUM = /^--min[-_]semi[-_]space[-_]size\b/;

export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const flags = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)];
  if (flags.some((flag) => MAXIMUM.test(flag))) return [...execArgv];
  const minimum = flags.some((flag) => MINIMUM.test(flag)) ? [] : [`--min-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
  return [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`, ...minimum];
}
