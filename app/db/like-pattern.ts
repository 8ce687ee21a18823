/**
 * A substring pattern for `lower(column) like …` (or `ilike`): the text lower-cased, with LIKE's
 * own wildcards and its escape character (`%`, `_`, `\`) escaped, so they match themselves.
 * PostgreSQL's default LIKE escape is the backslash, so no `escape` clause is needed.
 */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
