import { WRITING_TEMPLATE_STAFF_ROLES } from "~/accounts/policy/route-rules";
import { hasRole, INSTRUCTOR_ROLES, type Role, type Viewer } from "~/accounts/roles";

/**
 * Who may do what to an essay. Pure. Only its owner edits, shares, restores and resolves;
 * an instructor or tutor it is shared with reads it and comments; everyone else is told it
 * does not exist (404), staff included: students' drafts are private.
 */
export type EssayRelation = "owner" | "collaborator" | "none";

export type EssayAction = "read" | "edit" | "export" | "share" | "comment" | "resolve";

const ALLOWED: Record<EssayRelation, readonly EssayAction[]> = {
  owner: ["read", "edit", "export", "share", "resolve"],
  collaborator: ["read", "export", "comment"],
  none: [],
};

export function essayRelation(viewerId: number | null, essay: { owner_id: number }, collaboratorIds: readonly number[]): EssayRelation {
  if (viewerId === null) return "none";
  if (essay.owner_id === viewerId) return "owner";
  return collaboratorIds.includes(viewerId) ? "collaborator" : "none";
}

export function mayOnEssay(relation: EssayRelation, action: EssayAction): boolean {
  return ALLOWED[relation].includes(action);
}

/** Whom an essay may be shared with: educators who give feedback on writing. */
export const ESSAY_REVIEWER_ROLES = [...INSTRUCTOR_ROLES, "tutor"] as const satisfies readonly Role[];

export function mayReviewEssays(roles: readonly string[]): boolean {
  return ESSAY_REVIEWER_ROLES.some((role) => roles.includes(role));
}

/** Who writes and publishes templates (the route table's group). */
export function mayManageTemplates(viewer: Viewer): boolean {
  return hasRole(viewer, ...WRITING_TEMPLATE_STAFF_ROLES);
}
