import { linkify } from "~/formatting/linkify";

/** A chat message body: plain text, line breaks kept, addresses clickable; never HTML. */
export function MessageText({ body }: { body: string }) {
  return (
    <span style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
      {linkify(body).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} rel="noopener noreferrer nofollow ugc" target="_blank">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
