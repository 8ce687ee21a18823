import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import AdminFaqsPage, { action as faqsAction, loader as faqsLoader } from "~/routes/admin+/faqs";
import FaqPage, { loader as faqLoader } from "~/routes/faq";
import PricingPage, { loader as pricingLoader } from "~/routes/pricing";
import ProductPlusPage, { loader as productPlusLoader } from "~/routes/$productPlus";
import TutoringPage, { loader as tutoringLoader } from "~/routes/tutoring";
import { useTestDatabase } from "../../support/database";
import { htmlProblems, renderPage } from "../../support/render-page";
import { routeVisitor, sessionCookieFor, type RouteVisitor } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/**
 * FAQs: the pricing, product and help pages show theirs in order as disclosure lists with FAQPage
 * structured data; staff (admins, managers) edit and reorder them at /admin/faqs, without
 * JavaScript, and the order stays 1..n.
 */
const database = useTestDatabase();
const db = () => database().db;

async function withRoles(roles: string[]) {
  const user = await db()
    .insertInto("users")
    .values({ email: `faqs-${randomBytes(5).toString("hex")}@example.test`, first_name: "Fay", last_name: "Staff", roles: roles as never })
    .returning("id")
    .executeTakeFirstOrThrow();
  return routeVisitor({ session: await sessionCookieFor(user.id) });
}

const post = (visitor: RouteVisitor, fields: Record<string, string>) => visitor.form(faqsAction, "/admin/faqs", fields);

async function positions(page: string) {
  return db().selectFrom("faqs").select(["id", "position", "question"]).where("page", "=", page).orderBy("position").execute();
}

/** The JSON-LD blocks of a page's markup, parsed. */
function structuredData(html: string) {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
}

describe("FAQs on the pages", () => {
  it("shows each page's FAQs in order, in <details>, with valid FAQPage JSON-LD", async () => {
    const guest = routeVisitor({});
    const pricing = await guest.get(pricingLoader, "/pricing");
    expect(pricing.status).toBe(200);
    const expected = await positions("pricing");
    expect(pricing.data.faqs.map((faq: { question: string }) => faq.question)).toEqual(expected.map((faq) => faq.question));
    expect(expected.length).toBeGreaterThan(0);
    const html = await renderPage(PricingPage, { loaderData: pricing.data, url: "/pricing" });
    expect(html).toContain(`<details class="faq-list__item" id="faq-${expected[0]!.id}"><summary>${expected[0]!.question}</summary>`);
    const [data] = structuredData(html);
    expect(data).toMatchObject({ "@context": "https://schema.org", "@type": "FAQPage" });
    expect(data.mainEntity.map((entry: { name: string }) => entry.name)).toEqual(expected.map((faq) => faq.question));
    expect(data.mainEntity[0]).toMatchObject({ "@type": "Question", acceptedAnswer: { "@type": "Answer", text: expect.any(String) } });
    expect(await htmlProblems(html)).toEqual([]);

    for (const [Page, loader, url, params] of [
      [ProductPlusPage, productPlusLoader, "/mcat-plus", { productPlus: "mcat-plus" }],
      [TutoringPage, tutoringLoader, "/tutoring", {}],
      [FaqPage, faqLoader, "/faq", {}],
    ] as const) {
      const answer = await guest.get(loader, url, { params });
      expect(answer.status, url).toBe(200);
      expect(answer.data.faqs.length, url).toBeGreaterThan(0);
      const markup = await renderPage(Page, { loaderData: answer.data, url });
      expect(structuredData(markup), url).toHaveLength(1);
    }
  });

  it("keeps a question's words from breaking out of the structured data", async () => {
    const staff = await withRoles(["manager"]);
    await post(staff, { intent: "create", page: "help", question: "</script><script>alert(1)</script>", answer: "Nothing runs." });
    const answer = await routeVisitor({}).get(faqLoader, "/faq");
    const html = await renderPage(FaqPage, { loaderData: answer.data, url: "/faq" });
    expect(html).not.toContain("<script>alert(1)");
    expect(structuredData(html)[0].mainEntity.at(-1).name).toBe("</script><script>alert(1)</script>");
  });
});

describe("/admin/faqs", () => {
  it("is for admins and managers only", async () => {
    const guest = await routeVisitor({}).get(faqsLoader, "/admin/faqs");
    expect(guest.status).toBe(302);
    for (const roles of [[], ["forum_moderator"], ["marketing_manager"]]) {
      const visitor = await withRoles(roles);
      expect((await visitor.get(faqsLoader, "/admin/faqs")).status).toBe(403);
      expect((await post(visitor, { intent: "create", page: "pricing", question: "Sneaky?", answer: "Yes" })).status).toBe(403);
    }
    expect(await positions("pricing")).not.toContainEqual(expect.objectContaining({ question: "Sneaky?" }));
    for (const roles of [["admin"], ["manager"]]) {
      const page = await (await withRoles(roles)).get(faqsLoader, "/admin/faqs");
      expect(page.status).toBe(200);
      expect(page.data.pages.map((each: { key: string }) => each.key)).toContain("pricing");
      const html = await renderPage(AdminFaqsPage, { loaderData: page.data, url: "/admin/faqs" });
      expect(await htmlProblems(html)).toEqual([]);
    }
  });

  it("validates what staff write", async () => {
    const staff = await withRoles(["admin"]);
    const short = await post(staff, { intent: "create", page: "pricing", question: "?", answer: "" });
    expect(short.status).toBe(400);
    expect(short.data.result.error).toMatchObject({ question: ["Write a question of at least 3 characters"], answer: ["Write the answer"] });
    expect((await post(staff, { intent: "create", page: "no-such-page", question: "Why?", answer: "Because" })).status).toBe(400);
    expect((await post(staff, { intent: "move", faq_id: "1", direction: "sideways" })).status).toBe(400);
    expect((await post(staff, { intent: "update", faq_id: "999999999", question: "Why?", answer: "Because" })).status).toBe(404);
    expect((await post(staff, { intent: "move", faq_id: "999999999", direction: "up" })).status).toBe(404);
  });

  it("adds, edits, moves and deletes, keeping each page's order 1..n", async () => {
    const staff = await withRoles(["manager"]);
    const page = "on-demand";
    const before = await positions(page);
    const created = await post(staff, { intent: "create", page, question: "Is there a certificate?", answer: "Yes, when you finish." });
    expect(created.status).toBe(303);
    let rows = await positions(page);
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
    const added = rows.at(-1)!;
    expect(added.question).toBe("Is there a certificate?");

    await expectRedirectWithToast(await post(staff, { intent: "move", faq_id: String(added.id), direction: "up" }), `/admin/faqs#faq-${added.id}`, "Order saved.");
    rows = await positions(page);
    expect(rows.map((row) => row.id)).toEqual([...before.slice(0, -1).map((row) => row.id), added.id, before.at(-1)!.id]);
    // Already last can't move down; the first can't move up.
    expect((await post(staff, { intent: "move", faq_id: String(rows.at(-1)!.id), direction: "down" })).status).toBe(409);
    expect((await post(staff, { intent: "move", faq_id: String(rows[0]!.id), direction: "up" })).status).toBe(409);
    await post(staff, { intent: "move", faq_id: String(added.id), direction: "top" });
    expect((await positions(page))[0]!.id).toBe(added.id);

    await expectRedirectWithToast(await post(staff, { intent: "update", faq_id: String(added.id), question: "Do I get a certificate?", answer: "Yes." }), `/admin/faqs#faq-${added.id}`, "Question saved.");
    // Several moves at once leave a permutation 1..n.
    rows = await positions(page);
    await Promise.all(rows.map((row, index) => post(staff, { intent: "move", faq_id: String(row.id), direction: index % 2 ? "up" : "down" })));
    rows = await positions(page);
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
    expect(rows.map((row) => row.id).sort()).toEqual([...before.map((row) => row.id), added.id].sort());

    // Deleting closes the gap.
    const middle = rows[1]!;
    await expectRedirectWithToast(await post(staff, { intent: "delete", faq_id: String(middle.id) }), "/admin/faqs", "Question deleted.");
    rows = await positions(page);
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
    expect(rows.some((row) => row.id === middle.id)).toBe(false);
    // The page shows the new order.
    const shown = await routeVisitor({}).get((await import("~/routes/on-demand")).loader, "/on-demand");
    expect(shown.data.faqs.map((faq: { id: number }) => faq.id)).toEqual(rows.map((row) => row.id));
  });
});
