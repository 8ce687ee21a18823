// Apart from groups.ts because the app bar's bell imports that module: zod stays out of the
// JavaScript every page loads.
import { z } from "zod";

/** Body of mark_as_read and delete_group: {type, group_key} (group_key null or absent for ungrouped). */
export const groupRefSchema = z.object({
  type: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, "type must be a notification type such as TokenCredit."),
  group_key: z.string().max(300).nullable().optional(),
});
