import { useFetcher } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import type { loader as siteTourLoader } from "~/routes/site-tour";
import { useRootData } from "~/shell/root-data";
import { moveInTour, nextVisibleStep, siteTourHref, stepsToShow, type SiteTourKey, type TourMove, type TourStep } from "~/site-tours/tours";
import { markTourViewed } from "~/site-tours/viewed";

export interface SiteTourOverlayProps {
  tourKey: SiteTourKey;
  onClose: () => void;
}

function findTarget(selector: string): HTMLElement | null {
  try {
    const element = document.querySelector<HTMLElement>(selector);
    // A closed menu's contents or a hidden element cannot be pointed at.
    return element && element.getClientRects().length > 0 ? element : null;
  } catch {
    return null;
  }
}

/**
 * The step-by-step tour over the page (loaded on first use): a modal dialog with Back, Next and
 * End (Escape ends too, the arrow keys move), a ring around each step's element, and the page
 * scrolled to it. Focus returns to where it was when the tour ends; finishing or ending marks the
 * tour seen for a signed-in user. The steps come from the /site-tour page's loader.
 */
export function SiteTourOverlay({ tourKey, onClose }: SiteTourOverlayProps) {
  const fetcher = useFetcher<typeof siteTourLoader>();
  const signedIn = Boolean(useRootData()?.currentUser);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(typeof document === "undefined" ? null : document.activeElement);
  const [plan, setPlan] = useState<{ steps: TourStep[]; highlighted: boolean } | null>(null);
  const [index, setIndex] = useState(0);
  const [ring, setRing] = useState<DOMRect | null>(null);

  useEffect(() => {
    fetcher.load(siteTourHref(tourKey));
    // Load once per tour; the fetcher object changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tourKey]);

  const tour = fetcher.data?.tour ?? null;
  useEffect(() => {
    if (tour) setPlan(stepsToShow(tour.steps, (selector) => findTarget(selector) !== null));
  }, [tour]);

  useEffect(() => {
    // A tour without steps has nothing to show.
    if (plan && plan.steps.length === 0) onClose();
    else if (plan && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [plan, onClose]);

  const step = plan?.steps[index] ?? null;
  useLayoutEffect(() => {
    const target = step && plan?.highlighted ? findTarget(step.selector) : null;
    if (!target) {
      setRing(null);
      return;
    }
    target.scrollIntoView({ block: "center", inline: "nearest" });
    const measure = () => setRing(target.getBoundingClientRect());
    measure();
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, { passive: true });
    return () => {
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure);
    };
  }, [step, plan]);

  const finish = () => {
    if (tour && signedIn) void markTourViewed(tour.id);
    dialog.current?.close();
    onClose();
    if (opener.current instanceof HTMLElement) opener.current.focus();
  };
  const move = (direction: TourMove) => {
    if (!plan) return;
    if (direction === "end" || !plan.highlighted) {
      const next = moveInTour(index, plan.steps.length, direction);
      if ("finished" in next) finish();
      else setIndex(next.index);
      return;
    }
    // An element gone since the tour started (a menu closed, the page changed) is skipped; past the last one left, the tour ends.
    const next = nextVisibleStep(plan.steps, index, direction, (selector) => findTarget(selector) !== null);
    if (next !== null) setIndex(next);
    else if (direction === "next") finish();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowRight") move("next");
    else if (event.key === "ArrowLeft") move("back");
  };

  if (!plan || !step || !tour) return null;
  const last = index === plan.steps.length - 1;
  return (
    <>
      {ring ? (
        <div
          className="site-tour__ring"
          aria-hidden="true"
          style={{ top: ring.top - 6, left: ring.left - 6, width: ring.width + 12, height: ring.height + 12 }}
        />
      ) : null}
      <dialog
        ref={dialog}
        className="site-tour"
        data-shell="site-tour"
        aria-labelledby="site-tour-step-title"
        aria-describedby="site-tour-step-body"
        onCancel={(event) => {
          event.preventDefault();
          finish();
        }}
        onKeyDown={onKeyDown}
      >
        <p className="site-tour__progress">
          {tour.title} · Step {index + 1} of {plan.steps.length}
        </p>
        <h2 id="site-tour-step-title" className="site-tour__title">
          {step.title}
        </h2>
        <p id="site-tour-step-body">{step.body}</p>
        <div className="site-tour__actions">
          <button type="button" className="site-tour__button" onClick={() => move("back")} disabled={index === 0}>
            Back
          </button>
          <button type="button" className="site-tour__button site-tour__button--primary" onClick={() => move("next")} autoFocus>
            {last ? "Finish" : "Next"}
          </button>
          <button type="button" className="site-tour__button" onClick={() => move("end")}>
            End tour
          </button>
        </div>
      </dialog>
    </>
  );
}
