import markdownItKatex from "@vscode/markdown-it-katex";
import MarkdownIt from "markdown-it";

/**
 * Text people write in Markdown (flash-card sides, forum posts and replies) as HTML: rendered on
 * the server, so the renderer never reaches a phone. Raw HTML in a card is shown as text, not run (`html: false`), and links and
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

interface RenderEnv {
  /** Links written by users of the site: search engines are told not to follow them. */
  userContent?: boolean;
}

const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
// A link opens beside the page, which keeps the reader's place.
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet("target", "_blank");
  tokens[index]!.attrSet("rel", (env as RenderEnv | undefined)?.userContent ? "ugc nofollow noopener noreferrer" : "noopener noreferrer");
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** A flash card's side. */
export function cardHtml(text: string): string {
  return markdown.render(text, {});
}

/** A forum post or reply: what anyone signed in wrote, so its links are marked as theirs (rel="ugc nofollow"). */
export function postHtml(text: string): string {
  return markdown.render(text, { userContent: true } satisfies RenderEnv);
}

/**
 * A blog post, written by staff (blog managers, content creators): the same sanitising renderer
 * (raw HTML shown as text, only safe link and picture addresses), links not marked as user content.
 */
export function blogPostHtml(text: string): string {
  return markdown.render(text, {});
}

/** Whether rendered HTML holds a typeset formula: its page then loads KaTeX's stylesheet. */
export const hasFormula = (html: string) => html.includes('class="katex');
