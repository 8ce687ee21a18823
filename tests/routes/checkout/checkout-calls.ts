import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { action, loader } from "~/routes/checkout+/_index";
import { routeAnswer } from "../../support/route-answer";

/** /checkout's loader and action called as the server runs them, each from a new client address (sign-up limits count per address). */

let nextAddress = 0;
const newAddress = () => `198.51.100.${(nextAddress += 1) % 250}`;

export function getCheckout(query: string, cookie?: string) {
  const request = new Request(`http://app.test/checkout?${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  return routeAnswer(() => loader({ request, params: {}, context: { clientIp: newAddress() } } as unknown as LoaderFunctionArgs));
}

export function postCheckout(query: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`http://app.test/checkout?index&${query}`, { method: "POST", headers, body: new URLSearchParams(fields) });
  return routeAnswer(() => action({ request, params: {}, context: { clientIp: newAddress() } } as unknown as ActionFunctionArgs));
}
