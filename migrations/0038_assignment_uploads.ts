import type { Kysely } from "kysely";
import { runStatements } from "./support";

// Upload assignments (SPEC §2 /course-assignments/{id}/*): a student hands in a file. The kind
// "upload" has no activity, like a reading; the handed-in file is stored on the submission row
// (course_assignment_users) it belongs to: all four file columns, or none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    alter table course_assignments drop constraint course_assignments_kind_check;
    alter table course_assignments add constraint course_assignments_kind_check check (kind in ('activity', 'quiz', 'reading', 'upload'));
    alter table course_assignments drop constraint course_assignments_activity;
    alter table course_assignments add constraint course_assignments_activity check ((kind in ('reading', 'upload')) = (activity_id is null));
    alter table course_assignment_users add column file_storage_key text;
    alter table course_assignment_users add column file_name text check (file_name is null or char_length(file_name) between 1 and 200);
    alter table course_assignment_users add column file_content_type text;
    alter table course_assignment_users add column file_size_bytes integer check (file_size_bytes is null or file_size_bytes > 0);
    alter table course_assignment_users add constraint course_assignment_users_file check (
      (file_storage_key is null) = (file_name is null) and (file_name is null) = (file_content_type is null) and (file_content_type is null) = (file_size_bytes is null)
    )
    `
  );
}
