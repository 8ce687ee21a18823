import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { markViewedAction, markViewedLoader } from "~/routes/site_tours+/viewed-tours.server";

/** PUT /site_tours/viewed_tours: the signed-in user has seen these tours (`site_tour_ids`); JSON, idempotent. */
export const loader = ({ request }: LoaderFunctionArgs) => markViewedLoader(request, "routes/site_tours+/viewed_tours");
export const action = ({ request }: ActionFunctionArgs) => markViewedAction(request, "routes/site_tours+/viewed_tours");
