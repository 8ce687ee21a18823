import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as deckAction, loader as deckLoader } from "~/routes/flash-cards+/$id";
import { action as editAction, loader as editLoader } from "~/routes/flash-cards+/$id_.edit";
import { loader as exportLoader } from "~/routes/flash-cards+/$id_.export";
import { loader as pictureLoader } from "~/routes/flash-cards+/$id_.pictures.$file";
import { action as decksAction, loader as decksLoader } from "~/routes/flash-cards+/_index";
import { toastFrom } from "~/toasts/toast.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";

const database = useTestDatabase();
const db = () => database().db;

async function visitorFor(email: string) {
  const { id } = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return Object.assign(routeVisitor({ session: await sessionCookieFor(id) }), { userId: id });
}

async function newDeck(visitor: RouteVisitor, title = "Organelles") {
  const made = await visitor.form(decksAction, "/flash-cards", { title, description: "Cell biology" });
  expect(made.status).toBe(302);
  const location = made.headers.get("Location")!;
  expect(location).toMatch(/^\/flash-cards\/\d+\/edit$/);
  return location.split("/")[2]!;
}

const edit = (visitor: RouteVisitor, id: string, fields: Record<string, string>) => visitor.form(editAction, `/flash-cards/${id}/edit`, fields, { params: { id } });
const study = (visitor: RouteVisitor, id: string) => visitor.get(deckLoader, `/flash-cards/${id}`, { params: { id } });
const grade = (visitor: RouteVisitor, id: string, fields: Record<string, string>) => visitor.form(deckAction, `/flash-cards/${id}?returnPath=%2Fdashboard`, fields, { params: { id } });
const cardsOf = (id: string) => db().selectFrom("flash_cards").select(["front", "back", "tags", "position"]).where("deck_id", "=", Number(id)).orderBy("position").execute();

function importCsv(visitor: RouteVisitor, id: string, text: string) {
  const body = new FormData();
  body.set("intent", "import");
  body.set("file", new File([text], "cards.csv", { type: "text/csv" }));
  return visitor.multipart(editAction, `/flash-cards/${id}/edit`, body, { params: { id } });
}

describe("a student's flash-card decks", () => {
  it("makes a deck, adds, edits, moves and deletes cards, and lists it with what is due", async () => {
    const student = await visitorFor("student@demo.test");
    const id = await newDeck(student);
    expect((await toastFrom(student.request("/"))).toast?.message).toBe("Your deck is ready. Add cards one by one, or import them from a CSV file.");

    expect((await edit(student, id, { intent: "add_card", front: "Mitochondrion", back: "Makes **ATP**", tags: "#Cell cell energy" })).status).toBe(302);
    expect((await edit(student, id, { intent: "add_card", front: "Ribosome", back: "Makes proteins" })).status).toBe(302);
    expect(await cardsOf(id)).toEqual([
      { front: "Mitochondrion", back: "Makes **ATP**", tags: ["cell", "energy"], position: 1 },
      { front: "Ribosome", back: "Makes proteins", tags: [], position: 2 },
    ]);
    const page = await student.get(editLoader, `/flash-cards/${id}/edit`, { params: { id } });
    const [first, second] = page.data.cards as { id: number }[];
    expect((await edit(student, id, { intent: "move_card", card_id: String(second!.id), direction: "up" })).status).toBe(302);
    expect((await cardsOf(id)).map((card) => card.front)).toEqual(["Ribosome", "Mitochondrion"]);
    expect((await edit(student, id, { intent: "edit_card", card_id: String(first!.id), front: "Mitochondria", back: "Make ATP", tags: "" })).status).toBe(302);
    expect((await edit(student, id, { intent: "delete_card", card_id: String(second!.id) })).status).toBe(302);
    expect(await cardsOf(id)).toEqual([{ front: "Mitochondria", back: "Make ATP", tags: [], position: 2 }]);

    const empty = await edit(student, id, { intent: "add_card", front: " ", back: "x" });
    expect(empty.status).toBe(400);
    expect(empty.data.result.error.front).toEqual(["Write the card's front"]);

    const list = await student.get(decksLoader, "/flash-cards");
    expect(list.data.decks).toContainEqual({ id: Number(id), title: "Organelles", description: "Cell biology", shared: false, cards: 1, due: 0, fresh: 1 });
  });

  it("imports 20 cards from CSV and exports them back; a broken file adds nothing and says which lines", async () => {
    const student = await visitorFor("student@demo.test");
    const id = await newDeck(student, "Imported");
    const lines = Array.from({ length: 20 }, (_, index) => `"Term ${index + 1}, in full","Definition ${index + 1}",tag${index % 3}`);
    const imported = await importCsv(student, id, `front,back,tags\n${lines.join("\n")}\n`);
    expect(imported.status).toBe(302);
    expect((await toastFrom(student.request("/"))).toast?.message).toBe("20 cards imported.");
    expect(await cardsOf(id)).toHaveLength(20);

    const broken = await importCsv(student, id, "front,back\nonly a front\n");
    expect(broken.status).toBe(422);
    expect(broken.data.result.error.file).toEqual(["Line 2: a card needs a front and a back."]);
    expect(await cardsOf(id)).toHaveLength(20);

    const exported = await student.raw(exportLoader, `/flash-cards/${id}/export`, { params: { id } });
    expect(exported.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const csv = await exported.text();
    expect(csv.split("\r\n")[1]).toBe('"Term 1, in full",Definition 1,tag0');
  });

  it("studies one card at a time, schedules each grade with FSRS, and grades a form sent twice once", async () => {
    const student = await visitorFor("student@demo.test");
    const id = await newDeck(student, "Study me");
    await importCsv(student, id, "A,1\nB,2\nC,3\n");

    const first = await study(student, id);
    expect(first.data.view.counts).toEqual({ due: 0, fresh: 3, cards: 3 });
    expect(first.data.view.card).toMatchObject({ isNew: true, seenReps: 0, frontHtml: "<p>A</p>\n", backHtml: "<p>1</p>\n" });
    expect(first.data.view.card.grades.map((g: { label: string; after: string }) => `${g.label} ${g.after}`)).toEqual(["Again 1 min", "Hard 6 min", "Good 10 min", "Easy 8 d"]);

    const graded = await grade(student, id, { card_id: String(first.data.view.card.id), grade: "3", seen_reps: "0" });
    expect(graded.status).toBe(303);
    expect(graded.headers.get("Location")).toBe(`/flash-cards/${id}?returnPath=%2Fdashboard`);
    // The same form again (a double click): nothing more is graded.
    expect((await grade(student, id, { card_id: String(first.data.view.card.id), grade: "3", seen_reps: "0" })).status).toBe(303);
    const reviews = await db().selectFrom("flash_card_reviews").select(["rating", "state_before"]).where("card_id", "=", first.data.view.card.id).execute();
    expect(reviews).toEqual([{ rating: 3, state_before: 0 }]);
    const memory = await db().selectFrom("flash_card_users").select(["reps", "state"]).where("card_id", "=", first.data.view.card.id).where("user_id", "=", student.userId).executeTakeFirstOrThrow();
    expect(memory).toEqual({ reps: 1, state: 1 });

    const next = await study(student, id);
    expect(next.data.view.card.frontHtml).toBe("<p>B</p>\n");
    expect(next.data.view.counts).toEqual({ due: 0, fresh: 2, cards: 3 });
    expect(next.data.returnPath).toBeNull();

    const bad = await grade(student, id, { card_id: String(next.data.view.card.id), grade: "5", seen_reps: "0" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.grade).toEqual(["Grade the card: Again, Hard, Good or Easy"]);
  });

  it("renders a card's Markdown without running its HTML", async () => {
    const student = await visitorFor("student@demo.test");
    const id = await newDeck(student, "Markdown");
    await edit(student, id, { intent: "add_card", front: "<script>alert(1)</script> **bold** [x](javascript:alert(1))", back: "ok" });
    const html = (await study(student, id)).data.view.card.frontHtml as string;
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).not.toContain('href="javascript:');
  });

  it("typesets formulas between dollar signs on the server, with MathML for screen readers, and lets no formula link anywhere", async () => {
    const student = await visitorFor("student@demo.test");
    const id = await newDeck(student, "Formulas");
    await edit(student, id, { intent: "add_card", front: "Kinetic energy: $E_k = \\frac{1}{2}mv^2$", back: "$$\\href{javascript:alert(1)}{click}$$ and $\\frac{1}{0$" });
    const card = (await study(student, id)).data.view.card;
    expect(card.hasFormula).toBe(true);
    expect(card.frontHtml).toContain('<span class="katex">');
    expect(card.frontHtml).toContain("<mfrac>");
    expect(card.frontHtml).toContain('<annotation encoding="application/x-tex">E_k = \\frac{1}{2}mv^2</annotation>');
    expect(card.backHtml).not.toMatch(/href="javascript/);
    // A formula KaTeX cannot read is shown as written, not as an error page.
    expect(card.backHtml).toContain("\\frac{1}{0");
  });

  it("studies one tag's cards when the page names it, lists the deck's tags, and ignores a tag no card has", async () => {
    const student = await visitorFor("student@demo.test");
    const id = await newDeck(student, "Tagged");
    await importCsv(student, id, "front,back,tags\nGlycine,Smallest,amino\nProline,Rigid ring,amino cyclic\nHexokinase,First step,enzyme\n");
    const byTag = (tag: string) => student.get(deckLoader, `/flash-cards/${id}?tag=${encodeURIComponent(tag)}`, { params: { id } });
    const all = await study(student, id);
    expect(all.data.view.tags).toEqual([
      { tag: "amino", cards: 2 },
      { tag: "cyclic", cards: 1 },
      { tag: "enzyme", cards: 1 },
    ]);
    expect(all.data.view).toMatchObject({ tag: null, counts: { cards: 3 } });
    const enzyme = await byTag("#Enzyme");
    expect(enzyme.data.view).toMatchObject({ tag: "enzyme", counts: { cards: 1, fresh: 1 }, card: { tags: ["enzyme"] } });
    expect(enzyme.data.view.card.frontHtml).toContain("Hexokinase");
    const amino = await byTag("amino");
    expect(amino.data.view.counts.cards).toBe(2);
    expect(amino.data.view.card.frontHtml).toContain("Glycine");
    // Grading under a tag comes back to that tag's cards.
    const graded = await student.form(deckAction, `/flash-cards/${id}?tag=amino`, { card_id: String(amino.data.view.card.id), grade: "3", seen_reps: "0" }, { params: { id } });
    expect(graded.headers.get("Location")).toBe(`/flash-cards/${id}?tag=amino`);
    expect((await byTag("amino")).data.view.card.frontHtml).toContain("Proline");
    expect((await byTag("nosuchtag")).data.view).toMatchObject({ tag: null, counts: { cards: 3 } });
  });

  it("puts a picture sent with a card on the side asked for, re-encoded, and shows it only to whoever may study the deck", async () => {
    const student = await visitorFor("student@demo.test");
    const id = await newDeck(student, "Pictures");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } }).png().toBuffer();
    const withFile = (fields: Record<string, string>, file: File) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      body.set("picture", file);
      return student.multipart(editAction, `/flash-cards/${id}/edit`, body, { params: { id } });
    };
    const notPicture = await withFile({ intent: "add_card", front: "Cell", back: "Diagram" }, new File(["not a picture"], "cell.png", { type: "image/png" }));
    expect(notPicture.status).toBe(422);
    expect(notPicture.data.result.error.picture).toEqual(["That file is not a picture: send a JPEG, PNG, WebP or GIF."]);
    expect(await cardsOf(id)).toEqual([]);

    expect((await withFile({ intent: "add_card", front: "Cell", back: "Diagram", picture_side: "back" }, new File([png], "cell.png", { type: "image/png" }))).status).toBe(302);
    const [card] = await cardsOf(id);
    expect(card!.front).toBe("Cell");
    const match = /^Diagram\n\n!\[Picture\]\((\/flash-cards\/\d+\/pictures\/(deck\d+-[a-f0-9]+\.webp))\)$/.exec(card!.back);
    expect(match).not.toBeNull();
    const [, href, file] = match!;
    expect((await study(student, id)).data.view.card.backHtml).toContain(`<img src="${href}" alt="Picture">`);

    const served = await student.raw(pictureLoader, href!, { params: { id, file: file! } });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("webp");
    // The deck is private: nobody else gets its picture, and no other deck's address serves it.
    const refusal = (visitor: RouteVisitor, path: string, params: Record<string, string>) => visitor.raw(pictureLoader, path, { params }).catch((thrown: unknown) => thrown as Response);
    const other = await visitorFor("instructor@demo.test");
    expect((await refusal(other, href!, { id, file: file! })).status).toBe(404);
    const otherDeck = await newDeck(student, "Another");
    expect((await refusal(student, `/flash-cards/${otherDeck}/pictures/${file}`, { id: otherDeck, file: file! })).status).toBe(404);
    expect((await refusal(student, `/flash-cards/${id}/pictures/..%2Fsecret.webp`, { id, file: "../secret.webp" })).status).toBe(404);
  });

  it("keeps a private deck from everyone else; a shared one is studied by others on their own schedule, and changed only by its owner", async () => {
    const owner = await visitorFor("student@demo.test");
    const other = await visitorFor("class_rep@demo.test");
    const id = await newDeck(owner, "Private");
    await edit(owner, id, { intent: "add_card", front: "Q", back: "A" });
    expect((await study(other, id)).status).toBe(404);
    expect((await other.get(editLoader, `/flash-cards/${id}/edit`, { params: { id } })).status).toBe(404);
    expect((await other.get(exportLoader, `/flash-cards/${id}/export`, { params: { id } })).status).toBe(404);
    expect((await edit(other, id, { intent: "delete_deck" })).status).toBe(404);

    expect((await edit(owner, id, { intent: "deck", title: "Shared now", description: "", shared: "on" })).status).toBe(302);
    const seen = await study(other, id);
    expect(seen.status).toBe(200);
    expect(seen.data.deck).toMatchObject({ title: "Shared now", mine: false, ownerName: "Maya T." });
    expect(seen.data.edits).toBe(false);
    expect((await grade(other, id, { card_id: String(seen.data.view.card.id), grade: "4", seen_reps: "0" })).status).toBe(303);
    expect((await study(owner, id)).data.view.counts).toEqual({ due: 0, fresh: 1, cards: 1 });
    expect((await edit(other, id, { intent: "add_card", front: "x", back: "y" })).status).toBe(404);

    expect((await edit(owner, id, { intent: "delete_deck" })).status).toBe(302);
    expect(await db().selectFrom("flash_card_decks").select("id").where("id", "=", Number(id)).execute()).toEqual([]);
  });
});
