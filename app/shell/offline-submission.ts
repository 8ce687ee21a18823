import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { showClientToast } from "~/shell/client-toasts";
import { OFFLINE_MESSAGE } from "~/shell/request";
import { makeToast } from "~/toasts/toast";

/**
 * A form a script sends (a fetcher: a reaction, a vote, a planner move, a heartbeat) that cannot
 * reach the server answers this instead of throwing: a thrown network error would replace the
 * page with the error page (SPEC §8: a network failure shows a toast and leaves the page as it
 * was). The 503 status keeps a page's own forms from reading its loaders again, which would fail
 * the same way; after a fetcher's answer the router reads every route of the page that has no
 * `shouldRevalidate`, so the pages that hold such fetchers export `revalidateUnlessOffline`.
 */
export interface OfflineAnswer {
  ok: false;
  offline: true;
  message: string;
}

export function isOfflineAnswer(answer: unknown): answer is OfflineAnswer {
  return typeof answer === "object" && answer !== null && (answer as { offline?: unknown }).offline === true;
}

/** For a page holding fetchers whose route has `offlineSafeAction`: no reading after an offline answer. */
export const revalidateUnlessOffline: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isOfflineAnswer(actionResult) ? false : defaultShouldRevalidate;

/**
 * Whether `fetch` failed for want of a connection (each browser words it its own way), as opposed
 * to a refusal, a redirect or a fault in the page, which go on as before.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network (request|connection)|internet connection/i.test(error.message);
}

export interface OfflineSubmissionOptions {
  /** A submission the person did not make (a presence heartbeat, an autosave): the page says so its own way, no toast. */
  background?: (form: FormData) => boolean;
}

export interface OfflineSubmissionDependencies {
  notify: (message: string) => void;
}

export function createOfflineSafeAction({ notify }: OfflineSubmissionDependencies, { background }: OfflineSubmissionOptions = {}) {
  return async function clientAction({ request, serverAction }: Pick<ClientActionFunctionArgs, "request" | "serverAction">) {
    // Read before the server action consumes the body.
    const form = background ? await request.clone().formData().catch(() => null) : null;
    try {
      return await serverAction();
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      if (!(form && background?.(form))) notify(OFFLINE_MESSAGE);
      const answer: OfflineAnswer = { ok: false, offline: true, message: OFFLINE_MESSAGE };
      return Response.json(answer, { status: 503 });
    }
  };
}

/** The toast for anything the person asked for that cannot reach the server. */
export function tellOffline() {
  showClientToast(makeToast({ type: "error", message: OFFLINE_MESSAGE }));
}

/** For a route module: `export const clientAction = offlineSafeAction();`. */
export function offlineSafeAction(options: OfflineSubmissionOptions = {}) {
  return createOfflineSafeAction({ notify: tellOffline }, options);
}

/**
 * When the browser knows it has no connection, a form sent with JavaScript on (a page's form, a
 * fetcher's) is not sent at all: the toast says why and what was typed stays. Listening on
 * `window` while capturing comes before the router's own handler. Forms a script submits itself
 * (a heartbeat, a drag) go through `offlineSafeAction` instead.
 */
export function useOfflineSubmitGuard() {
  useEffect(() => {
    const guard = (event: SubmitEvent) => {
      if (navigator.onLine) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      tellOffline();
    };
    window.addEventListener("submit", guard, true);
    return () => window.removeEventListener("submit", guard, true);
  }, []);
}
