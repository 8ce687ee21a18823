import { parseDocument } from "htmlparser2";
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

/**
 * An essay's body is HTML from the editor, kept to a few tags (paragraphs, two heading levels,
 * bold, italic, underline, lists, quotes, line breaks) with no attributes, so it can be shown,
 * exported and compared safely. Everything that reaches the database goes through
 * `sanitizeEssayHtml`. Without JavaScript the student edits the same essay as Markdown in a
 * plain text box; `essayMarkdown` and `markdownEssayHtml` convert both ways without losing
 * text or the formatting the editor offers.
 */

export const ESSAY_TAGS = ["p", "h2", "h3", "strong", "em", "u", "ul", "ol", "li", "blockquote", "br"] as const;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...ESSAY_TAGS],
  allowedAttributes: {},
  disallowedTagsMode: "discard",
  transformTags: { b: "strong", i: "em", h1: "h2", h4: "h3", h5: "h3", h6: "h3", div: "p" },
};

export function sanitizeEssayHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE).trim();
}

// ── Blocks: the body as a flat list, for plain text, Markdown and the exports ────────────────

export interface EssayRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}

export interface EssayBlock {
  kind: "paragraph" | "heading2" | "heading3" | "quote" | "bullet" | "numbered";
  /** For list items: how deep (0 = top level) and, when numbered, the item's number. */
  level?: number;
  number?: number;
  runs: EssayRun[];
}

type Node = { type: string; name?: string; data?: string; children?: Node[] };

const BLOCK_KIND: Record<string, EssayBlock["kind"]> = { p: "paragraph", h2: "heading2", h3: "heading3" };

/** The body's blocks in reading order; inline text outside any block becomes a paragraph. */
export function essayBlocks(html: string): EssayBlock[] {
  const blocks: EssayBlock[] = [];
  const document = parseDocument(sanitizeEssayHtml(html)) as unknown as Node;

  function inline(nodes: Node[] | undefined, style: Omit<EssayRun, "text">, runs: EssayRun[]) {
    for (const node of nodes ?? []) {
      if (node.type === "text") {
        if (node.data) runs.push({ text: decodeEntities(node.data), ...style });
      } else if (node.name === "br") runs.push({ text: "\n", ...style });
      else if (node.name === "strong") inline(node.children, { ...style, bold: true }, runs);
      else if (node.name === "em") inline(node.children, { ...style, italic: true }, runs);
      else if (node.name === "u") inline(node.children, { ...style, underline: true }, runs);
      else inline(node.children, style, runs);
    }
    return runs;
  }

  function walk(nodes: Node[] | undefined, context: { quote: boolean; lists: { ordered: boolean; count: number }[] }) {
    let loose: EssayRun[] = [];
    const flush = () => {
      if (loose.some((run) => run.text.trim())) blocks.push(blockOf(context.quote ? "quote" : "paragraph", loose));
      loose = [];
    };
    for (const node of nodes ?? []) {
      const name = node.name ?? "";
      if (name in BLOCK_KIND) {
        flush();
        const runs = inline(node.children, {}, []);
        const list = context.lists.at(-1);
        if (list) blocks.push({ ...listBlock(list, context.lists.length - 1), runs });
        else blocks.push(blockOf(context.quote && name === "p" ? "quote" : BLOCK_KIND[name]!, runs));
      } else if (name === "blockquote") {
        flush();
        walk(node.children, { ...context, quote: true });
      } else if (name === "ul" || name === "ol") {
        flush();
        walk(node.children, { ...context, lists: [...context.lists, { ordered: name === "ol", count: 0 }] });
      } else if (name === "li") {
        flush();
        const list = context.lists.at(-1) ?? { ordered: false, count: 0 };
        list.count += 1;
        // The item's own text (inline, or its first paragraph) carries the bullet; what follows
        // (more paragraphs, a nested list) comes after it as blocks of their own.
        const level = context.lists.length - 1;
        let runs: EssayRun[] = [];
        let emitted = false;
        const emit = () => {
          if (!emitted) blocks.push({ ...listBlock(list, level), runs });
          emitted = true;
        };
        for (const child of node.children ?? []) {
          const childName = child.name ?? "";
          const isBlock = childName in BLOCK_KIND || childName === "ul" || childName === "ol" || childName === "blockquote";
          if (!isBlock) {
            if (!emitted) runs = inline([child], {}, runs);
          } else if (childName === "p" && !emitted && !runs.some((run) => run.text.trim())) {
            runs = inline(child.children, {}, []);
            emit();
          } else {
            emit();
            walk([child], childName === "ul" || childName === "ol" ? context : { ...context, lists: [] });
          }
        }
        emit();
      } else {
        loose = inline([node], {}, loose);
      }
    }
    flush();
  }

  walk(document.children, { quote: false, lists: [] });
  // Markup's own line breaks (between tags) are not text.
  return blocks.map((block) => ({ ...block, runs: trimRuns(block.runs) }));
}

function trimRuns(runs: EssayRun[]): EssayRun[] {
  const trimmed = runs.map((run) => (run.text === "\n" ? run : { ...run, text: run.text.replace(/[ \t\r\n]+/g, " ") }));
  if (trimmed[0] && trimmed[0].text !== "\n") trimmed[0] = { ...trimmed[0], text: trimmed[0].text.trimStart() };
  for (let index = 0; index < trimmed.length; index += 1) {
    if (trimmed[index]!.text !== "\n") continue;
    const before = trimmed[index - 1];
    const after = trimmed[index + 1];
    if (before && before.text !== "\n") trimmed[index - 1] = { ...before, text: before.text.trimEnd() };
    if (after && after.text !== "\n") trimmed[index + 1] = { ...after, text: after.text.trimStart() };
  }
  const last = trimmed.length - 1;
  if (trimmed[last] && trimmed[last].text !== "\n") trimmed[last] = { ...trimmed[last], text: trimmed[last].text.trimEnd() };
  return trimmed.filter((run) => run.text !== "");
}

function blockOf(kind: EssayBlock["kind"], runs: EssayRun[]): EssayBlock {
  return { kind, runs };
}

function listBlock(list: { ordered: boolean; count: number }, level: number): Omit<EssayBlock, "runs"> {
  return list.ordered ? { kind: "numbered", level, number: list.count } : { kind: "bullet", level };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", "#39": "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

const textOfRuns = (runs: EssayRun[]) => runs.map((run) => run.text).join("");

/** The plain text comments anchor to and counts are taken from: one line per block. */
export function essayPlainText(html: string): string {
  return essayBlocks(html)
    .map((block) => textOfRuns(block.runs))
    .join("\n");
}

// ── Markdown for the plain text box ─────────────────────────────────────────────────────────

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>])/g, "\\$1").replace(/^(\s*)([#>+-]|\d+\.)(?=\s)/gm, (_whole, space: string, marker: string) => `${space}\\${marker}`);
}

function runsMarkdown(runs: EssayRun[]): string {
  return runs
    .map((run) => {
      if (run.text === "\n") return "\n";
      const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(run.text)!;
      let text = escapeMarkdown(match[2]!);
      if (!text) return run.text;
      if (run.underline) text = `<u>${text}</u>`;
      if (run.italic) text = `*${text}*`;
      if (run.bold) text = `**${text}**`;
      return `${match[1]}${text}${match[3]}`;
    })
    .join("");
}

const PREFIX: Record<EssayBlock["kind"], string> = { paragraph: "", heading2: "## ", heading3: "### ", quote: "> ", bullet: "- ", numbered: "" };

/** The body as Markdown: what the text box shows when JavaScript is off. */
export function essayMarkdown(html: string): string {
  const lines: string[] = [];
  let previous: EssayBlock | undefined;
  for (const block of essayBlocks(html)) {
    const indent = "   ".repeat(block.level ?? 0);
    const prefix = block.kind === "numbered" ? `${block.number ?? 1}. ` : PREFIX[block.kind];
    const listed = (kind: EssayBlock["kind"] | undefined) => kind === "bullet" || kind === "numbered";
    const text = runsMarkdown(block.runs).replace(/\n/g, block.kind === "quote" ? "\n> " : `\n${indent}${" ".repeat(prefix.length)}`);
    const sameList = listed(previous?.kind) && listed(block.kind) && (previous!.kind === block.kind || (previous!.level ?? 0) !== (block.level ?? 0));
    if (previous && !sameList && !(previous.kind === "quote" && block.kind === "quote")) lines.push("");
    else if (previous?.kind === "quote" && block.kind === "quote") lines.push(">");
    lines.push(`${indent}${prefix}${text}`);
    previous = block;
  }
  return lines.join("\n");
}

const markdown = new MarkdownIt({ html: true, breaks: true, linkify: false });

/** Markdown from the text box as the essay's sanitized HTML. */
export function markdownEssayHtml(text: string): string {
  return sanitizeEssayHtml(markdown.render(text.replace(/\r\n?/g, "\n")));
}
