/**
 * Which database errors mean "the database cannot be reached right now" (answer 503 and
 * retry later) rather than "this query is wrong" (a bug, 500). Pure, so it is tested directly.
 */
const networkErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// SQLSTATE: class 08 is "connection exception"; the others are the server going away or saturating.
const unavailableSqlStates = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

const unavailableMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /connection (?:is )?closed/i,
  /cannot use a pool after calling end/i,
];

export function isDatabaseUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (isTranslatedUnavailableError(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (networkErrorCodes.has(code)) return true;
    if (code.startsWith("08") || unavailableSqlStates.has(code)) return true;
  }
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailableError)) return true;
  return unavailableMessages.some((pattern) => pattern.test(error.message));
}

// A registered symbol rather than instanceof: the HTTP server bundle and the Remix build
// each carry their own copy of this module, so the class differs between them.
const unavailableBrand = Symbol.for("marketplace.DatabaseUnavailableError");

/** True for the error the database layer throws when it cannot reach the database. */
export function isTranslatedUnavailableError(error: unknown): error is DatabaseUnavailableError {
  return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[unavailableBrand] === true;
}

export class DatabaseUnavailableError extends Error {
  readonly [unavailableBrand] = true;
  readonly status = 503;
  constructor(override readonly cause: unknown) {
    super("The database is unavailable", { cause });
    this.name = "DatabaseUnavailableError";
  }
}
