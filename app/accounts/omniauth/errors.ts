/**
 * How provider sign-in fails, so POST /omniauth can answer each with its own status:
 * a token we refuse is 401 `invalid_token`; a provider we cannot reach is 502
 * `provider_unavailable` (never a 500: the user can simply try again).
 */
export class InvalidProviderTokenError extends Error {
  constructor(readonly reason: string) {
    super(`The sign-in token was refused: ${reason}`);
    this.name = "InvalidProviderTokenError";
  }
}

export class ProviderUnavailableError extends Error {
  constructor(readonly provider: "google" | "facebook", options?: { cause?: unknown }) {
    super(`${provider === "google" ? "Google" : "Facebook"} could not be reached to check the sign-in. Please try again in a moment.`, options);
    this.name = "ProviderUnavailableError";
  }
}

/** A provider's account, as the provider vouches for it. */
export interface ProviderProfile {
  provider: "google" | "facebook";
  /** The provider's stable id for the person (Google `sub`, Facebook user id). */
  uid: string;
  /** Only an address the provider has verified; null when it gave none. */
  email: string | null;
  first_name: string;
  last_name: string;
}
