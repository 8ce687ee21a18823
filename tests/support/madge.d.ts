// The part of madge's API (v8, which ships no types) that tests/unit/build/import-circles.test.ts uses.
declare module "madge" {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    detectiveOptions?: Record<string, Record<string, unknown>>;
  }
  interface MadgeInstance {
    /** Each file (relative to the base) with the files it imports. */
    obj(): Record<string, string[]>;
    /** Each circle as the files along it. */
    circular(): string[][];
    /** The files that import this one. */
    depends(id: string): string[];
    /** Imports that resolved to no file of the tree (packages, assets). */
    warnings(): { skipped: string[] };
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeInstance>;
}
