import { useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/**
 * After a client-side navigation to another page, what a full page load gives for free: the
 * new page's title is announced to screen readers, and focus starts at the top of the new
 * page's content (the `<main>`) instead of staying on the link that was followed, which is
 * gone or somewhere on the old page. A form that answers on the same page, a search, a hash
 * link or going back and forward leave focus where it is: the person is still where they were.
 */
export function RouteAnnouncer({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType === "POP") return;
    // The new route's meta has set the title by the time the browser paints.
    const frame = requestAnimationFrame(() => {
      setMessage(document.title);
      const main = document.getElementById(mainId);
      if (!main || main.contains(document.activeElement) || document.querySelector("[role=dialog], [role=alertdialog]")?.contains(document.activeElement)) return;
      // Focusable only for this: were <main> focusable always, the skip link's jump would move focus off
      // the skip link, which then folds away and lifts the content's top under the sticky header.
      main.setAttribute("tabindex", "-1");
      main.addEventListener("blur", () => main.removeAttribute("tabindex"), { once: true });
      main.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, navigationType, mainId]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-shell="route-announcer">
      {message}
    </p>
  );
}
