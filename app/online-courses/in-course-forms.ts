import { z } from "zod";
import { questionFields } from "~/community/question-forms";

/**
 * The forms of an activity on the in-course page: "Mark complete and continue", a quiz's
 * answers and a mock exam's sitting, one `intent` each. Pure, shared by the page's action and its forms. A quiz's answers
 * come as `question_{id}` fields (app/assessments/engine.ts), which only the quiz's questions can check, so that
 * form keeps whatever else it is sent.
 */

/** The toast after completing a course's last activity. */
export const COURSE_FINISHED_MESSAGE = "You finished the last activity of this course.";

const activityId = z
  .string({ error: "Choose an activity of this course." })
  .regex(/^[1-9]\d{0,9}$/, "Choose an activity of this course.")
  .transform(Number);
/** Whole seconds as typed; quiz.ts's parseDuration caps it and fills in the activity's length when it is left out. */
const durationSeconds = z.string().regex(/^\d{1,7}$/, "The time spent must be a whole number of seconds.").optional();

export const inCourseSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("complete"), activity_id: activityId, duration_seconds: durationSeconds }),
    z.looseObject({ intent: z.literal("submit-quiz"), activity_id: activityId, duration_seconds: durationSeconds }),
    // A mock exam's sitting (app/assessments/engine.ts): start the clock, save the answers so far, submit.
    z.object({ intent: z.literal("start-mock"), activity_id: activityId }),
    z.looseObject({ intent: z.literal("save-mock"), activity_id: activityId }),
    z.looseObject({ intent: z.literal("submit-mock"), activity_id: activityId }),
    // Whoever runs the course opens a flash-card activity's deck to edit (made the first time).
    z.object({ intent: z.literal("edit-deck"), activity_id: activityId }),
    // A student asks the course's instructor about the activity.
    z.object({ intent: z.literal("ask-question"), activity_id: activityId, ...questionFields }),
  ],
  { error: "Unknown action." },
);
export type InCourseInput = z.infer<typeof inCourseSchema>;
