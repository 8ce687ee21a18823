import { useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";

/**
 * Follows clicks on the plain links inside an element in the app (no full page load), as
 * Remix's Link does: one handler for a whole outline, menu or footer instead of a Link
 * component per item, which costs server render time on every page. Links opened in a new tab
 * or window, downloads and other sites are left to the browser. Give the links
 * `data-discover="true"` (what Link renders) so the app still learns their routes ahead of the click.
 */
export function useInAppLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    if (!anchor || !event.currentTarget.contains(anchor) || anchor.target || anchor.hasAttribute("download")) return;
    if (anchor.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
  };
}
