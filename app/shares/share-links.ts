/**
 * Shared links (/shares/{token}, SPEC §3 shares and resourceViews), pure: how long a link may
 * live, whether it works at a moment, when a reopening counts as a new view. The forms that create
 * and revoke links are share-forms.ts. Which resources can be shared is app/shares/resources.server.ts.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const SHARE_EXPIRY_CHOICES = [
  { value: "never", label: "Never expires", days: null },
  { value: "1d", label: "Expires in 1 day", days: 1 },
  { value: "7d", label: "Expires in 7 days", days: 7 },
  { value: "30d", label: "Expires in 30 days", days: 30 },
] as const;

export type ShareExpiry = (typeof SHARE_EXPIRY_CHOICES)[number]["value"];

/** When a link made at `now` with this choice stops working; null for never; undefined for an unknown choice. */
export function expiryFor(choice: string, now: Date): Date | null | undefined {
  const found = SHARE_EXPIRY_CHOICES.find((candidate) => candidate.value === choice);
  if (!found) return undefined;
  return found.days === null ? null : new Date(now.getTime() + found.days * DAY_MS);
}

export type ShareState = "active" | "expired" | "revoked";

/** Whether a link works at `now`: a revoked link never again (revoking wins over expiring), and a link is expired from its expiry on. */
export function shareState(share: { expires_at: Date | string | null; revoked_at: Date | string | null }, now: Date): ShareState {
  if (share.revoked_at !== null) return "revoked";
  if (share.expires_at !== null && new Date(share.expires_at).getTime() <= now.getTime()) return "expired";
  return "active";
}

export const SHARE_STATE_LABELS: Record<ShareState, string> = { active: "Active", expired: "Expired", revoked: "Turned off" };

/** A signed-in viewer reloading a shared page within this time is the same view, not another. */
export const REPEAT_VIEW_MS = 30 * 60 * 1000;

/** Whether an opening is a new view: always for guests (they cannot be told apart), for a signed-in viewer only after REPEAT_VIEW_MS. */
export function countsAsNewView(lastViewByViewer: Date | null, now: Date): boolean {
  return lastViewByViewer === null || now.getTime() - lastViewByViewer.getTime() >= REPEAT_VIEW_MS;
}

/** How many bytes of 192 random bits make a token: 32 URL-safe characters, never guessed. */
export const SHARE_TOKEN_BYTES = 24;

/** A token's shape, checked before any lookup: anything else is simply not a link. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export const SHARE_MESSAGES = {
  notShareable: "There is nothing at this address that you can share.",
  unknownExpiry: "Choose how long the link works.",
  notFound: "This link was turned off or has expired.",
  rateLimited: (seconds: number) => `You have made many links in a short time. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  created: "Your link is ready: copy it from the list below.",
  revoked: "The link is turned off: it no longer opens.",
  alreadyRevoked: "That link was already turned off.",
};

/** What a shared page shows, in order: plain text, cards (front and back), a file to download through the link. */
export type SharedBlock =
  | { kind: "text"; text: string }
  | { kind: "cards"; cards: { front: string; back: string }[] }
  | { kind: "file"; fileName: string; sizeBytes: number };

/** The address of a link, on the site's origin. */
export function shareUrl(origin: string, token: string): string {
  return `${origin}/shares/${token}`;
}
