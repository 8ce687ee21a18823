import { z } from "zod";
import { SHARE_EXPIRY_CHOICES, SHARE_MESSAGES, type ShareExpiry } from "~/shares/share-links";

/**
 * The forms of /shares, apart from share-links.ts: pages that show a share form (a course page's
 * notes, a deck) read the expiry choices in the browser and need no zod there.
 */

/** Where a share's form starts from; resource types are the registry's, checked on the server. */
export const createShareSchema = z.object({
  intent: z.literal("create"),
  resource_type: z.string({ error: SHARE_MESSAGES.notShareable }).regex(/^[a-z_]{1,40}$/, SHARE_MESSAGES.notShareable),
  resource_id: z.coerce.number({ error: SHARE_MESSAGES.notShareable }).int().positive(SHARE_MESSAGES.notShareable).max(2_147_483_647, SHARE_MESSAGES.notShareable),
  expiry: z.enum(SHARE_EXPIRY_CHOICES.map((choice) => choice.value) as [ShareExpiry, ...ShareExpiry[]], { error: SHARE_MESSAGES.unknownExpiry }).default("never"),
});

export const revokeShareSchema = z.object({
  intent: z.literal("revoke"),
  share_id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const shareActionSchema = z.discriminatedUnion("intent", [createShareSchema, revokeShareSchema]);
