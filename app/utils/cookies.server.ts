import { parse } from "cookie";

export function readCookies(request: Request): Record<string, string | undefined> {
  return parse(request.headers.get("Cookie") ?? "");
}
