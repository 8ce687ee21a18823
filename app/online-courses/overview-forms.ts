import { z } from "zod";
import { PACKAGE_KEYS } from "~/online-courses/packages";

/**
 * The forms of a course's overview page, one `intent` each: taking a free package, pre-registering
 * and withdrawing a pre-registration. Pure, shared by the page's action and its forms.
 */

export const overviewSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("enrol"), package: z.enum(PACKAGE_KEYS, { error: "Choose Learn, Practice or the Learn-Practice Bundle." }) }),
    z.object({ intent: z.literal("pre-register") }),
    z.object({ intent: z.literal("withdraw-pre-registration") }),
  ],
  { error: "Unknown action." },
);

export const PRE_REGISTERED_MESSAGE = "You're pre-registered: we'll tell you when the course opens.";
export const PRE_REGISTRATION_WITHDRAWN_MESSAGE = "Your pre-registration is withdrawn.";
