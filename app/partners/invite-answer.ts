// Apart from membership.ts because the app bar imports that module: zod stays out of the shell
// that every page loads.
import { z } from "zod";
import { INVITE_RESPONSES } from "~/partners/membership";

/** The account menu's Accept / Decline form for an invitation. */
export const inviteAnswerSchema = z.object({
  response: z.enum(INVITE_RESPONSES, { message: "Choose Accept or Decline." }),
  redirectTo: z.string().optional(),
});
