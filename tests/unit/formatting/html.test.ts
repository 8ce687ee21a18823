import { describe, expect, it } from "vitest";
import { escapeHtml } from "~/formatting/html";

describe("escapeHtml", () => {
  it.each([
    ["plain", "plain"],
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    [`"quoted" & 'single'`, "&quot;quoted&quot; &amp; &#39;single&#39;"],
    ["a&amp;b", "a&amp;amp;b"],
  ])("%j → %j", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});
