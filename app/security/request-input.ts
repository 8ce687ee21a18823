/**
 * Input no page or API call can take, refused before any route runs (400 with a message):
 * - an address whose percent-encoding does not decode, or that is not a path;
 * - a NUL character anywhere in the address or in a form or JSON body (PostgreSQL cannot store
 *   NUL in text, so a stray %00 would reach a query and fail as a server error);
 * - field names a form parser would turn into work out of all proportion to the bytes sent:
 *   `x[30000000]=1` becomes an array of 30 million slots that a failed submission's reply walks
 *   again, and `a[b][b]…` a thousand levels deep overflows the stack (FIELD_NAME_LIMITS);
 * - JSON nested deeper than any of our documents (JSON_MAX_DEPTH).
 * Pure.
 */

export const MALFORMED_ADDRESS = "This address is not valid: part of it is not properly encoded.";
export const NUL_IN_ADDRESS = "This address contains a character that is not allowed (a null character).";
export const NUL_IN_BODY = "What you sent contains a character that is not allowed (a null character). Remove it and try again.";
export const NOT_A_PATH = "This address is not valid: it must be a path on this site.";

/** The bounds on form field names (and query parameter names), in the form parser's own notation. */
export const FIELD_NAME_LIMITS = {
  /** Fields in one form or query. Our largest form has a few hundred. */
  fields: 5_000,
  /** Segments of one name: `user_courses_attributes[3].course_id` has three. */
  depth: 8,
  /** The largest list index: our longest lists hold 100 entries. */
  index: 1_000,
  /** Slots all the lists of one form would have together (each list as long as its largest index + 1). */
  listSlots: 10_000,
} as const;

export const JSON_MAX_DEPTH = 32;

export const TOO_MANY_FIELDS = `This form has too many fields (at most ${FIELD_NAME_LIMITS.fields}).`;
export const FIELD_NAME_TOO_DEEP = `A field name is nested too deeply (at most ${FIELD_NAME_LIMITS.depth} levels).`;
export const FIELD_INDEX_TOO_LARGE = `A field name has a list position above ${FIELD_NAME_LIMITS.index}.`;
export const LISTS_TOO_LONG = `The lists in this form are too long together (at most ${FIELD_NAME_LIMITS.listSlots} entries).`;
export const JSON_TOO_DEEP = `What you sent is nested too deeply (at most ${JSON_MAX_DEPTH} levels).`;

// The form parser's tokens (@conform-to/dom): a name segment, or a list position `[n]`.
const NAME_TOKEN = /([^.[\]]+)|\[(\d*)\]/g;

/** Why a request target (path and query, as sent) is refused, or null when it is fine. */
export function refusedAddressReason(target: string): string | null {
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? "" : target.slice(queryStart + 1);
  if (!path.startsWith("/")) return NOT_A_PATH;
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    return MALFORMED_ADDRESS;
  }
  if (decodedPath.includes("\u0000")) return NUL_IN_ADDRESS;
  const parameters = new URLSearchParams(query);
  if (formFieldsHaveNul(parameters)) return NUL_IN_ADDRESS;
  return refusedFieldNamesReason(parameters.keys());
}

/**
 * Why a form's (or query's) field names are refused, or null when they are fine. Stops at the
 * first name over a limit, so the work is bounded by the bytes sent, never by the numbers in them.
 */
export function refusedFieldNamesReason(names: Iterable<string>): string | null {
  let fields = 0;
  let listSlots = 0;
  // The longest each list is, by the tokens before its position (`a[2].b[5]` → lists ".a" and ".a.[2].b").
  const listLengths = new Map<string, number>();
  for (const name of names) {
    fields += 1;
    if (fields > FIELD_NAME_LIMITS.fields) return TOO_MANY_FIELDS;
    let depth = 0;
    let prefix = "";
    for (const [token, segment, index] of name.matchAll(NAME_TOKEN)) {
      depth += 1;
      if (depth > FIELD_NAME_LIMITS.depth) return FIELD_NAME_TOO_DEEP;
      if (segment === undefined && index) {
        // Leading zeros and all: `[0000031]` is position 31 to the parser.
        const position = index.length > 7 ? Infinity : Number(index);
        if (position > FIELD_NAME_LIMITS.index) return FIELD_INDEX_TOO_LARGE;
        const length = listLengths.get(prefix) ?? 0;
        if (position + 1 > length) {
          listSlots += position + 1 - length;
          if (listSlots > FIELD_NAME_LIMITS.listSlots) return LISTS_TOO_LONG;
          listLengths.set(prefix, position + 1);
        }
      }
      prefix += `.${token}`;
    }
  }
  return null;
}

/** Whether a JSON text nests arrays and objects deeper than JSON_MAX_DEPTH (read without parsing). */
export function jsonNestedTooDeep(text: string, maxDepth = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth -= 1;
  }
  return false;
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
