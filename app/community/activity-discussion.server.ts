import type { Viewer } from "~/accounts/roles";
import { communityFrom, communitySelections } from "~/community/comments.server";
import { activityQuestionsFrom, activityQuestionsSql } from "~/community/questions.server";
import { db } from "~/db/db.server";
import { statement } from "~/db/statement.server";

/**
 * Everything said under an open activity of a course: the questions to its instructor (the public
 * ones and the viewer's own) and its thread (reactions and comments), in one statement. The
 * in-course page shows both under every lesson it opens; read apart they were two round trips,
 * three with a question answered.
 */
const discussionOf = statement((values: { activityId: number; viewerId: number | null }) =>
  db().selectNoFrom([activityQuestionsSql(values.activityId, values.viewerId).as("questions"), ...communitySelections("activity", values.activityId, values.viewerId)]),
);

export async function activityDiscussion(activityId: number, viewer: Viewer, options: { moderator: boolean }) {
  const row = (await discussionOf.executeTakeFirst({ activityId, viewerId: viewer.id }))!;
  return {
    questions: activityQuestionsFrom(row.questions, viewer.id),
    community: communityFrom(row, { type: "activity", id: activityId }, viewer, options),
  };
}
