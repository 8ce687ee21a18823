import { contentPageMeta } from "~/site/content-meta";
import { SchoolTypeLandingPage, schoolTypeLandingLoader } from "~/site/school-type-landing";
import { guestCacheableHeaders } from "~/utils/guest-cache";

export const headers = guestCacheableHeaders;
export const loader = schoolTypeLandingLoader("routes/university", "university", "university");
export const meta = contentPageMeta("/university");
export default SchoolTypeLandingPage;
