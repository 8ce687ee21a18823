import katexStylesheet from "katex/dist/katex.min.css?url";

/** KaTeX's stylesheet (its fonts load only as glyphs need them): rendered only by a page that shows a typeset formula. */
export function FormulaStylesheet() {
  return <link rel="stylesheet" href={katexStylesheet} />;
}
