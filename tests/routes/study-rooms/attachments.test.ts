import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as roomAction, loader as roomLoader } from "~/routes/study-rooms+/$slug";
import { action as roomsAction } from "~/routes/study-rooms+/_index";
import { loader as attachmentLoader } from "~/routes/study-rooms+/$slug_.attachments.$attachmentId";
import { ROOM_ATTACHMENT_LIMIT } from "~/study-rooms/attachment-files";
import { toastFrom } from "~/toasts/toast.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

const database = useTestDatabase();

async function visitorFor(email: string) {
  const { id } = await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return routeVisitor({ session: await sessionCookieFor(id) });
}

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

async function newRoom(visitor: RouteVisitor) {
  const made = await visitor.form(roomsAction, "/study-rooms", { name: "Files test" });
  return made.headers.get("Location")!.replace("/study-rooms/", "");
}

function attach(visitor: RouteVisitor, slug: string, file: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string } | null) {
  const body = new FormData();
  body.set("intent", "attach");
  if (file) body.set("file", new File([file.bytes], file.name, { type: file.type }));
  return visitor.multipart(roomAction, `/study-rooms/${slug}`, body, { params: { slug } });
}

const attachmentsOf = (slug: string) =>
  database()
    .db.selectFrom("study_room_attachments")
    .innerJoin("study_rooms", "study_rooms.id", "study_room_attachments.room_id")
    .select(["study_room_attachments.id", "file_name", "content_type", "byte_size"])
    .where("study_rooms.slug", "=", slug)
    .orderBy("study_room_attachments.id")
    .execute();

describe("a study room's files", () => {
  it("takes a PDF and a picture from a member, lists them, opens them to members only, and tells the room", async () => {
    const host = await visitorFor("student@demo.test");
    const slug = await newRoom(host);

    const added = await attach(host, slug, { bytes: pdf, name: "C:\\notes\\Week 3 notes.PDF", type: "application/pdf" });
    expect(added.status).toBe(302);
    expect((await toastFrom(host.request("/"))).toast?.message).toBe("Week 3 notes.pdf is attached to the room.");
    const png = new Uint8Array(
      await sharp({ create: { width: 64, height: 32, channels: 3, background: "#ff0000" } })
        .png()
        .toBuffer()
    );
    expect((await attach(host, slug, { bytes: png, name: "graph.png", type: "image/png" })).status).toBe(302);

    const stored = await attachmentsOf(slug);
    expect(stored.map((row) => [row.file_name, row.content_type])).toEqual([
      ["Week 3 notes.pdf", "application/pdf"],
      ["graph.webp", "image/webp"],
    ]);
    const page = await host.get(roomLoader, `/study-rooms/${slug}`, { params: { slug } });
    expect(page.data.files.map((file: { name: string; uploadedBy: string }) => [file.name, file.uploadedBy])).toEqual([
      ["Week 3 notes.pdf", "Maya T."],
      ["graph.webp", "Maya T."],
    ]);
    const pushes = await database().db.selectFrom("realtime_events").select("payload").where("channel", "=", `room:${slug}`).execute();
    expect(pushes.filter((row) => (row.payload as { study_room: { attachment_id?: number } }).study_room.attachment_id)).toHaveLength(2);

    // A member opens the PDF as sent and the picture re-encoded; anyone else gets 403, an unknown file 404.
    const path = (id: number) => `/study-rooms/${slug}/attachments/${id}`;
    const params = (id: number) => ({ params: { slug, attachmentId: String(id) } });
    const opened = await host.raw(attachmentLoader, path(stored[0]!.id), params(stored[0]!.id));
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Type")).toBe("application/pdf");
    expect(opened.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(new Uint8Array(await opened.arrayBuffer())).toEqual(pdf);
    const picture = await host.raw(attachmentLoader, path(stored[1]!.id), params(stored[1]!.id));
    expect((await sharp(new Uint8Array(await picture.arrayBuffer())).metadata()).format).toBe("webp");
    const stranger = await visitorFor("class_rep@demo.test");
    expect((await stranger.get(attachmentLoader, path(stored[0]!.id), params(stored[0]!.id))).status).toBe(403);
    expect((await host.get(attachmentLoader, path(999999), params(999999))).status).toBe(404);
  });

  it("refuses what is not a PDF or a picture, an empty form and a stranger's upload, changing nothing", async () => {
    const host = await visitorFor("student@demo.test");
    const slug = await newRoom(host);
    const fake = await attach(host, slug, { bytes: new TextEncoder().encode("<svg onload=alert(1)>"), name: "x.pdf", type: "application/pdf" });
    expect(fake.status).toBe(415);
    expect(fake.data.result.error.file).toEqual(["Attach a PDF or a picture (JPEG, PNG, WebP or GIF)."]);
    const empty = await attach(host, slug, null);
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.file).toEqual(["Choose a file to attach"]);
    const stranger = await visitorFor("class_rep@demo.test");
    expect((await attach(stranger, slug, { bytes: pdf, name: "a.pdf", type: "application/pdf" })).status).toBe(403);
    expect(await attachmentsOf(slug)).toEqual([]);
  });

  it("places a picture and a PDF on the board everyone sees, for the room's open boards and for the next visit", async () => {
    const host = await visitorFor("student@demo.test");
    const slug = await newRoom(host);
    const png = new Uint8Array(
      await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#00ff00" } })
        .png()
        .toBuffer()
    );
    await attach(host, slug, { bytes: png, name: "graph.png", type: "image/png" });
    await attach(host, slug, { bytes: pdf, name: "notes.pdf", type: "application/pdf" });
    const [picture, notes] = await attachmentsOf(slug);
    const before = await host.get(roomLoader, `/study-rooms/${slug}`, { params: { slug } });
    const board = before.data.whiteboards[0] as { id: number; name: string };
    const place = (visitor: RouteVisitor, fields: Record<string, string | number>) =>
      visitor.form(roomAction, `/study-rooms/${slug}`, Object.fromEntries(Object.entries({ intent: "place", ...fields }).map(([key, value]) => [key, String(value)])), { params: { slug } });

    const placed = await place(host, { attachment_id: picture!.id, board_id: board.id });
    expect(placed.status).toBe(302);
    expect((await toastFrom(host.request("/"))).toast?.message).toBe(`graph.webp is on ${board.name}.`);
    expect((await place(host, { attachment_id: notes!.id, board_id: board.id })).status).toBe(302);

    const after = await host.get(roomLoader, `/study-rooms/${slug}`, { params: { slug } });
    const elements = after.data.whiteboards[0].elements as { type: string; fileId?: string; link?: string; x: number; width: number; height: number }[];
    expect(elements.map((element) => element.type)).toEqual(["image", "text"]);
    expect(elements[0]).toMatchObject({ fileId: `attachment-${picture!.id}`, x: 0, width: 480, height: 240 });
    // The PDF goes beside the picture, as a link to the room's copy.
    expect(elements[1]).toMatchObject({ link: `/study-rooms/${slug}/attachments/${notes!.id}`, x: 480 + 40 });
    const pushes = await database().db.selectFrom("realtime_events").select("payload").where("channel", "=", `room:${slug}`).orderBy("id").execute();
    const boardPushes = pushes.map((row) => (row.payload as { study_room: { board?: { elements: { type: string }[]; client_id: string } } }).study_room.board).filter(Boolean);
    expect(boardPushes.map((push) => push!.elements.map((element) => element.type))).toEqual([["image"], ["text"]]);
  });

  it("refuses to place a file that is not the room's, on a board that is not the room's, or for someone not in the room", async () => {
    const host = await visitorFor("student@demo.test");
    const slug = await newRoom(host);
    const other = await newRoom(host);
    await attach(host, slug, { bytes: pdf, name: "notes.pdf", type: "application/pdf" });
    await attach(host, other, { bytes: pdf, name: "other.pdf", type: "application/pdf" });
    const [notes] = await attachmentsOf(slug);
    const [elsewhere] = await attachmentsOf(other);
    const boardOf = async (room: string) => ((await host.get(roomLoader, `/study-rooms/${room}`, { params: { slug: room } })).data.whiteboards[0] as { id: number }).id;
    const [board, otherBoard] = [await boardOf(slug), await boardOf(other)];
    const place = (visitor: RouteVisitor, fields: Record<string, string | number>) =>
      visitor.form(roomAction, `/study-rooms/${slug}`, Object.fromEntries(Object.entries({ intent: "place", ...fields }).map(([key, value]) => [key, String(value)])), { params: { slug } });

    const notOurs = await place(host, { attachment_id: elsewhere!.id, board_id: board });
    expect(notOurs.status).toBe(404);
    expect(notOurs.data.result.error[""]).toEqual(["This room has no such file."]);
    const wrongBoard = await place(host, { attachment_id: notes!.id, board_id: otherBoard });
    expect(wrongBoard.status).toBe(404);
    expect(wrongBoard.data.result.error[""]).toEqual(["There is no such board in this room."]);
    const garbled = await place(host, { attachment_id: "first", board_id: board });
    expect(garbled.status).toBe(400);
    expect(garbled.data.result.error.attachment_id).toEqual(["Choose a file to place"]);
    expect((await place(await visitorFor("class_rep@demo.test"), { attachment_id: notes!.id, board_id: board })).status).toBe(403);
    const boards = await database().db.selectFrom("study_room_whiteboards").select("elements").where("id", "in", [board, otherBoard]).execute();
    expect(boards.map((row) => row.elements)).toEqual([[], []]);
  });

  it(`holds up to ${ROOM_ATTACHMENT_LIMIT} files, however many arrive at once`, async () => {
    const host = await visitorFor("student@demo.test");
    const slug = await newRoom(host);
    const answers = await Promise.all(Array.from({ length: ROOM_ATTACHMENT_LIMIT + 3 }, (_, index) => attach(host, slug, { bytes: pdf, name: `f${index}.pdf`, type: "application/pdf" })));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(ROOM_ATTACHMENT_LIMIT);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.data.result.error.file).toEqual([`A room holds up to ${ROOM_ATTACHMENT_LIMIT} files.`]);
    expect(await attachmentsOf(slug)).toHaveLength(ROOM_ATTACHMENT_LIMIT);
  });
});
