/**
 * How big a poll or survey may be, and how long a text answer. Apart from poll-forms.ts (the
 * forms' zod schemas) so that the pages showing polls, which read these limits in the browser,
 * do not ship zod with them.
 */
export const MAX_SURVEY_QUESTIONS = 5;
export const MAX_OPTIONS = 10;
export const TEXT_ANSWER_MAX = 500;
