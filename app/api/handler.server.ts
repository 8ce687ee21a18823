import type { ZodType } from "zod";
import { ApiError, errorDocument } from "~/api/errors";
import type { ApiDocument } from "~/api/document";
import type { ApiErrorDocument } from "~/api/errors";
import { isTranslatedUnavailableError } from "~/db/connection-errors";
import { serverErrorMessage } from "~/errors/messages";
import { logger } from "~/utils/logger.server";
import { parseRecordId } from "~/utils/record-id";

const JSON_TYPES = ["application/json", "application/vnd.api+json"];
const MAX_JSON_BYTES = 1_000_000;

export function apiResponse(document: ApiDocument | ApiErrorDocument, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/vnd.api+json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(document), { ...init, headers });
}

/**
 * Runs an API loader or action and turns every failure into the error document:
 * ApiError as given, unreachable database as 503, anything else as 500 (logged).
 * Responses thrown on purpose (redirects) pass through.
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ApiError) return apiResponse(error.toDocument(), { status: error.status, headers: error.headers() });
    if (isTranslatedUnavailableError(error)) {
      return apiResponse(errorDocument(503, "service_unavailable", "The service is briefly unavailable. Please try again shortly."), {
        status: 503,
        headers: { "Retry-After": "5" },
      });
    }
    logger().error({ err: error }, "API request failed");
    return apiResponse(errorDocument(500, "internal_error", serverErrorMessage), { status: 500 });
  }
}

/** Whether the body is JSON, for routes that answer a JSON client and an HTML form differently. */
export function isJsonRequest(request: Request) {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/json");
}

/** Reads a JSON body and validates it; bad input is a 400/422 ApiError, never a 500. */
export async function readJsonBody<T>(request: Request, schema: ZodType<T>): Promise<T> {
  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!JSON_TYPES.includes(contentType)) {
    throw new ApiError(400, "unsupported_content_type", "Send the request body as JSON with Content-Type: application/json.");
  }
  const declaredLength = Number(request.headers.get("Content-Length") ?? 0);
  if (declaredLength > MAX_JSON_BYTES) {
    throw new ApiError(413, "payload_too_large", "The request body is too large.");
  }
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw new ApiError(413, "payload_too_large", "The request body is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid JSON.");
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = result.error.issues.map((issue) => ({
      status: "422",
      code: "invalid_attribute",
      detail: issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
      source: { pointer: `/${issue.path.join("/")}` },
    }));
    throw new ApiError(422, "invalid_attribute", errors[0]?.detail ?? "The request is invalid.", { errors });
  }
  return result.data;
}

export function notFound(type: string, id: string | undefined): never {
  throw new ApiError(404, "not_found", `No ${type} with id ${id ?? "(none)"}.`);
}

export function methodNotAllowed(allowed: string[]): Response {
  return apiResponse(errorDocument(405, "method_not_allowed", `Use ${allowed.join(" or ")} on this path.`), {
    status: 405,
    headers: { Allow: allowed.join(", ") },
  });
}

/** Positive integer from a path or query value, or a 400/404 ApiError. */
export function parseId(value: string | undefined, type: string): number {
  const id = parseRecordId(value);
  if (id === null) notFound(type, value);
  return id;
}

export function parsePage(url: URL, defaults = { perPage: 25, maxPerPage: 100 }) {
  const page = Number(url.searchParams.get("page") ?? "1");
  const perPage = Number(url.searchParams.get("per_page") ?? defaults.perPage);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) {
    throw new ApiError(400, "invalid_parameter", "page must be a whole number from 1.", { source: { parameter: "page" } });
  }
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > defaults.maxPerPage) {
    throw new ApiError(400, "invalid_parameter", `per_page must be a whole number from 1 to ${defaults.maxPerPage}.`, {
      source: { parameter: "per_page" },
    });
  }
  return { page, perPage, offset: (page - 1) * perPage };
}

export function parseInclude(url: URL, allowed: readonly string[]): Set<string> {
  const requested = (url.searchParams.get("include") ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  const unknown = requested.filter((name) => !allowed.includes(name));
  if (unknown.length) {
    throw new ApiError(400, "invalid_include", `Cannot include ${unknown.join(", ")}. Allowed: ${allowed.join(", ") || "nothing"}.`, {
      source: { parameter: "include" },
    });
  }
  return new Set(requested);
}
