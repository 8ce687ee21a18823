import { describe, expect, it } from "vitest";
import { linkify } from "~/formatting/linkify";

const link = (text: string, href = text) => ({ kind: "link", text, href });
const text = (text: string) => ({ kind: "text", text });

describe("linkify", () => {
  it.each([
    ["plain words", [text("plain words")]],
    ["<script>alert(1)</script>", [text("<script>alert(1)</script>")]],
    ["see https://example.com/a?b=1.", [text("see "), link("https://example.com/a?b=1"), text(".")]],
    ["www.example.com", [link("www.example.com", "https://www.example.com")]],
    ["(http://a.test) and HTTPS://B.test", [text("("), link("http://a.test"), text(") and "), link("HTTPS://B.test")]],
    ["Open: https://a.test/x?t=1&u=2\nthen", [text("Open: "), link("https://a.test/x?t=1&u=2"), text("\nthen")]],
    [
      "Go to http://localhost:3000/users/password/edit?reset_password_token=ab_C-d.",
      [text("Go to "), link("http://localhost:3000/users/password/edit?reset_password_token=ab_C-d"), text(".")],
    ],
    ["(see https://a.test/page), ok", [text("(see "), link("https://a.test/page"), text("), ok")]],
    ["{https://a.test}", [text("{"), link("https://a.test"), text("}")]],
    ["javascript:alert(1) is not a link", [text("javascript:alert(1) is not a link")]],
    ["javascript:alert(1) and https:// alone", [text("javascript:alert(1) and https:// alone")]],
    ["no host: https:///path", [text("no host: https:///path")]],
    ["awww.example.com", [text("awww.example.com")]],
    ['<a href="https://x.test">x</a>', [text('<a href="'), link("https://x.test"), text('">x</a>')]],
  ])("%j", (body, parts) => {
    expect(linkify(body)).toEqual(parts);
  });

  it("keeps every character of the text", () => {
    const body = "a https://x.test/b, www.y.test! <b>c</b> http://z.test/2. https:// d";
    expect(
      linkify(body)
        .map((part) => part.text)
        .join(""),
    ).toBe(body);
  });
});
