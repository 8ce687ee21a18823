import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";

/** An entry's winner state and the button that changes it (none once announced: an announced winner stays one). */
export function WinnerCell({ entry, busy }: { entry: { id: number; title: string; is_winner: boolean; announced_at: Date | string | null }; busy: boolean }) {
  if (entry.announced_at) return <strong>Winner, announced</strong>;
  return (
    <Form method="post" className="inline-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="winner" />
      <input type="hidden" name="id" value={entry.id} />
      {entry.is_winner ? <span>Winner (not announced)</span> : null}
      <button type="submit" name="winner" value={entry.is_winner ? "no" : "yes"} className="button button--soft" disabled={busy}>
        {entry.is_winner ? "Unmark" : "Mark as winner"}
        <span className="visually-hidden"> {entry.title}</span>
      </button>
    </Form>
  );
}
