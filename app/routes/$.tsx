import { NotFoundPage } from "~/components/error-page";

/** Every URL no other route claims: a real 404 with the not-found page. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export async function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}
