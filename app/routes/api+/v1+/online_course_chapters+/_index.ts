import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createAction, LEVELS, listLoader } from "~/routes/api+/v1+/curriculum-endpoints.server";

const ROUTE = "routes/api+/v1+/online_course_chapters+/_index";

/** GET /api/v1/online_course_chapters?online_course_id&page&per_page&include (see app/routes/api+/v1+/curriculum-endpoints.server.ts). */
export const loader = ({ request }: LoaderFunctionArgs) => listLoader(LEVELS.chapter, ROUTE)(request);

/** POST /api/v1/online_course_chapters: adds one, for the course's instructor, managers and admins. */
export const action = ({ request }: ActionFunctionArgs) => createAction(LEVELS.chapter, ROUTE)(request);
