import { requireRouteAccess } from "~/accounts/authorize.server";
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InvalidResetLink, NewPasswordForm } from "~/accounts/password-reset-views";
import { peekUserToken } from "~/accounts/user-tokens.server";

/**
 * GET /users/password/edit?reset_password_token=…: the new-password form for a live link, or
 * a way to ask for a new one. Looking does not use the link up; saving (PUT /users/password) does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRouteAccess(request, "routes/users+/password.edit");
  const token = new URL(request.url).searchParams.get("reset_password_token") ?? "";
  const valid = (await peekUserToken(token, "reset_password")) !== null;
  return data(
    { token: valid ? token : "", valid },
    {
      status: valid ? 200 : 422,
      headers: {
        // The token is in this page's address: never pass it on to another site as a Referer,
        // never keep the page. (Not "no-referrer": the browser would then send `Origin: null`
        // with the form post, which Remix refuses as a cross-site action.)
        "Referrer-Policy": "same-origin",
        "Cache-Control": "no-store",
      },
    },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function NewPasswordPage() {
  const { token, valid } = useLoaderData<typeof loader>();
  return valid ? <NewPasswordForm token={token} /> : <InvalidResetLink />;
}

export const meta: MetaFunction = () => [{ title: "Choose a new password — Marketplace" }, { name: "robots", content: "noindex" }];
