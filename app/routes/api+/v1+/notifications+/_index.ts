import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { apiResponse, handleApi } from "~/api/handler.server";
import { listNotifications, notificationDocumentRecord, unreadNotificationCount } from "~/notifications/notifications.server";

const ROUTE = "routes/api+/v1+/notifications+/_index";

/** GET /api/v1/notifications: the user's newest notifications (up to 200) and the unread count. */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const session = (await requireRouteAccess(request, ROUTE))!;
    const [notifications, unread] = await Promise.all([listNotifications(session.user.id), unreadNotificationCount(undefined, session.user.id)]);
    return apiResponse({ data: notifications.map(notificationDocumentRecord), meta: { unread_count: unread } });
  });
}
