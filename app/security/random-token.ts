import { randomFillSync } from "node:crypto";

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;

/**
 * `bytes` bytes from the operating system's secure random source, as base64url. Every page asks
 * for two (the CSP nonce, a CSRF token), so they come from a pool filled 4 KB at a time, as
 * Node's randomUUID does; each byte is handed out once.
 */
export function randomToken(bytes: number): string {
  if (bytes > POOL_BYTES) throw new RangeError(`randomToken takes at most ${POOL_BYTES} bytes`);
  if (used + bytes > POOL_BYTES) {
    randomFillSync(pool);
    used = 0;
  }
  const token = pool.toString("base64url", used, used + bytes);
  used += bytes;
  return token;
}
