import markdownItKatex from "@vscode/markdown-it-katex";
import MarkdownIt from "markdown-it";

/**
 * A card's side, written in Markdown, as HTML: rendered on the server, so the renderer never
 * reaches a phone. Raw HTML in a card is shown as text, not run (`html: false`), and links and
 * pictures keep only the addresses markdown-it deems safe (no `javascript:` or `data:` other than
 * pictures); the page's CSP lets pictures come from this site only.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, breaks: true });

/**
 * Formulas between `$…$` (inline) and `$$…$$` (a block), typeset by KaTeX on the server as HTML
 * with MathML for screen readers: the page needs KaTeX's stylesheet only, never its script. KaTeX
 * trusts no command that could link or load anything (`trust: false`), and `maxSize` and
 * `maxExpand` keep a card from asking for a huge or endlessly expanding formula; one it cannot
 * typeset is shown as written.
 */
const katexOptions = { throwOnError: false, trust: false, strict: "ignore", maxSize: 20, maxExpand: 200, output: "htmlAndMathml" };
// The package is CommonJS: under Node's ESM loader (the production build) its default export arrives wrapped.
const katexPlugin = (markdownItKatex as unknown as { default?: typeof markdownItKatex }).default ?? markdownItKatex;
markdown.use(katexPlugin, katexOptions as Parameters<typeof markdownItKatex>[1]);

const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
// A link in a card opens beside the study page, which keeps the student's place.
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet("target", "_blank");
  tokens[index]!.attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, index, options, env, self);
};

export function cardHtml(text: string): string {
  return markdown.render(text);
}

/** Whether rendered HTML holds a typeset formula: its page then loads KaTeX's stylesheet. */
export const hasFormula = (html: string) => html.includes('class="katex');
