import { describe, expect, it } from "vitest";
import { documentBytes, renderedDocument, responseText } from "../../../app/utils/rendered-document.server";

describe("a rendered document", () => {
  const html = "<!DOCTYPE html><html><body>Café · ☾ 👍</body></html>";

  it("keeps the page's bytes beside the Response, which has its status and headers and no body of its own", async () => {
    const bytes = Buffer.from(html);
    const response = renderedDocument(bytes, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.body).toBeNull();
    expect(documentBytes(response)).toBe(bytes);
    expect(await responseText(response)).toBe(html);
    // Read twice: the text is not a stream that empties.
    expect(await responseText(response)).toBe(html);
  });

  it("takes the page as any byte view, and gives its text from the view's own bytes", async () => {
    const padded = Buffer.from(`xx${html}yy`);
    const view = new Uint8Array(padded.buffer, padded.byteOffset + 2, padded.byteLength - 4);
    expect(await responseText(renderedDocument(view, {}))).toBe(html);
  });

  it("reads any other Response by its body", async () => {
    const response = new Response(html, { status: 200 });
    expect(documentBytes(response)).toBeUndefined();
    expect(await responseText(response)).toBe(html);
    expect(documentBytes(new Response(null))).toBeUndefined();
  });
});
