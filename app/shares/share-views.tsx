import { Button } from "@radix-ui/themes";
import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { SelectField } from "~/components/form-field";
import { fileSizeText } from "~/formatting/file-size";
import { SHARE_EXPIRY_CHOICES, type SharedBlock } from "~/shares/share-links";

/**
 * "Share" beside a resource its viewer may see: a read-only link made at /shares, which then
 * lists it with its address to copy. Works as a plain form; no script needed.
 */
export function ShareForm({ resourceType, resourceId, what }: { resourceType: string; resourceId: number; what: string }) {
  const id = useId();
  return (
    <details className="share-form">
      <summary>Share {what}</summary>
      <Form method="post" action="/shares" className="share-form__form">
        <CsrfInput />
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="resource_type" value={resourceType} />
        <input type="hidden" name="resource_id" value={resourceId} />
        <p className="muted share-form__note">Anyone with the link can read it (not change it) until you turn the link off.</p>
        <div className="share-form__row">
          <SelectField label="Link expires" id={`${id}-expiry`} name="expiry" defaultValue="never">
            {SHARE_EXPIRY_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </SelectField>
          <button type="submit" className="button button--soft">
            Create a read-only link
          </button>
        </div>
        <p className="muted share-form__links">
          <Link to="/shares">Your shared links</Link>
        </p>
      </Form>
    </details>
  );
}


/** A shared resource's content, read-only: text, cards, or a file downloaded through the link. */
export function SharedBlocks({ blocks, fileHref }: { blocks: SharedBlock[]; fileHref: string }) {
  return (
    <>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case "text":
            return (
              <p key={index} className="shared-text">
                {block.text}
              </p>
            );
          case "cards":
            return block.cards.length === 0 ? (
              <p key={index} className="muted">
                No cards yet.
              </p>
            ) : (
              <ol key={index} className="shared-cards" aria-label="Cards">
                {block.cards.map((card, position) => (
                  <li key={position} className="shared-cards__card">
                    <dl>
                      <dt>Front</dt>
                      <dd>{card.front}</dd>
                      <dt>Back</dt>
                      <dd>{card.back}</dd>
                    </dl>
                  </li>
                ))}
              </ol>
            );
          case "file":
            return (
              <p key={index}>
                <Button asChild>
                  <a href={fileHref} download={block.fileName}>
                    Download {block.fileName} ({fileSizeText(block.sizeBytes)})
                  </a>
                </Button>
              </p>
            );
        }
      })}
    </>
  );
}
