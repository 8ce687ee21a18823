/**
 * The message a person sees for a failed request (SPEC §8). Pure and shared by server and client.
 */
export const serverErrorMessage = "There was a problem on the site.  Please contact us if this issue persists";
export const tooManyRequestsMessage = "Too many requests. Try again in a couple minutes";
export const unauthorizedMessage = "You are not authorized to perform this action";
export const fallbackMessage = "Error";

/** A refusal of a limit counted over an hour or more, with when to come back (in minutes, rounded up). */
export function tryAgainInMessage(refusal: string, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${refusal} Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export interface FailedRequest {
  status?: number;
  body?: unknown;
}

export function errorMessage({ status, body }: FailedRequest): string {
  if (status === 500) return serverErrorMessage;
  if (status === 429) return tooManyRequestsMessage;
  if (typeof body === "string" && body.trim()) return body;
  if (isRecord(body) && typeof body.message === "string" && body.message.trim()) return body.message;
  if (status === 401) return unauthorizedMessage;
  return flatten(body) || fallbackMessage;
}

function flatten(body: unknown): string {
  // Trimmed, so a blank string counts as no message (falls back to 'Error') rather than a blank one.
  if (typeof body === "string") return body.trim();
  if (Array.isArray(body)) return body.map(flatten).filter(Boolean).join("\n");
  if (!isRecord(body)) return "";
  const lines: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (key === "detail") {
      lines.push(Array.isArray(value) ? value.map(flatten).filter(Boolean).join("\n") : flatten(value));
    } else if (key === "base") {
      lines.push(toList(value).join(", "));
    } else if (key === "errors") {
      lines.push(flatten(value));
    } else if (["status", "code", "source", "title", "meta"].includes(key)) {
      continue;
    } else {
      const messages = toList(value);
      if (messages.length) lines.push(`${humanize(key)}: ${messages.join(", ")}`);
    }
  }
  return lines.filter(Boolean).join("\n");
}

function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(flatten).filter(Boolean);
  const text = flatten(value);
  return text ? [text] : [];
}

/** "first_name" → "First name" */
export function humanize(field: string) {
  const words = field.replace(/_id$/, "").replace(/[_.]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
