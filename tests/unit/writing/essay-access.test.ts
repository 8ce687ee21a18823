import { describe, expect, it } from "vitest";
import { essayRelation, mayManageTemplates, mayOnEssay, mayReviewEssays, type EssayAction, type EssayRelation } from "~/writing/essay-access";

const essay = { owner_id: 1 };

describe("who relates how to an essay", () => {
  it.each([
    [1, [], "owner"],
    [2, [2], "collaborator"],
    [3, [2], "none"],
    [null, [2], "none"],
  ] as const)("user %s with collaborators %j is %s", (viewer, collaborators, relation) => {
    expect(essayRelation(viewer, essay, collaborators)).toBe(relation);
  });
});

describe("what each may do", () => {
  const table: [EssayRelation, EssayAction, boolean][] = [
    ["owner", "read", true],
    ["owner", "edit", true],
    ["owner", "export", true],
    ["owner", "share", true],
    ["owner", "resolve", true],
    ["owner", "comment", false],
    ["collaborator", "read", true],
    ["collaborator", "export", true],
    ["collaborator", "comment", true],
    ["collaborator", "edit", false],
    ["collaborator", "share", false],
    ["collaborator", "resolve", false],
    ["none", "read", false],
    ["none", "comment", false],
    ["none", "export", false],
  ];
  it.each(table)("%s may %s: %s", (relation, action, allowed) => {
    expect(mayOnEssay(relation, action)).toBe(allowed);
  });

  it.each([
    [["tutor"], true],
    [["instructor"], true],
    [["lsat_instructor"], true],
    [[], false],
    [["admin"], false],
    [["content_creator"], false],
  ])("an essay may be shared with roles %j: %s", (roles, allowed) => {
    expect(mayReviewEssays(roles)).toBe(allowed);
  });

  it.each([
    [["content_creator"], true],
    [["admin"], true],
    [["tutor"], false],
    [[], false],
  ])("roles %j manage templates: %s", (roles, allowed) => {
    expect(mayManageTemplates({ id: 5, roles, userType: "staff" })).toBe(allowed);
  });
});
