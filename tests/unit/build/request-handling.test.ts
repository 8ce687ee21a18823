import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Request handling lives with its route; domain modules know nothing of HTTP (docs/architecture.md,
 * "The recipe"). Outside app/routes (and the root route and entries, which are Remix's own
 * modules) no module reads a form, takes a `Request`, redirects or builds a response document —
 * except the seams below, whose one job is to read a request or shape an answer. A page controller in a domain
 * folder (`*-page.server.ts`) is refused by name.
 */
const REQUEST_SEAMS = new Set([
  // Who is asking: the session cookie, the route policy, the API's authorization.
  "app/accounts/session.server.ts",
  "app/accounts/authorize.server.ts",
  "app/accounts/user-api.server.ts",
  // Access to one chat, one managed course or one run session: the session, then the policy, else 403/404.
  "app/chats/chat-access.server.ts",
  "app/online-courses/course-access.server.ts",
  "app/study-sessions/session-access.server.ts",
  // One flash-card deck: the session, then the policy, else 404.
  "app/flash-cards/deck-access.server.ts",
  // The JSON API's body reader and error documents.
  "app/api/handler.server.ts",
  "app/api/errors.ts",
  // Cookies, the site's origin, CSRF, the one-time toast, 429 answers.
  "app/utils/cookies.server.ts",
  "app/utils/site-origin.server.ts",
  // The time a request is handled at (a test clock only where TEST_CLOCK is on).
  "app/utils/clock.server.ts",
  "app/security/csrf.server.ts",
  "app/toasts/toast.server.ts",
  "app/security/retry-after.ts",
  // The 404 routes throw when what a URL names does not exist.
  "app/errors/not-found.server.ts",
  // The built-in realtime transport's event stream.
  "app/realtime/sse.server.ts",
  // The one answer for a file people uploaded (headers that keep it private and inert).
  "app/files/private-file-response.ts",
  // The browser-side answer of a form sent by script that could not reach the server (a route's clientAction).
  "app/shell/offline-submission.ts",
  // The rendered page as a Response whose bytes the HTTP server writes in one call (app/entry.server.tsx).
  "app/utils/rendered-document.server.ts",
]);

/** Remix's own modules: the root route and the entries handle requests by definition. */
const REMIX_MODULES = new Set(["app/root.tsx", "app/entry.server.tsx", "app/entry.client.tsx"]);

const RESPONSE_HELPERS = new Set(["redirect", "redirectDocument", "replace", "data", "json"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !entry.endsWith(".d.ts") ? [full] : [];
  });
}

/** What a module does with requests and responses, read from its syntax tree. */
function requestHandling(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    // A remix-auth strategy's `authenticate(request)` is the library's interface: only its body counts.
    if (ts.isMethodDeclaration(node) && node.name.getText(source) === "authenticate" && node.body) {
      visit(node.body);
      return;
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^@remix-run\/(node|server-runtime)$/.test(node.moduleSpecifier.text)) {
      const named = node.importClause?.namedBindings;
      if (named && ts.isNamedImports(named)) {
        for (const element of named.elements) {
          const name = (element.propertyName ?? element.name).text;
          if (!element.isTypeOnly && !node.importClause?.isTypeOnly && RESPONSE_HELPERS.has(name)) found.push(`${where(node)} imports ${name}() from ${node.moduleSpecifier.text}`);
        }
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (method === "formData") found.push(`${where(node)} reads a form (.formData())`);
      if (method === "json" && node.expression.expression.getText(source) === "Response") found.push(`${where(node)} builds Response.json()`);
    }
    if (ts.isNewExpression(node) && node.expression.getText(source) === "Response") found.push(`${where(node)} builds a Response`);
    if (ts.isParameter(node) && node.type && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === "Request") {
      found.push(`${where(node)} takes a Request (${node.name.getText(source)})`);
    }
    if (ts.isPropertySignature(node) && node.type && ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === "Request") {
      found.push(`${where(node)} passes a Request in ${node.name.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceFiles("app").map((file) => file.split(path.sep).join("/"));
const outsideRoutes = files.filter((file) => !file.startsWith("app/routes/") && !REMIX_MODULES.has(file));

describe("request handling", () => {
  it("stays in the routes: no module outside app/routes reads forms, takes a Request, redirects or builds a response, except the seams", () => {
    const offences = outsideRoutes.filter((file) => !REQUEST_SEAMS.has(file)).flatMap(requestHandling);
    expect(offences).toEqual([]);
  });

  it("has no page controller in a domain folder", () => {
    expect(outsideRoutes.filter((file) => /-page\.server\.tsx?$/.test(file))).toEqual([]);
  });

  it("names only seams that exist (a removed seam leaves the list)", () => {
    expect([...REQUEST_SEAMS].filter((file) => !files.includes(file))).toEqual([]);
  });

  it("is read from the syntax tree: the check finds each kind of offence", () => {
    const sample = path.join(tmpdir(), `request-handling-${process.pid}.ts`);
    const text = [
      'import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";',
      "export async function save(request: Request, options: { request?: Request }) {",
      "  const form = await request.formData();",
      "  if (!form.get('x')) throw redirect('/');",
      "  if (!form.get('y')) throw new Response('Not found', { status: 404 });",
      "  return Response.json({ ok: true });",
      "}",
    ].join("\n");
    writeFileSync(sample, text);
    const kinds = requestHandling(sample).map((line) => line.replace(/^[^ ]+ /, ""));
    rmSync(sample);
    expect(kinds).toEqual([
      "imports data() from @remix-run/node",
      "imports redirect() from @remix-run/node",
      "takes a Request (request)",
      "passes a Request in request",
      "reads a form (.formData())",
      "builds a Response",
      "builds Response.json()",
    ]);
  });
});
