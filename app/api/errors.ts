import { tooManyRequestsMessage } from "~/errors/messages";
import { retryAfterHeaders, wholeRetrySeconds } from "~/security/retry-after";

/** The one error shape of the API: `{ errors: [{ status, code, detail, source? }], meta? }`. */
export interface ApiErrorObject {
  status: string;
  code: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}

export interface ApiErrorDocument {
  errors: ApiErrorObject[];
  meta?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly extras: {
      source?: ApiErrorObject["source"];
      meta?: Record<string, unknown>;
      errors?: ApiErrorObject[];
      /** A refusal that ends (429): seconds until the client may try again, answered as `meta.retry_after` and Retry-After. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(detail);
    this.name = "ApiError";
  }

  toDocument(): ApiErrorDocument {
    const errors = this.extras.errors ?? [
      { status: String(this.status), code: this.code, detail: this.message, ...(this.extras.source ? { source: this.extras.source } : {}) },
    ];
    const { meta, retryAfterSeconds } = this.extras;
    if (retryAfterSeconds !== undefined) return { errors, meta: { retry_after: wholeRetrySeconds(retryAfterSeconds), ...meta } };
    return { errors, ...(meta ? { meta } : {}) };
  }

  /** The answer's headers: Retry-After when the refusal ends. */
  headers(): Record<string, string> {
    return this.extras.retryAfterSeconds === undefined ? {} : retryAfterHeaders(this.extras.retryAfterSeconds);
  }
}

/** 429: too many requests, with when to try again (every 429 of the API is made here). */
export function tooManyRequestsError(retryAfterSeconds: number, detail: string = tooManyRequestsMessage, code = "too_many_requests") {
  return new ApiError(429, code, detail, { retryAfterSeconds });
}

export function errorDocument(status: number, code: string, detail: string, meta?: Record<string, unknown>): ApiErrorDocument {
  return new ApiError(status, code, detail, { meta }).toDocument();
}
