import type { Currency } from "~/db/schema";
import { formatPrice } from "~/formatting/price";

/**
 * A price in bold, then the regular price struck through when it is higher. Words only screen
 * readers get say what the struck figure is: most read an <s> as plain text, and ARIA forbids
 * naming one with aria-label (screen readers then drop the words).
 */
export function Price({ cents, regularCents, currency }: { cents: number; regularCents: number | null; currency: Currency }) {
  return (
    <>
      <strong>{formatPrice(cents, currency)}</strong>
      {regularCents !== null && regularCents > cents ? (
        <>
          {" "}
          <span className="visually-hidden">regular price </span>
          <s>{formatPrice(regularCents, currency)}</s>
        </>
      ) : null}
    </>
  );
}
