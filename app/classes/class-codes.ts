/**
 * Class codes: seven characters a teacher reads out or writes on the board, from letters and
 * digits that cannot be mistaken for one another (no 0/O, 1/I/L). 31^7 ≈ 27 billion codes, so a
 * guessed code almost never opens a class. Pure: the caller passes the random source.
 */

export const CLASS_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CLASS_CODE_LENGTH = 7;

export function newClassCode(randomBytes: (size: number) => Uint8Array): string {
  let code = "";
  while (code.length < CLASS_CODE_LENGTH) {
    for (const byte of randomBytes(CLASS_CODE_LENGTH * 2)) {
      // 248 = 8 × 31: dropping bytes above it keeps every character equally likely.
      if (byte < 248 && code.length < CLASS_CODE_LENGTH) code += CLASS_CODE_ALPHABET[byte % CLASS_CODE_ALPHABET.length];
    }
  }
  return code;
}

/** What a student typed, as a code: case, spaces and dashes ignored; null when it cannot be one. */
export function normalizeClassCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, "").toUpperCase();
  if (code.length !== CLASS_CODE_LENGTH) return null;
  return [...code].every((char) => CLASS_CODE_ALPHABET.includes(char)) ? code : null;
}
