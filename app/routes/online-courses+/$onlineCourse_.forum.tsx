// /online-courses/{idOrSlug}/forum: an online course's board, the same page as a course's board.
export { loader, action, default, meta } from "~/routes/courses+/$idOrSlug_.forum";
