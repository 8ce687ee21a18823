import MarkdownIt from "markdown-it";

/**
 * A card's side, written in Markdown, as HTML: rendered on the server, so the renderer never
 * reaches a phone. Raw HTML in a card is shown as text, not run (`html: false`), and links and
 * pictures keep only the addresses markdown-it deems safe (no `javascript:` or `data:` other than
 * pictures); the page's CSP lets pictures come from this site only.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, breaks: true });

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
