import { z } from "zod";

/**
 * The forms of a practice test's page: start an attempt, start the next section, save or submit
 * the running section's answers (`question_{id}` fields, which only the section's questions can
 * check, so those forms keep whatever else they are sent).
 */
const sectionId = z.coerce.number({ error: "Choose a section of this test." }).int().positive().max(2_147_483_647);

export const practiceTestSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("start") }),
    z.object({ intent: z.literal("start_section"), section_id: sectionId }),
    z.looseObject({ intent: z.literal("save"), section_id: sectionId }),
    z.looseObject({ intent: z.literal("submit"), section_id: sectionId }),
  ],
  { error: "Unknown action." }
);
