/**
 * Every page loads the root route and the client entry with everything they import, so the build
 * writes that code as one chunk ("shell") instead of the thirty-odd small chunks Rollup would
 * otherwise split it into. On a phone's connection each request waits its turn for one of the
 * browser's six connections to a host and costs a round trip; one file also compresses better.
 * (Rollup's shared chunk already held the code the shell pulls in through Radix Themes' barrel
 * module, so no page loads more than it did.)
 */
interface ModuleInfo {
  readonly importedIds: readonly string[];
}
type GetModuleInfo = (id: string) => ModuleInfo | null;

/** The modules statically reachable from the entries (dynamic imports stay separate chunks). */
export function staticClosure(entries: readonly string[], getModuleInfo: GetModuleInfo): Set<string> {
  const reached = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (reached.has(id)) continue;
    const info = getModuleInfo(id);
    if (!info) continue;
    reached.add(id);
    queue.push(...info.importedIds);
  }
  return reached;
}

/** Rollup's `output.manualChunks`: the entries' static imports, not the entries themselves, go to "shell". */
export function shellChunk(entries: readonly string[]) {
  let shell: Set<string> | null = null;
  return (id: string, meta: { getModuleInfo: GetModuleInfo }): string | undefined => {
    shell ??= staticClosure(entries, meta.getModuleInfo);
    return shell.has(id) && !entries.includes(id) ? "shell" : undefined;
  };
}
