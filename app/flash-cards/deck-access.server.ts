import { can, type FlashCardDeckRef } from "~/accounts/policy/permissions";
import type { Viewer } from "~/accounts/roles";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { notFound } from "~/errors/not-found.server";
import { findDeck, type DeckRecord } from "~/flash-cards/decks.server";
import { inCourseBase, lockNotice } from "~/online-courses/curriculum";
import { loadCourseForViewer } from "~/online-courses/in-course.server";
import { parseRecordId } from "~/utils/record-id";

export interface DeckAccess {
  deck: DeckRecord;
  /** A course deck's page in the in-course experience, where "Back" goes by default. */
  inCourseHref: string | null;
  edits: boolean;
}

/**
 * A deck as the policy sees it for this viewer: a course deck carries whether the viewer has its
 * flash-card activity open, by the same access rules as the in-course pages.
 */
export async function deckRef(viewer: Viewer, deck: DeckRecord): Promise<{ ref: FlashCardDeckRef; inCourseHref: string | null }> {
  if (deck.online_course_id === null) return { ref: { owner_id: deck.owner_id, shared: deck.shared, course: null }, inCourseHref: null };
  const loaded = await loadCourseForViewer(viewer, String(deck.online_course_id));
  const activity = loaded && deck.activity_id !== null ? loaded.tree.activities.find((candidate) => candidate.id === deck.activity_id) : undefined;
  return {
    ref: { owner_id: null, shared: deck.shared, course: { instructor_id: deck.course_instructor_id, open: Boolean(activity && !lockNotice(activity, loaded!.course.id)) } },
    inCourseHref: activity ? `${inCourseBase(loaded!.course.slug)}/${activity.href}` : null,
  };
}

/**
 * The deck at /flash-cards/{id}, to a viewer the policy lets study it (or edit it): a 404 for
 * anyone else, so a private deck is not even known to exist.
 */
export async function requireDeck(session: CurrentSession, idParam: string | undefined, action: "study_flash_card_deck" | "edit_flash_card_deck"): Promise<DeckAccess> {
  const id = parseRecordId(idParam);
  const deck = id === null ? undefined : await findDeck(id);
  const viewer = viewerFor(session);
  const access = deck ? await deckRef(viewer, deck) : null;
  if (!deck || !access || !can(viewer, action, access.ref)) {
    throw notFound(action === "edit_flash_card_deck" ? "There is no flash-card deck at this address that you can edit." : "There is no flash-card deck at this address.");
  }
  return { deck, inCourseHref: access.inCourseHref, edits: action === "edit_flash_card_deck" || can(viewer, "edit_flash_card_deck", access.ref) };
}
