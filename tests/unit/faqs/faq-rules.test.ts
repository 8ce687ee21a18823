import { describe, expect, it } from "vitest";
import { faqAdminSchema, faqStructuredData, movedOrder, nextPosition, positionChanges, scriptJson } from "~/faqs/faq-rules";

describe("movedOrder", () => {
  it.each([
    { ids: [1, 2, 3], id: 2, direction: "up", expected: [2, 1, 3] },
    { ids: [1, 2, 3], id: 2, direction: "down", expected: [1, 3, 2] },
    { ids: [1, 2, 3], id: 3, direction: "top", expected: [3, 1, 2] },
    { ids: [1, 2, 3], id: 1, direction: "bottom", expected: [2, 3, 1] },
    { ids: [1, 2, 3], id: 1, direction: "up", expected: null },
    { ids: [1, 2, 3], id: 3, direction: "down", expected: null },
    { ids: [1, 2, 3], id: 1, direction: "top", expected: null },
    { ids: [1, 2, 3], id: 3, direction: "bottom", expected: null },
    { ids: [1, 2, 3], id: 9, direction: "up", expected: null },
    { ids: [7], id: 7, direction: "down", expected: null },
    { ids: [], id: 1, direction: "up", expected: null },
  ] as const)("moves $id $direction in $ids to $expected", ({ ids, id, direction, expected }) => {
    expect(movedOrder(ids, id, direction)).toEqual(expected);
  });

  it("always answers a permutation of the page's ids", () => {
    const ids = [5, 3, 8, 1, 9];
    for (const id of ids)
      for (const direction of ["up", "down", "top", "bottom"] as const) {
        const order = movedOrder(ids, id, direction);
        if (order) expect([...order].sort()).toEqual([...ids].sort());
      }
  });
});

describe("positionChanges", () => {
  it.each([
    { name: "a swap", current: [{ id: 1, position: 1 }, { id: 2, position: 2 }], order: [2, 1], expected: [{ id: 2, position: 1 }, { id: 1, position: 2 }] },
    { name: "nothing to change", current: [{ id: 1, position: 1 }, { id: 2, position: 2 }], order: [1, 2], expected: [] },
    // After a delete leaves a gap (1, 3, 4), the rest close up to 1, 2, 3.
    { name: "closing a gap", current: [{ id: 1, position: 1 }, { id: 3, position: 3 }, { id: 4, position: 4 }], order: [1, 3, 4], expected: [{ id: 3, position: 2 }, { id: 4, position: 3 }] },
  ])("writes 1..n: $name", ({ current, order, expected }) => {
    expect(positionChanges(current, order)).toEqual(expected);
  });

  it("puts a new question after the last", () => {
    expect(nextPosition(0)).toBe(1);
    expect(nextPosition(4)).toBe(5);
  });
});

describe("faqAdminSchema", () => {
  it.each([
    { fields: { intent: "create", page: "pricing", question: "Why?", answer: "Because." }, ok: true },
    { fields: { intent: "create", page: "nowhere", question: "Why?", answer: "Because." }, ok: false },
    { fields: { intent: "create", page: "pricing", question: "?", answer: "Because." }, ok: false },
    { fields: { intent: "create", page: "pricing", question: "Why?", answer: "  " }, ok: false },
    { fields: { intent: "move", faq_id: "3", direction: "up" }, ok: true },
    { fields: { intent: "move", faq_id: "3", direction: "sideways" }, ok: false },
    { fields: { intent: "move", faq_id: "-1", direction: "up" }, ok: false },
    { fields: { intent: "delete", faq_id: "x" }, ok: false },
    { fields: { intent: "explode" }, ok: false },
  ])("$fields → $ok", ({ fields, ok }) => {
    expect(faqAdminSchema.safeParse(fields).success).toBe(ok);
  });
});

describe("faqStructuredData", () => {
  it("is a schema.org FAQPage of the questions in order, safe inside a script element", () => {
    const data = faqStructuredData([
      { question: "What is free?", answer: "Previews.\n\nAnd the blog." },
      { question: "</script><script>alert(1)</script>", answer: "A & B" },
    ]);
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        { "@type": "Question", name: "What is free?", acceptedAnswer: { "@type": "Answer", text: "Previews.\n\nAnd the blog." } },
        { "@type": "Question", name: "</script><script>alert(1)</script>", acceptedAnswer: { "@type": "Answer", text: "A & B" } },
      ],
    });
    const json = scriptJson(data);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)).toEqual(data);
  });
});
