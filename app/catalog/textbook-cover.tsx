import { coverColor, coverLabel } from "./textbooks";

/**
 * A textbook's cover, drawn rather than photographed (there are no cover images): a block in the
 * subject's colour with the title, edition and authors, as one image named "Cover of {title},
 * {edition}". Its text is Radix's step 12 on step 4 of the colour's scale, over 4.5:1 in both
 * themes (app/styles/app.css, `.textbook-cover`).
 */
export function TextbookCover({ book }: { book: { title: string; edition: string | null; authors: string | null; subject: string } }) {
  return (
    <div className="textbook-cover" data-accent-color={coverColor(book.subject)} role="img" aria-label={coverLabel(book)}>
      <span className="textbook-cover__title">{book.title}</span>
      {book.edition ? <span className="textbook-cover__edition">{book.edition}</span> : null}
      {book.authors ? <span className="textbook-cover__authors">{book.authors}</span> : null}
    </div>
  );
}
