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

/** The package a module id belongs to ("@scope/name" or "name"), or null for the app's own code. */
export function packageOf(id: string): string | null {
  const at = id.lastIndexOf("/node_modules/");
  if (at === -1) return null;
  const [first = "", second = ""] = id.slice(at + "/node_modules/".length).split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

/**
 * Rollup's `output.manualChunks`: the entries' static imports, not the entries themselves, go to
 * "shell". `apart` names chunks for packages the shell reaches on paper but does not use: Radix
 * Themes' barrel module imports the popover code, which tree-shaking drops from the shell until a
 * lazy module (the whiteboard) uses it too; then it would be kept, in the shell, on every page.
 * Only name packages the shell's own code does not call, or every page pays a second request.
 */
export function shellChunk(entries: readonly string[], apart: Record<string, readonly string[]> = {}) {
  let shell: Set<string> | null = null;
  const chunkOfPackage = new Map(Object.entries(apart).flatMap(([chunk, packages]) => packages.map((name) => [name, chunk] as const)));
  return (id: string, meta: { getModuleInfo: GetModuleInfo }): string | undefined => {
    const name = packageOf(id);
    const apartChunk = name === null ? undefined : chunkOfPackage.get(name);
    if (apartChunk) return apartChunk;
    shell ??= staticClosure(entries, meta.getModuleInfo);
    return shell.has(id) && !entries.includes(id) ? "shell" : undefined;
  };
}
