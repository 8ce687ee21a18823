import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormField } from "~/components/form-field";
import type { RoomAttachment } from "~/study-rooms/attachments.server";

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * A room's attached files, each opened by any member and placed on the board everyone sees, and
 * the form to attach one (a plain multipart form).
 */
export function RoomFiles({
  slug,
  files,
  board,
  errors,
  busy,
}: {
  slug: string;
  files: readonly RoomAttachment[];
  /** The board everyone sees, where files are placed. */ board: { id: number; name: string } | null;
  errors?: string[];
  busy: boolean;
}) {
  return (
    <section aria-labelledby="files-heading" style={{ marginTop: "var(--space-5)" }}>
      <h2 className="section-heading" id="files-heading">
        Files
      </h2>
      {files.length === 0 ? (
        <p className="muted">No files yet. Attach a PDF or a picture for everyone in the room to open, or to put on a board.</p>
      ) : (
        <ul className="tutoring-list">
          {files.map((file) => (
            <li key={file.id} className="tutoring-row">
              <a href={`/study-rooms/${slug}/attachments/${file.id}`} target="_blank" rel="noreferrer">
                {file.name}
              </a>
              <span className="muted">
                {file.contentType === "application/pdf" ? "PDF" : "Picture"}, {size(file.byteSize)}
                {file.uploadedBy ? ` · from ${file.uploadedBy}` : ""}
              </span>
              {board ? (
                <Form method="post" className="tutoring-row__actions">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="place" />
                  <input type="hidden" name="attachment_id" value={file.id} />
                  <input type="hidden" name="board_id" value={board.id} />
                  <button type="submit" className="button button--outline" disabled={busy} aria-label={`Place on ${board.name}: ${file.name}`}>
                    Place on {board.name}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {/* A new form once a file is added, so the chooser is empty again (with JavaScript, the page is not reloaded). */}
      <Form key={files.length} method="post" encType="multipart/form-data" className="tutoring-form">
        <CsrfInput />
        <input type="hidden" name="intent" value="attach" />
        <FormField label="Attach a file" name="file" type="file" accept="application/pdf,image/jpeg,image/png,image/webp,image/gif" hint="A PDF or a picture, at most 10 MB" errors={errors} />
        <button type="submit" className="button button--soft" disabled={busy}>
          Attach
        </button>
      </Form>
    </section>
  );
}
