import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { LEVELS, memberAction, memberLoader } from "~/routes/api+/v1+/curriculum-endpoints.server";

const ROUTE = "routes/api+/v1+/online_course_sections+/$id";

/** GET /api/v1/online_course_sections/{id}?include (see app/routes/api+/v1+/curriculum-endpoints.server.ts). */
export const loader = ({ request, params }: LoaderFunctionArgs) => memberLoader(LEVELS.section, ROUTE)(request, params.id);

/** PATCH and DELETE /api/v1/online_course_sections/{id}: the editor's changes, for the course's instructor, managers and admins. */
export const action = ({ request, params }: ActionFunctionArgs) => memberAction(LEVELS.section, ROUTE)(request, params.id);
