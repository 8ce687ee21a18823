// /online-courses/{idOrSlug}/forum/{postId}: a post on an online course's board, the same page as a course board's post.
export { loader, action, default, meta } from "~/routes/courses+/$idOrSlug_.forum_.$postId";
