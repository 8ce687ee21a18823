// html-validate's rules for this site, read by tests/system/site-crawl.test.ts (one page of every
// route the crawl reaches) and by `npx html-validate` from the repository root. Both presets stay
// whole; the rules below are the only ones turned off or relaxed, each for the reason beside it
// (also listed in docs/accessibility.md, "html-validate rules"). Nothing is turned off because a
// page fails it today: fix the page instead.
export default {
  root: true,
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    // Style of the markup React writes, not its meaning: `<meta/>` and `<input/>` are valid HTML5
    // (the slash is ignored on void elements), and React always closes them that way.
    "void-style": "off",
    // `required=""`, `async=""`: React writes boolean attributes with an empty value, which HTML
    // reads exactly as the bare attribute.
    "attribute-boolean-style": "off",
    // `charSet`, `dateTime`, `autoComplete`: React writes some attribute names camel-cased in
    // server HTML; HTML attribute names are case-insensitive, so browsers read them the same.
    "attr-case": "off",
    // Style attributes are how React and Radix Themes pass layout values and CSS variables; the
    // CSP allows them (style-src 'unsafe-inline', server/security-headers.ts) and they carry no
    // meaning for assistive technology.
    "no-inline-style": "off",
    // Subresource integrity guards against a third party changing a file; every script and
    // stylesheet here comes from our own origin, built with content hashes, so it is required
    // only on a cross-origin asset (should one ever be added).
    "require-sri": ["error", { target: "crossorigin" }],
    // React's useId() makes ids like ":R14pj5:-email": valid HTML5 ids (any characters but
    // spaces), which the strict mode refuses only because they do not start with a letter.
    "valid-id": ["error", { relaxed: true }],
    // A group of checkboxes sharing one name is how HTML sends a multiple choice (the server reads
    // every checked value); the default allows it for radio buttons only.
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
  },
};
