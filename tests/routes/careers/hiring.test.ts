import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { action as applicationAction, loader as applicationLoader } from "~/routes/admin+/hiring.applications.$id";
import { loader as resumeLoader } from "~/routes/admin+/hiring.applications.$id_.resume";
import { action as hiringAction, loader as hiringLoader } from "~/routes/admin+/hiring._index";
import { loader as positionLoader } from "~/routes/admin+/hiring.positions.$id";
import { action as applyAction, loader as applyLoader } from "~/routes/job-application";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";

/**
 * Hiring as jobs managers and applicants use it without JavaScript: a position opened, an
 * application with a résumé (checked by its bytes), stages, notes the applicant never reads,
 * mail from the app, and résumés only staff open.
 */
const database = useTestDatabase();
const db = () => database().db;
const tag = () => randomBytes(4).toString("hex");

async function person(roles: string[] = []) {
  const email = `hire-${tag()}@example.test`;
  const user = await db()
    .insertInto("users")
    .values({ email, first_name: "Hana", last_name: `Hire${tag()}`, roles: roles as never, confirmed_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(user.id), clientIp: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` }), { userId: user.id, email });
}

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const html = new TextEncoder().encode("<html><script>alert('x')</script></html>");

function apply(visitor: Awaited<ReturnType<typeof person>>, positionId: number, resume?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }) {
  const body = new FormData();
  body.set("job_position_id", String(positionId));
  body.set("name", "Hana Hire");
  body.set("email", visitor.email);
  body.set("cover_letter", "I have taught algebra for six years and love building lessons.");
  if (resume) body.set("resume", new File([resume.bytes], resume.name, { type: resume.type }));
  return visitor.multipart(applyAction, "/job-application", body);
}

async function openPosition(manager: Awaited<ReturnType<typeof person>>) {
  const title = `Curriculum lead ${tag()}`;
  const created = await manager.form(hiringAction, "/admin/hiring", {
    intent: "create",
    title,
    department: "Teaching",
    location: "Remote",
    employment_type: "full_time",
    summary: "Lead our K-8 mathematics curriculum.",
    responsibilities: "Plan the units\nReview lessons",
    qualifications: "Five years of teaching",
  });
  expect(created.status).toBe(303);
  return db().selectFrom("job_positions").select(["id", "open"]).where("title", "=", title).executeTakeFirstOrThrow();
}

describe("hiring", () => {
  it("takes an application with a PDF résumé, refuses HTML named .pdf storing nothing, and shows the applicant their status only", async () => {
    const manager = await person(["jobs_manager"]);
    const applicant = await person(["job_applicant"]);
    const position = await openPosition(manager);

    const refused = await apply(applicant, position.id, { bytes: html, name: "resume.pdf", type: "application/pdf" });
    expect(refused.status).toBe(415);
    expect(JSON.stringify(refused.data)).toContain("PDF or a Word document");
    expect(await db().selectFrom("job_applications").select("id").where("user_id", "=", applicant.userId).execute()).toEqual([]);

    expect((await apply(applicant, position.id, { bytes: pdf, name: "My CV.pdf", type: "application/pdf" })).status).toBe(303);
    const application = await db().selectFrom("job_applications").select(["id", "stage", "resume_file_name"]).where("user_id", "=", applicant.userId).executeTakeFirstOrThrow();
    expect(application).toMatchObject({ stage: "applied", resume_file_name: "My CV.pdf" });

    const params = { params: { id: String(application.id) } };
    expect((await manager.form(applicationAction, `/admin/hiring/applications/${application.id}`, { intent: "stage", stage: "interview" }, params)).status).toBe(303);
    expect((await manager.form(applicationAction, `/admin/hiring/applications/${application.id}`, { intent: "note", body: "Secret: keep an eye on salary expectations." }, params)).status).toBe(303);
    // A hired applicant's application is closed; a move it does not allow answers 409 and changes nothing.
    expect((await manager.form(applicationAction, `/admin/hiring/applications/${application.id}`, { intent: "stage", stage: "interview" }, params)).status).toBe(409);

    const staffView = await manager.get(applicationLoader, `/admin/hiring/applications/${application.id}`, params);
    expect(staffView.data.application.stage).toBe("interview");
    expect(staffView.data.application.notes.map((note: { body: string }) => note.body)).toEqual(["Moved from applied to interview.", "Secret: keep an eye on salary expectations."]);

    const own = await applicant.get(applyLoader, "/job-application");
    expect(own.data.applications).toEqual([expect.objectContaining({ id: application.id, status: "Interview" })]);
    expect(JSON.stringify(own.data)).not.toContain("Secret");

    const listed = await manager.get(positionLoader, `/admin/hiring/positions/${position.id}?stage=interview`, { params: { id: String(position.id) } });
    expect(listed.data.applications.map((row: { id: number }) => row.id)).toEqual([application.id]);
  });

  it("opens a résumé to staff only: the applicant and other users are refused", async () => {
    const manager = await person(["jobs_manager"]);
    const applicant = await person(["job_applicant"]);
    const other = await person(["job_applicant"]);
    const position = await openPosition(manager);
    await apply(applicant, position.id, { bytes: pdf, name: "cv.pdf", type: "application/pdf" });
    const { id } = await db().selectFrom("job_applications").select("id").where("user_id", "=", applicant.userId).executeTakeFirstOrThrow();
    const path = `/admin/hiring/applications/${id}/resume`;
    const params = { params: { id: String(id) } };

    const download = await manager.raw(resumeLoader, path, params);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toContain("attachment");
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);

    for (const visitor of [applicant, other]) {
      expect((await visitor.get(resumeLoader, path, params)).status).toBe(403);
      expect((await visitor.get(applicationLoader, `/admin/hiring/applications/${id}`, params)).status).toBe(403);
    }
  });

  it("mails the applicant from the app and keeps it on the record; closing a position takes it off the careers page and refuses applications", async () => {
    const manager = await person(["admin"]);
    const applicant = await person();
    const position = await openPosition(manager);
    await apply(applicant, position.id);
    const { id } = await db().selectFrom("job_applications").select("id").where("user_id", "=", applicant.userId).executeTakeFirstOrThrow();
    const params = { params: { id: String(id) } };
    const sent = await manager.form(applicationAction, `/admin/hiring/applications/${id}`, { intent: "email", subject: "Interview on Tuesday", message: "Would Tuesday at 3 pm work?" }, params);
    expect(sent.status).toBe(303);
    const mail = await db().selectFrom("outbox_emails").select(["subject", "kind"]).where("to_address", "=", applicant.email).execute();
    expect(mail).toEqual([{ subject: "Interview on Tuesday", kind: "job_applicant_message" }]);
    expect((await manager.form(applicationAction, `/admin/hiring/applications/${id}`, { intent: "email", subject: "", message: "" }, params)).status).toBe(400);

    expect((await manager.form(hiringAction, "/admin/hiring", { intent: "close", position_id: String(position.id) })).status).toBe(303);
    const index = await manager.get(hiringLoader, "/admin/hiring");
    expect(index.data.positions.find((row: { id: number }) => row.id === position.id)).toMatchObject({ open: false, stages: expect.objectContaining({ applied: 1 }) });
    expect((await apply(await person(), position.id)).status).toBe(422);
  });
});
