import argon2 from "argon2";

/** argon2id with OWASP's minimum: 19 MiB of memory, two passes. */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/accounts/password-rules";

export function hashPassword(password: string) {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

// Verifying against this when the account does not exist costs the same time as a real
// check, so response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword("decoy-password-for-unknown-accounts");
    await argon2.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
