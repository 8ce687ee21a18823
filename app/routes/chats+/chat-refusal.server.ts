import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { ChatError } from "~/chats/chats.server";
import { tooManyRequests } from "~/security/retry-after";

/** A chat form the domain refused, shown on the form; a 429 says when to retry (the routes pass Retry-After on). */
export function chatRefusal(error: ChatError, result: SubmissionResult<string[]>) {
  if (error.retryAfterSeconds !== undefined) return tooManyRequests({ result }, error.retryAfterSeconds);
  return data({ result }, { status: error.status });
}
