import { z } from "zod";

/** /search's query: `?type=course|school&query=…&page=n`; anything malformed falls back to defaults. */
export const searchQuerySchema = z.object({
  type: z.enum(["course", "school"]).catch("course"),
  query: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * A PostgreSQL tsquery matching every word of the visitor's text as a prefix ("calc deriv" →
 * "calc:* & deriv:*"), or null when no searchable word remains. Only letters and digits pass, so
 * the result is always a valid query whatever was typed.
 */
export function prefixTsQuery(text: string): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((word) => `${word}:*`).join(" & ");
}

/** The searchable words of the visitor's text: lower case, accents dropped, letters and digits only, at most eight. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
}
