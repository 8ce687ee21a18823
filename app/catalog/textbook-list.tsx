import { Link } from "@remix-run/react";
import { TileSection } from "~/content/content-page";
import type { TextbookLevel } from "~/db/schema";
import { formatSubject } from "~/formatting/format";
import { onlineCoursePath } from "./course-tiles";
import { levelLabel, textbookHref } from "./textbooks";

interface Textbook {
  id: number;
  slug: string;
  title: string;
  level: TextbookLevel;
  subject: string;
  summary: string;
  edition: string | null;
  publication_year: number | null;
  chapter_count: number;
  online_course_id: number | null;
  online_course_name: string | null;
}

/**
 * Textbooks as tiles (plain elements with the app's classes, app/styles/app.css), under the
 * heading that introduces the list; each title links to the textbook's page, and the interactive
 * edition, when there is one a guest can open, to its online course.
 */
export function TextbookList({ heading, textbooks }: { heading: string; textbooks: Textbook[] }) {
  return (
    <TileSection heading={heading}>
      {textbooks.map((book) => (
        <li key={book.id}>
          <article className="tile">
            <h3 className="tile-title">
              <Link to={textbookHref(book)}>{book.title}</Link>
            </h3>
            <p className="tile-meta">
              {[levelLabel(book.level), formatSubject(book.subject), book.edition, book.publication_year, `${book.chapter_count} ${book.chapter_count === 1 ? "chapter" : "chapters"}`]
                .filter(Boolean)
                .join(" · ")}
            </p>
            <p className="tile-text">{book.summary}</p>
            {book.online_course_id !== null && book.online_course_name ? (
              <p className="tile-meta">
                Interactive edition: <Link to={onlineCoursePath(book.online_course_id)}>{book.online_course_name}</Link>
              </p>
            ) : null}
          </article>
        </li>
      ))}
    </TileSection>
  );
}
