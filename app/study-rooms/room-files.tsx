import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { FormField } from "~/components/form-field";
import type { RoomAttachment } from "~/study-rooms/attachments.server";

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A room's attached files, each opened by any member, and the form to attach one (a plain multipart form). */
export function RoomFiles({ slug, files, errors, busy }: { slug: string; files: readonly RoomAttachment[]; errors?: string[]; busy: boolean }) {
  return (
    <section aria-labelledby="files-heading" style={{ marginTop: "var(--space-5)" }}>
      <h2 className="section-heading" id="files-heading">
        Files
      </h2>
      {files.length === 0 ? (
        <p className="muted">No files yet. Attach a PDF or a picture for everyone in the room to open.</p>
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
            </li>
          ))}
        </ul>
      )}
      <Form method="post" encType="multipart/form-data" className="tutoring-form">
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
