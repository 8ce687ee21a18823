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
    readonly extras: { source?: ApiErrorObject["source"]; meta?: Record<string, unknown>; errors?: ApiErrorObject[] } = {},
  ) {
    super(detail);
    this.name = "ApiError";
  }

  toDocument(): ApiErrorDocument {
    const errors = this.extras.errors ?? [
      { status: String(this.status), code: this.code, detail: this.message, ...(this.extras.source ? { source: this.extras.source } : {}) },
    ];
    return { errors, ...(this.extras.meta ? { meta: this.extras.meta } : {}) };
  }
}

export function errorDocument(status: number, code: string, detail: string, meta?: Record<string, unknown>): ApiErrorDocument {
  return new ApiError(status, code, detail, { meta }).toDocument();
}
