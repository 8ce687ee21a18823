/**
 * The young generation of each HTTP process, in MB per semi-space (docs/decisions/013): a page
 * under load allocates ≈1.3 MB while two dozen others are in flight, and with V8's default most
 * of it outlives two scavenges and is promoted, to be collected again by the full collector.
 * NODE_OPTIONS or the command line naming the flag wins.
 */
export const WORKER_SEMI_SPACE_MB = 64;

export function workerExecArgv(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const named = [...execArgv, ...(nodeOptions ?? "").split(/\s+/)].some((flag) => /^--max[-_]semi[-_]space[-_]size\b/.test(flag));
  return named ? [...execArgv] : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}
