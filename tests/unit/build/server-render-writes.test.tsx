import { createRequire } from "node:module";
import path from "node:path";
import { createElement, Fragment, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

/**
 * The server render's writer is patched (patches/react-dom+18.3.1.patch,
 * docs/decisions/012-server-render-writes-text.md): React's production server build keeps what it
 * writes as text and hands its destination one string per flush, where the published build
 * encoded every small chunk into a fresh view of a 2 KB byte buffer. The development build, which
 * the patch leaves as published, writes the same page as bytes: both must give the same document.
 */
const require = createRequire(import.meta.url);
type Fizz = typeof import("react-dom/server");
// By their files: the package exports neither build by name.
const builds = path.join(path.dirname(require.resolve("react-dom/server.node")), "cjs");
const patched = require(path.join(builds, "react-dom-server.node.production.min.js")) as Fizz;
const published = require(path.join(builds, "react-dom-server.node.development.js")) as Fizz;

function render(fizz: Fizz, page: ReactNode): Promise<(string | Uint8Array)[]> {
  return new Promise((resolve, reject) => {
    const writes: (string | Uint8Array)[] = [];
    const destination = {
      write(chunk: string | Uint8Array) {
        writes.push(chunk);
        return true;
      },
      end: () => resolve(writes),
      on: () => destination,
    };
    const stream = fizz.renderToPipeableStream(page, { onAllReady: () => stream.pipe(destination as never), onShellError: reject });
  });
}

const text = (writes: (string | Uint8Array)[]) => writes.map((chunk) => (typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"))).join("");

// Long enough to fill many 2 KB views; text that needs escaping, and characters of two, three and four bytes.
const page = createElement(
  "html",
  { lang: "fr" },
  createElement("head", null, createElement("title", null, "Révision & examens")),
  createElement(
    "body",
    null,
    createElement(
      "ul",
      { className: "stack-list" },
      Array.from({ length: 400 }, (_, index) =>
        createElement("li", { key: index, "data-index": index }, createElement("a", { href: `/courses/${index}?q=a&b="c"` }, `Chapitre ${index} — ∑ 🎓 <tag>`), " ", createElement(Fragment, null, "suite")),
      ),
    ),
  ),
);

describe("the server render's writer", () => {
  it("writes a whole page as one string per flush, the same document as React's published writer", async () => {
    const writes = await render(patched, page);
    expect(writes).toHaveLength(1);
    expect(typeof writes[0]).toBe("string");
    const document = text(writes);
    expect(document.length).toBeGreaterThan(20_000);
    // The published writer sends a full 2 KB view when a character does not fit in what is left
    // of it, unwritten NUL bytes included; the patched one has no views to pad.
    const reference = text(await render(published, page));
    expect(reference).toContain("\u0000");
    expect(document).not.toContain("\u0000");
    expect(document).toBe(reference.replaceAll("\u0000", ""));
    expect(document).toContain("Chapitre 399 — ∑ 🎓 &lt;tag&gt;");
    expect(document).toContain('href="/courses/7?q=a&amp;b=&quot;c&quot;"');
  });

  it("destroys its destination when the page failed: what the entry's destination must take after a shell error", async () => {
    function Broken(): ReactNode {
      throw new Error("broken page");
    }
    const seen = await new Promise<string[]>((resolve) => {
      const events: string[] = [];
      const destination = {
        write: () => true,
        end: () => events.push("end"),
        on: () => destination,
        destroy: (error: Error) => resolve([...events, `destroy: ${error.message}`]),
      };
      const stream = patched.renderToPipeableStream(createElement("div", null, createElement(Broken)), {
        onError: () => undefined,
        onShellError: (error) => events.push(`shell error: ${(error as Error).message}`),
        // React still reports the page ready; the entry pipes it, and React destroys the destination.
        onAllReady: () => stream.pipe(destination as never),
      });
    });
    expect(seen).toEqual(["shell error: broken page", "destroy: broken page"]);
  });

  it("keeps two renders in one process apart", async () => {
    const [first, second] = await Promise.all([render(patched, createElement("p", null, "one")), render(patched, createElement("p", null, "two"))]);
    expect(text(first)).toBe("<p>one</p>");
    expect(text(second)).toBe("<p>two</p>");
  });
});
