import { useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

/**
 * Reloads the page's data for a realtime event without cutting across what the user is doing.
 * A revalidation started while the user's own form is loading would cancel that load, and with
 * it the toast the server handed out once; so while a navigation or a reload is under way the
 * request waits, and one reload follows when the page settles.
 */
export function useSettledRevalidate(): () => void {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const pending = useRef(false);
  const settled = navigation.state === "idle" && revalidator.state === "idle";
  useEffect(() => {
    if (settled && pending.current) {
      pending.current = false;
      revalidator.revalidate();
    }
  }, [settled, revalidator]);
  return useCallback(() => {
    if (settled) revalidator.revalidate();
    else pending.current = true;
  }, [settled, revalidator]);
}
