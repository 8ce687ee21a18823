import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  normalizeDocument,
  paginationMeta,
  serialize,
  singular,
  toResource,
  type ApiDocument,
  type ResourceDefinition,
  type ResourceObject,
} from "~/api/document";

interface CourseRow {
  id: number;
  name: string;
  price_cents: number;
  school_id: number | null;
  instructor_ids: number[];
}

const courseDefinition: ResourceDefinition<CourseRow> = {
  type: "course",
  attributes: (row) => ({ name: row.name, price: row.price_cents }),
  relationships: (row) => ({
    school: { type: "school", id: row.school_id },
    instructors: { type: "user", ids: row.instructor_ids },
  }),
};

const biology: CourseRow = { id: 7, name: "Biology 101", price_cents: 2000, school_id: 3, instructor_ids: [11, 12] };
const chemistry: CourseRow = { id: 8, name: "Chemistry", price_cents: 0, school_id: null, instructor_ids: [] };

const resource = (type: string, id: string, attributes: Record<string, unknown> = {}): ResourceObject => ({
  type,
  id,
  attributes,
  relationships: {},
});

describe("toResource", () => {
  it("builds id, type, attributes and relationships from a row", () => {
    expect(toResource(courseDefinition, biology)).toEqual({
      id: "7",
      type: "course",
      attributes: { name: "Biology 101", price: 2000 },
      relationships: {
        school: { data: { type: "school", id: "3" } },
        instructors: {
          data: [
            { type: "user", id: "11" },
            { type: "user", id: "12" },
          ],
        },
      },
    });
  });

  it.each<[string, number | string, string]>([
    ["a numeric id", 42, "42"],
    ["a zero id", 0, "0"],
    ["a string id", "abc-123", "abc-123"],
    ["an empty string id", "", ""],
  ])("stringifies %s", (_label, id, expected) => {
    const definition: ResourceDefinition<{ id: number | string }> = { type: "thing", attributes: () => ({}) };
    expect(toResource(definition, { id }).id).toBe(expected);
  });

  it("uses definition.id over row.id when given", () => {
    const definition: ResourceDefinition<{ id: number; slug: string }> = {
      type: "school",
      id: (row) => row.slug,
      attributes: () => ({}),
    };
    expect(toResource(definition, { id: 1, slug: "mcgill" }).id).toBe("mcgill");
  });

  it("uses definition.id when the row has no id", () => {
    const definition: ResourceDefinition<{ id?: number; code: number }> = { type: "course", id: (row) => row.code, attributes: () => ({}) };
    expect(toResource(definition, { code: 99 }).id).toBe("99");
  });

  it("throws naming the type when there is no id", () => {
    const definition: ResourceDefinition<{ id?: number }> = { type: "onlineCourse", attributes: () => ({}) };
    expect(() => toResource(definition, {})).toThrow("A onlineCourse record needs an id");
  });

  it("gives empty relationships when the definition has none", () => {
    const definition: ResourceDefinition<{ id: number }> = { type: "school", attributes: () => ({ a: 1 }) };
    expect(toResource(definition, { id: 1 }).relationships).toEqual({});
  });

  it("gives empty relationships when the relationships function returns none", () => {
    const definition: ResourceDefinition<{ id: number }> = { type: "school", attributes: () => ({}), relationships: () => ({}) };
    expect(toResource(definition, { id: 1 }).relationships).toEqual({});
  });

  it("keeps the type exactly as defined (singular camel case)", () => {
    const definition: ResourceDefinition<{ id: number }> = { type: "studySessionUser", attributes: () => ({}) };
    expect(toResource(definition, { id: 1 }).type).toBe("studySessionUser");
  });

  it("has no meta key", () => {
    expect(toResource(courseDefinition, biology)).not.toHaveProperty("meta");
  });

  describe("relationships", () => {
    it.each<[string, { type: string; id: number | string | null | undefined } | { type: string; ids: Array<number | string> }, unknown]>([
      ["a single numeric id", { type: "school", id: 3 }, { type: "school", id: "3" }],
      ["a single string id", { type: "school", id: "mcgill" }, { type: "school", id: "mcgill" }],
      ["a single zero id", { type: "school", id: 0 }, { type: "school", id: "0" }],
      ["a null id", { type: "school", id: null }, null],
      ["an undefined id", { type: "school", id: undefined }, null],
      ["a list of ids", { type: "user", ids: [1, "2", 3] }, [
        { type: "user", id: "1" },
        { type: "user", id: "2" },
        { type: "user", id: "3" },
      ]],
      ["an empty list", { type: "user", ids: [] }, []],
      ["a list keeping order and duplicates", { type: "user", ids: [3, 1, 3] }, [
        { type: "user", id: "3" },
        { type: "user", id: "1" },
        { type: "user", id: "3" },
      ]],
    ])("%s", (_label, spec, expected) => {
      const definition: ResourceDefinition<{ id: number }> = {
        type: "thing",
        attributes: () => ({}),
        relationships: () => ({ related: spec }),
      };
      expect(toResource(definition, { id: 1 }).relationships).toEqual({ related: { data: expected } });
    });
  });
});

describe("serialize", () => {
  it("serializes a single row as a single resource", () => {
    const document = serialize(courseDefinition, biology);
    expect(document).toEqual({ data: toResource(courseDefinition, biology) });
    expect(Array.isArray(document.data)).toBe(false);
  });

  it("serializes a list of rows as a list, in order", () => {
    const document = serialize(courseDefinition, [chemistry, biology]);
    expect(document.data).toEqual([toResource(courseDefinition, chemistry), toResource(courseDefinition, biology)]);
  });

  it("serializes an empty list as an empty list", () => {
    expect(serialize(courseDefinition, [])).toEqual({ data: [] });
  });

  it("serializes null as null data", () => {
    expect(serialize(courseDefinition, null)).toEqual({ data: null });
  });

  it("omits included and meta when not given", () => {
    const document = serialize(courseDefinition, biology);
    expect(document).not.toHaveProperty("included");
    expect(document).not.toHaveProperty("meta");
  });

  it("omits included and meta when the extras are undefined", () => {
    const document = serialize(courseDefinition, biology, { included: undefined, meta: undefined });
    expect(Object.keys(document)).toEqual(["data"]);
  });

  it("adds meta as given", () => {
    const meta = paginationMeta(2, 10, 35);
    expect(serialize(courseDefinition, [biology], { meta }).meta).toEqual({ page: 2, per_page: 10, total: 35, total_pages: 4 });
  });

  it("keeps an empty meta object", () => {
    expect(serialize(courseDefinition, null, { meta: {} }).meta).toEqual({});
  });

  it("keeps an empty included list", () => {
    expect(serialize(courseDefinition, null, { included: [] }).included).toEqual([]);
  });

  it("includes null data together with meta", () => {
    expect(serialize(courseDefinition, null, { meta: { total: 0 } })).toEqual({ data: null, meta: { total: 0 } });
  });

  it("drops duplicate included resources by type and id", () => {
    const included = [resource("school", "3"), resource("user", "11"), resource("school", "3"), resource("user", "12"), resource("user", "11")];
    const document = serialize(courseDefinition, biology, { included });
    expect(document.included?.map((r) => `${r.type}:${r.id}`)).toEqual(["school:3", "user:11", "user:12"]);
  });

  it("keeps resources of different types that share an id", () => {
    const included = [resource("school", "1"), resource("user", "1"), resource("course", "1")];
    expect(serialize(courseDefinition, null, { included }).included).toHaveLength(3);
  });

  it("keeps the first position and the last version of a duplicate", () => {
    const included = [resource("school", "3", { name: "old" }), resource("user", "1"), resource("school", "3", { name: "new" })];
    const document = serialize(courseDefinition, null, { included });
    expect(document.included).toEqual([resource("school", "3", { name: "new" }), resource("user", "1")]);
  });

  it("does not modify the included array it is given", () => {
    const included = [resource("school", "3"), resource("school", "3")];
    serialize(courseDefinition, null, { included });
    expect(included).toHaveLength(2);
  });
});

describe("paginationMeta", () => {
  it.each<[number, number, number, { page: number; per_page: number; total: number; total_pages: number }]>([
    [1, 10, 0, { page: 1, per_page: 10, total: 0, total_pages: 1 }],
    [1, 10, 1, { page: 1, per_page: 10, total: 1, total_pages: 1 }],
    [1, 10, 9, { page: 1, per_page: 10, total: 9, total_pages: 1 }],
    [1, 10, 10, { page: 1, per_page: 10, total: 10, total_pages: 1 }],
    [2, 10, 11, { page: 2, per_page: 10, total: 11, total_pages: 2 }],
    [3, 10, 25, { page: 3, per_page: 10, total: 25, total_pages: 3 }],
    [1, 30, 61, { page: 1, per_page: 30, total: 61, total_pages: 3 }],
    [5, 1, 5, { page: 5, per_page: 1, total: 5, total_pages: 5 }],
    [9, 10, 20, { page: 9, per_page: 10, total: 20, total_pages: 2 }],
  ])("page %i, %i per page, %i total", (page, perPage, total, expected) => {
    expect(paginationMeta(page, perPage, total)).toEqual(expected);
  });

  it("uses snake case keys", () => {
    expect(Object.keys(paginationMeta(1, 10, 5))).toEqual(["page", "per_page", "total", "total_pages"]);
  });
});

describe("singular", () => {
  it.each([
    // -ies → -y
    ["activities", "activity"],
    ["categories", "category"],
    ["replies", "reply"],
    ["forumReplies", "forumReply"],
    ["onlineCourseActivities", "onlineCourseActivity"],
    ["contestEntries", "contestEntry"],
    ["tutorAvailabilities", "tutorAvailability"],
    // -ches/-shes/-xes/-sses → drop "es"
    ["matches", "match"],
    ["wishes", "wish"],
    ["boxes", "box"],
    ["classes", "class"],
    ["addresses", "address"],
    // quizzes → quiz (spec §3 collection)
    ["quizzes", "quiz"],
    ["courseQuizzes", "courseQuiz"],
    // plain -s
    ["courses", "course"],
    ["schools", "school"],
    ["instructors", "instructor"],
    ["invoices", "invoice"],
    ["packages", "package"],
    ["tokenPurchases", "tokenPurchase"],
    ["studyBuddyResponses", "studyBuddyResponse"],
    ["quizQuestions", "quizQuestion"],
    ["ejEssays", "ejEssay"],
    ["surveys", "survey"],
    ["faqs", "faq"],
    // already singular
    ["class", "class"],
    ["address", "address"],
    ["school", "school"],
    ["child", "child"],
    ["", ""],
  ])("%j → %j", (plural, expected) => {
    expect(singular(plural)).toBe(expected);
  });
});

describe("normalizeDocument", () => {
  it("groups records by type and id with attributes flattened beside the id", () => {
    const document = serialize(courseDefinition, biology);
    expect(normalizeDocument(document)).toEqual({
      course: {
        "7": { id: "7", name: "Biology 101", price: 2000, school_id: "3", instructor_ids: ["11", "12"] },
      },
    });
  });

  it("turns a single relation into {name}_id and a null relation into null", () => {
    const store = normalizeDocument(serialize(courseDefinition, [biology, chemistry]));
    expect(store.course?.["7"]?.school_id).toBe("3");
    expect(store.course?.["8"]).toHaveProperty("school_id", null);
  });

  it("turns a list relation into {singular}_ids, empty when empty", () => {
    const store = normalizeDocument(serialize(courseDefinition, [biology, chemistry]));
    expect(store.course?.["7"]?.instructor_ids).toEqual(["11", "12"]);
    expect(store.course?.["8"]?.instructor_ids).toEqual([]);
    expect(store.course?.["7"]).not.toHaveProperty("instructors_ids");
  });

  it.each([
    ["activities", "activity_ids"],
    ["courses", "course_ids"],
    ["classes", "class_ids"],
    ["quizzes", "quiz_ids"],
  ])("names the list relation %j as %j", (name, key) => {
    const document: ApiDocument = {
      data: { type: "onlineCourse", id: "1", attributes: {}, relationships: { [name]: { data: [{ type: "x", id: "5" }] } } },
    };
    expect(normalizeDocument(document).onlineCourse?.["1"]).toEqual({ id: "1", [key]: ["5"] });
  });

  it("names a single relation with the relation name, not its type", () => {
    const document: ApiDocument = {
      data: { type: "course", id: "1", attributes: {}, relationships: { instructor: { data: { type: "user", id: "9" } } } },
    };
    expect(normalizeDocument(document).course?.["1"]).toEqual({ id: "1", instructor_id: "9" });
  });

  it("gives an empty store for null data", () => {
    expect(normalizeDocument({ data: null })).toEqual({});
  });

  it("gives an empty store for an empty list", () => {
    expect(normalizeDocument({ data: [] })).toEqual({});
  });

  it("stores included records beside the primary data", () => {
    const school = toResource<{ id: number; name: string }>({ type: "school", attributes: (row) => ({ name: row.name }) }, { id: 3, name: "McGill" });
    const store = normalizeDocument(serialize(courseDefinition, [biology], { included: [school] }));
    expect(Object.keys(store).sort()).toEqual(["course", "school"]);
    expect(store.school).toEqual({ "3": { id: "3", name: "McGill" } });
  });

  it("stores included records when data is null", () => {
    const store = normalizeDocument({ data: null, included: [resource("user", "1", { name: "Ada" })] });
    expect(store).toEqual({ user: { "1": { id: "1", name: "Ada" } } });
  });

  it("ignores meta", () => {
    expect(normalizeDocument({ data: null, meta: { total: 5 } })).toEqual({});
  });

  it("keeps the last of two records with the same type and id", () => {
    const store = normalizeDocument({ data: [resource("user", "1", { v: 1 }), resource("user", "1", { v: 2 })] });
    expect(store.user).toEqual({ "1": { id: "1", v: 2 } });
  });

  it("keeps records of different types with the same id apart", () => {
    const store = normalizeDocument({ data: [resource("user", "1", { a: 1 }), resource("school", "1", { b: 2 })] });
    expect(store).toEqual({ user: { "1": { id: "1", a: 1 } }, school: { "1": { id: "1", b: 2 } } });
  });

  it("keeps nested attribute values as they are", () => {
    const attributes = { progress: { completed: [{ activity_id: 1 }], current: null }, roles: ["student"] };
    const store = normalizeDocument({ data: resource("onlineCourseUser", "4", attributes) });
    expect(store.onlineCourseUser?.["4"]).toEqual({ id: "4", ...attributes });
  });

  it("does not modify the document", () => {
    const document = serialize(courseDefinition, [biology]);
    const copy = structuredClone(document);
    normalizeDocument(document);
    expect(document).toEqual(copy);
  });
});

describe("property: normalizeDocument(serialize(...)) keeps every id, attribute and relation", () => {
  // Attribute names that cannot collide with "id" or the keys made from relations (which end in _id/_ids).
  const attributeName = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/).filter((name) => name !== "id");
  const attributeValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
  const idValue = fc.oneof(fc.nat({ max: 1_000_000 }), fc.stringMatching(/^[a-z0-9-]{1,10}$/));

  interface Row {
    id: number | string;
    attributes: Record<string, unknown>;
    ownerId: number | string | null;
    tagIds: Array<number | string>;
  }

  const row: fc.Arbitrary<Row> = fc.record({
    id: idValue,
    attributes: fc.dictionary(attributeName, attributeValue, { maxKeys: 5 }),
    ownerId: fc.option(idValue, { nil: null }),
    tagIds: fc.array(idValue, { maxLength: 4 }),
  });

  const definition: ResourceDefinition<Row> = {
    type: "thing",
    attributes: (r) => r.attributes,
    relationships: (r) => ({ owner: { type: "user", id: r.ownerId }, tags: { type: "tag", ids: r.tagIds } }),
  };

  const expectedRecord = (r: Row) => ({
    id: String(r.id),
    ...r.attributes,
    owner_id: r.ownerId === null ? null : String(r.ownerId),
    tag_ids: r.tagIds.map(String),
  });

  it("for a list of rows with unique ids", () => {
    fc.assert(
      fc.property(fc.uniqueArray(row, { selector: (r) => String(r.id), maxLength: 8 }), (rows) => {
        const store = normalizeDocument(serialize(definition, rows));
        const things = store.thing ?? {};
        expect(Object.keys(things).sort()).toEqual(rows.map((r) => String(r.id)).sort());
        for (const r of rows) expect(things[String(r.id)]).toEqual(expectedRecord(r));
      }),
    );
  });

  it("for a single row", () => {
    fc.assert(
      fc.property(row, (r) => {
        expect(normalizeDocument(serialize(definition, r))).toEqual({ thing: { [String(r.id)]: expectedRecord(r) } });
      }),
    );
  });

  it("for included records, de-duplicated by type and id", () => {
    const included = fc.array(
      fc.record({ type: fc.constantFrom("user", "tag"), id: idValue.map(String), attributes: fc.dictionary(attributeName, attributeValue, { maxKeys: 3 }) }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(included, (records) => {
        const resources = records.map((r) => ({ ...r, relationships: {} }));
        const document = serialize(definition, null, { included: resources });
        const keys = resources.map((r) => `${r.type}:${r.id}`);
        expect(document.included?.map((r) => `${r.type}:${r.id}`)).toEqual([...new Set(keys)]);
        const store = normalizeDocument(document);
        for (const r of resources) {
          const last = resources.filter((o) => o.type === r.type && o.id === r.id).at(-1)!;
          expect(store[r.type]?.[r.id]).toEqual({ id: r.id, ...last.attributes });
        }
      }),
    );
  });
});
