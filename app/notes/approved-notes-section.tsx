import { Heading, Text } from "@radix-ui/themes";
import { Link } from "@remix-run/react";
import { termLabel } from "~/classes/terms";
import type { ClassTerm } from "~/db/schema";
import { fileSizeText } from "~/formatting/file-size";
import { ShareForm } from "~/shares/share-views";

interface ApprovedNotes {
  notes: { id: number; title: string; term: ClassTerm; term_year: number; size_bytes: number; uploader_first_name: string }[];
  canOpen: boolean;
}

/**
 * Students' approved notes on a course page (SPEC §2 /upload-notes). Everyone sees which notes
 * exist; students who take the course (and reviewers) open them. Shown only when there are some.
 */
export function ApprovedNotesSection({ notes, canOpen, courseCode, signedIn }: ApprovedNotes & { courseCode: string; signedIn: boolean }) {
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby="course-notes-heading" style={{ marginTop: "var(--space-6)" }}>
      <Heading as="h2" size="5" id="course-notes-heading" mb="2">
        Students' notes
      </Heading>
      {canOpen ? null : (
        <Text as="p" color="gray" mb="2">
          {signedIn ? (
            <>
              Notes open for students who take {courseCode}: add it to your courses on <Link to="/profile">your profile</Link>.
            </>
          ) : (
            `Log in as a student of ${courseCode} to open these notes.`
          )}
        </Text>
      )}
      <ul className="stack-list">
        {notes.map((note) => (
          <li key={note.id} data-notes={note.id}>
            {canOpen ? (
              <Link to={`/upload-notes/${note.id}/file`} reloadDocument>
                {note.title}
              </Link>
            ) : (
              <strong>{note.title}</strong>
            )}{" "}
            — {termLabel({ term: note.term, year: note.term_year })} · by {note.uploader_first_name} · {fileSizeText(note.size_bytes)}
            {canOpen ? <ShareForm resourceType="notes_package" resourceId={note.id} what="these notes" /> : null}
          </li>
        ))}
      </ul>
      <Text as="p" size="2" mt="2">
        <Link to="/upload-notes">Share your own notes</Link> and earn tokens when they are approved.
      </Text>
    </section>
  );
}
