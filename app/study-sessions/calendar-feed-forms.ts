import { z } from "zod";

/** The calendar feed forms on "My live sessions": make or replace the private link, or turn it off. */
export const calendarFeedSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("reset-feed") }), z.object({ intent: z.literal("revoke-feed") })], {
  error: "Unknown action.",
});

export const FEED_CREATED_MESSAGE = "Your calendar feed link is ready. Add it to your calendar app.";
export const FEED_RESET_MESSAGE = "Your calendar feed has a new link. The old link no longer works.";
export const FEED_REVOKED_MESSAGE = "Your calendar feed is turned off. Its link no longer works.";
