import { contentPageMeta } from "~/site/content-meta";
import { SchoolTypeLandingPage } from "~/site/school-type-landing";
import { schoolTypeLandingLoader } from "~/site/school-type-landing.server";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;
export const loader = schoolTypeLandingLoader("routes/high-school", "high-school", "high_school");
export const meta = contentPageMeta("/high-school");
export default SchoolTypeLandingPage;
