import { useEffect, useRef, type ReactNode } from "react";
import { useInAppLinks } from "~/components/in-app-links";
import type { MenuLink } from "~/shell/menus";

/**
 * A dropdown that works without JavaScript: a native <details>/<summary> disclosure (keyboard:
 * Tab to the summary, Enter or Space to open). With JavaScript it also closes on Escape (focus
 * back on the summary), on a click outside, and after following one of its links.
 */
export function DisclosureMenu({
  label,
  summaryLabel,
  name,
  children,
  align = "start",
  tour,
}: {
  label: ReactNode;
  /** Accessible name, when the visible label is an icon or abbreviation. */
  summaryLabel?: string;
  /** data-shell attribute (tests and styles). */
  name: string;
  children: ReactNode;
  align?: "start" | "end";
  /** data-tour attribute: where a site tour step points. */
  tour?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const followInApp = useInAppLinks();
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (focusSummary: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (focusSummary) details.querySelector("summary")?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(details.contains(document.activeElement));
    };
    const onPointer = (event: PointerEvent) => {
      if (!details.contains(event.target as Node)) close(false);
    };
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element).closest("a")) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    details.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      details.removeEventListener("click", onClick);
    };
  }, []);
  return (
    <details ref={ref} className="shell-menu" data-shell={name} data-tour={tour}>
      <summary className="shell-menu__summary" aria-label={summaryLabel}>
        {label}
      </summary>
      {/* Its links are plain anchors (every page renders every menu) followed in the app. */}
      <div className={`shell-menu__panel shell-menu__panel--${align}`} onClick={followInApp}>
        {children}
      </div>
    </details>
  );
}

/** A list of menu links; external ones open the other site in the same tab, marked as such. */
export function MenuLinks({ links, label }: { links: readonly MenuLink[]; label?: string }) {
  return (
    <ul className="shell-menu__list" aria-label={label}>
      {links.map((link) => (
        <li key={`${link.label}-${link.href}`}>
          {link.external ? (
            <a href={link.href} rel="noopener">
              {link.label}
              <span className="visually-hidden"> (another site)</span>
            </a>
          ) : (
            <a href={link.href} data-discover="true">
              {link.label}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
