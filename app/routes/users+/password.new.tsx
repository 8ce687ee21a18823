import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireRouteAccess } from "~/accounts/authorize.server";
import { useSearchParams } from "@remix-run/react";
import { RequestResetForm } from "~/accounts/password-reset-views";

/**
 * GET /users/password/new: the form asking for a reset link. It posts to /users/password,
 * which comes back here with ?sent=1, the same for every address.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/password.new");
  return null;
}

export default function RequestPasswordResetPage() {
  const [searchParams] = useSearchParams();
  return <RequestResetForm sent={searchParams.get("sent") === "1"} />;
}

export const meta: MetaFunction = () => [{ title: "Reset your password — Marketplace" }, { name: "robots", content: "noindex" }];
