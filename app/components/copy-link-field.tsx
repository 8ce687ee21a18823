import { Field } from "~/components/form-field";
import { useEffect, useId, useState } from "react";

/** A link's address in a read-only field anyone can select; with JavaScript, a button copies it. */
export function CopyLinkField({ link, label }: { link: string; label: string }) {
  const id = useId();
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  return (
    <Field label={label} controlId={id}>
      <div className="copy-link-field__row">
        <input id={id} className="native-input invite-link" type="text" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        {canCopy ? (
          <button
            type="button"
            className="button button--soft"
            onClick={() => {
              void navigator.clipboard.writeText(link).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        ) : null}
      </div>
      <span className="form-field__hint" role="status">
        {copied ? "The link is on your clipboard." : ""}
      </span>
    </Field>
  );
}
