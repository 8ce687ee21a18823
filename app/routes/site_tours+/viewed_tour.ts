import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { markViewedAction, markViewedLoader } from "~/routes/site_tours+/viewed-tours.server";

/** PUT /site_tours/viewed_tour: the signed-in user has seen a tour (`site_tour_id`); JSON, idempotent. */
export const loader = ({ request }: LoaderFunctionArgs) => markViewedLoader(request, "routes/site_tours+/viewed_tour");
export const action = ({ request }: ActionFunctionArgs) => markViewedAction(request, "routes/site_tours+/viewed_tour");
