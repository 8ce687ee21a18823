/**
 * Input no page or API call can take, refused before any route runs (400 with a message):
 * an address whose percent-encoding does not decode, and a NUL character anywhere in the
 * address or in a form or JSON body. PostgreSQL cannot store NUL in text, so without this rule
 * a stray %00 would reach a query and fail as a server error. Pure.
 */

export const MALFORMED_ADDRESS = "This address is not valid: part of it is not properly encoded.";
export const NUL_IN_ADDRESS = "This address contains a character that is not allowed (a null character).";
export const NUL_IN_BODY = "What you sent contains a character that is not allowed (a null character). Remove it and try again.";

/** Why a request target (path and query, as sent) is refused, or null when it is fine. */
export function refusedAddressReason(target: string): string | null {
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? "" : target.slice(queryStart + 1);
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return MALFORMED_ADDRESS;
  }
  if (decodedPath.includes("\u0000")) return NUL_IN_ADDRESS;
  return formFieldsHaveNul(new URLSearchParams(query)) ? NUL_IN_ADDRESS : null;
}

/** Whether the fields of a form (urlencoded or multipart, as parsed) hold a NUL in a name or a text value. */
export function formFieldsHaveNul(fields: Iterable<[string, unknown]>): boolean {
  for (const [name, value] of fields) {
    if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) return true;
  }
  return false;
}

/** Whether the text of a JSON body holds a NUL, raw or as the escape \u0000. */
export function jsonBodyHasNul(body: string): boolean {
  // An escaped backslash followed by "u0000" is the text \u0000, not a NUL: count the backslashes.
  for (const match of body.matchAll(/(\\+)u0000/gi)) {
    if (match[1]!.length % 2 === 1) return true;
  }
  return body.includes("\u0000");
}
