/**
 * Words and characters of an essay's plain text, the way admissions portals count them: a word
 * is a run of non-space characters holding at least one letter or digit (a lone dash is not a
 * word, "well-known" and "don't" are one), and characters are every character except line
 * breaks, spaces included. Pure: the editor counts as the student types, the server counts
 * what it stores, and both agree.
 */
export interface TextCounts {
  words: number;
  characters: number;
}

const WORDISH = /[\p{L}\p{N}]/u;

export function countWords(text: string): number {
  let words = 0;
  for (const token of text.split(/\s+/u)) if (WORDISH.test(token)) words += 1;
  return words;
}

export function countCharacters(text: string): number {
  let characters = 0;
  for (const character of text) if (character !== "\n" && character !== "\r") characters += 1;
  return characters;
}

export function textCounts(text: string): TextCounts {
  return { words: countWords(text), characters: countCharacters(text) };
}

export type LimitState = "none" | "under" | "near" | "over";

/** Where a count stands against a word limit: "near" from 90 % of it, "over" past it. */
export function limitState(words: number, limit: number | null | undefined): LimitState {
  if (!limit) return "none";
  if (words > limit) return "over";
  if (words >= Math.ceil(limit * 0.9)) return "near";
  return "under";
}

/** The line under the editor: "412 / 650 words · 2,301 characters". */
export function countsLabel(counts: TextCounts, limit: number | null | undefined): string {
  const words = `${counts.words.toLocaleString("en-US")}${limit ? ` / ${limit.toLocaleString("en-US")}` : ""} ${counts.words === 1 && !limit ? "word" : "words"}`;
  const characters = `${counts.characters.toLocaleString("en-US")} ${counts.characters === 1 ? "character" : "characters"}`;
  const over = limit && counts.words > limit ? ` · ${(counts.words - limit).toLocaleString("en-US")} over the limit` : "";
  return `${words} · ${characters}${over}`;
}
