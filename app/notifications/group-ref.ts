// Apart from groups.ts because the app bar's bell imports that module: zod stays out of the
// JavaScript every page loads.
import { z } from "zod";

/** Body of mark_as_read and delete_group: {type, group_key} (group_key null or absent for ungrouped). */
export const groupRefSchema = z.object({
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, "type must be a notification type such as TokenCredit."),
  group_key: z.string().max(300).nullable().optional(),
});

/** The /notifications page's forms, by `intent`: mark one group read, delete one group, or mark all read. */
export const notificationsFormSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("mark_all_as_read") }), groupRefSchema.extend({ intent: z.literal("mark_as_read") }), groupRefSchema.extend({ intent: z.literal("delete_group") })],
  { error: "Choose what to do with the notifications." },
);
