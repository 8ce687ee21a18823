import { describe, expect, it } from "vitest";
import { essayMarkdown, essayPlainText, markdownEssayHtml, sanitizeEssayHtml } from "~/writing/essay-html.server";
import { anchorQuote, exportFileName } from "~/writing/essays";

describe("an essay's HTML", () => {
  it.each([
    ["<p>Hi <script>alert(1)</script>there</p>", "<p>Hi there</p>"],
    ['<p onclick="x()" class="a">Hi</p>', "<p>Hi</p>"],
    ['<a href="javascript:alert(1)">link</a>', "link"],
    ["<b>bold</b> <i>it</i>", "<strong>bold</strong> <em>it</em>"],
    ["<h1>Big</h1><h4>Small</h4>", "<h2>Big</h2><h3>Small</h3>"],
    ['<img src="x" onerror="y">', ""],
  ])("sanitizes %j to %j", (html, clean) => {
    expect(sanitizeEssayHtml(html)).toBe(clean);
  });

  it("reads as plain text one block a line", () => {
    expect(essayPlainText("<h2>Title</h2><p>One <strong>two</strong> &amp; three</p><ul><li>a</li><li>b</li></ul>")).toBe("Title\nOne two & three\na\nb");
  });

  it("goes to Markdown and back without losing text or formatting", () => {
    const html = sanitizeEssayHtml(
      "<h2>My story</h2><p>I grew up <strong>far</strong> from a <em>hospital</em> &amp; <u>school</u>.</p><ul><li>One</li><li>Two</li></ul><ol><li>First</li><li>Second<ol><li>Inner</li></ol></li></ol><blockquote><p>A quote</p></blockquote><p>Line<br>break * 3_x</p>",
    );
    const markdown = essayMarkdown(html);
    expect(markdown).toContain("## My story");
    expect(markdown).toContain("**far**");
    const back = markdownEssayHtml(markdown);
    expect(essayPlainText(back)).toBe(essayPlainText(html));
    expect(essayMarkdown(back)).toBe(markdown);
  });

  it("takes plain paragraphs typed without JavaScript", () => {
    expect(markdownEssayHtml("First paragraph.\n\nSecond <script>x</script> one.")).toBe("<p>First paragraph.</p>\n<p>Second  one.</p>");
  });
});

describe("anchoring a quoted passage", () => {
  it.each([
    ["abc abc", "abc", undefined, { start: 0, end: 3 }],
    ["abc abc", "abc", 4, { start: 4, end: 7 }],
    ["abc", "xyz", undefined, undefined],
    ["abc", "", undefined, undefined],
  ] as const)("%j, %j near %s", (text, quote, near, anchor) => {
    expect(anchorQuote(text, quote, near)).toEqual(anchor);
  });
});

describe("a download's name", () => {
  it.each([
    ["My personal statement", "pdf", "my-personal-statement.pdf"],
    ["Über / naïve: “why”?", "docx", "uber-naive-why.docx"],
    ["///", "pdf", "essay.pdf"],
  ] as const)("%j as %s is %s", (title, extension, name) => {
    expect(exportFileName(title, extension)).toBe(name);
  });
});
