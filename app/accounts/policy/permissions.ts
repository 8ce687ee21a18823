import { hasRole, isGuest, isInstructor, type Viewer } from "~/accounts/roles";
import { BLOG_MANAGER_ROLES, FAQ_STAFF_ROLES, FORUM_MODERATOR_ROLES, USER_DIRECTORY_ROLES } from "~/accounts/policy/route-rules";

/**
 * Who may do what to whom, beside app/accounts/policy/route-rules.ts (who may open or change each
 * route). Pure, shared by server and client: pages ask `can` to decide which buttons to show,
 * and loaders and actions ask it once they know the record an action is about.
 */

/** The user an action is about, when only who they are matters. */
export interface UserRef {
  id: number;
}

/** The user an action is about: a users row or anything with its id, roles and deactivation. */
export interface UserSubject extends UserRef {
  roles: readonly string[];
  deactivated_at?: Date | string | null;
}

/** Each action and the subject it applies to. */
export interface Permissions {
  /** Sign in as the user (SPEC §6: admins can sign in as another user). */
  impersonate: UserSubject;
  /** Change the user's profile. */
  edit: UserRef;
  /** Mark the user's email confirmed (PATCH /api/v1/users/{id}/confirm). */
  confirm: UserRef;
  /**
   * Send the user a password reset or confirmation email again. Decided on the id alone, so an
   * API route can refuse before looking the user up and reveal nothing about which ids exist.
   */
  resend_password_reset: UserRef;
  resend_confirmation: UserRef;
  /** See the user's full account record (GET /api/v1/users/{id}). */
  view: UserRef;
  /** Deactivate the user's account (DELETE /api/v1/users/{id}/deactivate). */
  deactivate: UserRef;
  /**
   * Change who can sign in to the user's account and with what powers. Decided once the user is
   * looked up, after `edit` or `deactivate` let the viewer in on the id alone.
   */
  change_account_access: AccountAccessChanges;
  /** List and search a collection (SPEC §6: listing users is admin-only). */
  list: "users";
  /** Read a chat's messages and send messages to it: its members only (not even admins). */
  read_chat: ChatRef;
  post_chat: ChatRef;
  /** Edit an online course, its curriculum and status, print it and make its booklet. */
  manage_online_course: OnlineCourseRef;
  /** Accept or decline an invitation to a partner: the invited user only (not even admins). */
  respond_to_partner_invite: PartnerInviteRef;
  /** Edit a live study session, see its roster, add, refund and remove its students. */
  manage_study_session: StudySessionRef;
  /** Enter a study room, see who is in it, draw on its boards and invite others. */
  enter_study_room: StudyRoomRef;
  /** Remove someone from a study room and withdraw its invites: its host, or a tutoring room's tutor. */
  manage_study_room: StudyRoomRef;
  /** Study a flash-card deck: see its cards and grade them on one's own schedule. */
  study_flash_card_deck: FlashCardDeckRef;
  /** Change a deck: its title, sharing and cards. */
  edit_flash_card_deck: FlashCardDeckRef;
  /** Choose (or change) the reply that answers a forum post: its asker, forum moderators and admins. */
  accept_forum_answer: ForumPostRef;
  /** Change a forum post's or reply's words: its author, forum moderators and admins. */
  edit_forum_post: ForumPostRef;
  /** Hide, lock, pin and delete forum posts, hide replies, and work the reports queue. */
  moderate_forum: "forum";
  /** Write, edit, delete and reorder the FAQs of the pricing, product and help pages (SPEC §6: admin, manager). */
  manage_faqs: "faqs";
  /** Edit, schedule and publish a blog post: its author while a content creator, blog managers and admins anyone's. */
  edit_blog_post: BlogPostRef;
  /** Make a poll or survey on a blog post (whoever edits it) or a course page (admins, managers, its instructors). */
  manage_polls: PollTargetRef;
  /** See a class's students and grade book, give it assignments, grade its work: its teachers and admins. */
  teach_class: ClassRef;
  /** See a class's assignments and hand them in: its students (and whoever teaches it). */
  attend_class: ClassRef;
  /** Open a class rep's course (its set-up wizard, its reports): that rep, and admins. */
  work_class_rep_course: { user_id: number };
}

/**
 * Whose questions on course content someone answers (SPEC §2 oc_questions): admins and managers
 * every online course's, an instructor their own courses', study-buddy admins (and admins) the
 * study-buddy questions.
 */
export interface QuestionInboxScope {
  allCourses: boolean;
  instructorId: number | null;
  studyBuddy: boolean;
}

export function questionInboxScope(viewer: Viewer): QuestionInboxScope {
  if (isGuest(viewer)) return { allCourses: false, instructorId: null, studyBuddy: false };
  return {
    allCourses: hasRole(viewer, "admin", "manager"),
    instructorId: isInstructor(viewer) ? viewer.id : null,
    studyBuddy: hasRole(viewer, "study_buddy_admin", "admin"),
  };
}

/** Whether someone answers any questions at all (the inbox shows for them). */
export function answersQuestions(scope: QuestionInboxScope): boolean {
  return scope.allCourses || scope.instructorId !== null || scope.studyBuddy;
}

/** A blog post, as far as who may edit it goes (a new post: the viewer's own, `author_id` their id). */
export interface BlogPostRef {
  author_id: number | null;
}

/** What a poll hangs off: a blog post, or a catalogue course with the instructors of its online courses. */
export type PollTargetRef = { blog_post: BlogPostRef } | { course: { instructor_ids: readonly number[] } };

/** Who edits a blog post (the policy's `edit_blog_post`). */
function editsBlogPost(viewer: Viewer, post: BlogPostRef): boolean {
  if (viewer.id === null) return false;
  if (hasRole(viewer, ...BLOG_MANAGER_ROLES)) return true;
  return hasRole(viewer, "content_creator") && post.author_id !== null && post.author_id === viewer.id;
}

/**
 * Who edits an online course: admins, managers, and its instructor while they hold an instructor
 * role. The one rule behind the manager pages and the access level the API and the in-course
 * pages read (app/online-courses/access.ts `courseAccessLevel`), so they always agree.
 */
export function managesOnlineCourse(viewer: Viewer, instructorId: number | null): boolean {
  return !isGuest(viewer) && (hasRole(viewer, "admin", "manager") || (instructorId !== null && viewer.id === instructorId && isInstructor(viewer)));
}

/**
 * The changes that decide who can sign in to an account and with what powers: its sign-in
 * details (email, password), its roles, and its status (deactivating, reactivating).
 */
export type AccountAccessChange = "email" | "password" | "roles" | "deactivate" | "reactivate";

export interface AccountAccessChanges {
  user: UserSubject;
  changes: readonly AccountAccessChange[];
}

/** Why `change_account_access` refuses an admin the account of another admin. */
export const OTHER_ADMIN_ACCESS_MESSAGE = "Another admin's sign-in details, roles and status can only be changed by that admin.";

/** A partner membership, as far as who may answer its invitation goes. */
export interface PartnerInviteRef {
  user_id: number;
}

/** A chat, when only who belongs to it matters. */
export interface ChatRef {
  memberIds: readonly number[];
}

/** A live study session, as far as who may run it goes. */
export interface StudySessionRef {
  instructor_id: number | null;
}

/** A study room, as far as its members go: who is in it and in what role. */
export interface StudyRoomRef {
  members: readonly { user_id: number; role: "host" | "tutor" | "student" | "guest" }[];
}

/** A flash-card deck: a student's own, or a course's with what the viewer may see of that course. */
export interface FlashCardDeckRef {
  /** A student's own deck; null for a course's. */
  owner_id: number | null;
  shared: boolean;
  /** A course's deck: its instructor, and whether the viewer has its flash-card activity open (app/online-courses/access.ts). */
  course: { instructor_id: number | null; open: boolean } | null;
}

/** An online course, as far as who may manage it goes. */

export interface ForumPostRef {
  author_id: number | null;
}

export interface OnlineCourseRef {
  instructor_id: number | null;
}

/** A teacher's class (SPEC §3 courseSections), as far as who is in it goes. */
export interface ClassRef {
  members: readonly { user_id: number; role: "teacher" | "student" }[];
}

export type Action = keyof Permissions;

const isSelf = (viewer: Viewer, user: UserRef) => viewer.id !== null && viewer.id === user.id;
const isAdmin = (viewer: Viewer) => !isGuest(viewer) && hasRole(viewer, "admin");

const rules: { [A in Action]: (viewer: Viewer, subject: Permissions[A]) => boolean } = {
  impersonate: (viewer, user) =>
    isAdmin(viewer) &&
    // Signing in as oneself is pointless, and signing in as another admin would let one admin
    // act with another's powers and hide behind their name in the audit trail.
    !isSelf(viewer, user) &&
    !user.roles.includes("admin") &&
    // A deactivated account cannot hold a session.
    !user.deactivated_at,
  edit: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  view: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  deactivate: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  change_account_access: (viewer, { user, changes }) =>
    (isSelf(viewer, user) || isAdmin(viewer)) && changes.every((change) => mayChangeAccountAccess(viewer, user, change)),
  confirm: (viewer) => isAdmin(viewer),
  // Self or admin: anyone else could flood a stranger's inbox. Another admin's too: the link
  // goes to that admin's own mailbox, so it gives the sender no way in.
  resend_password_reset: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  resend_confirmation: (viewer, user) => isSelf(viewer, user) || isAdmin(viewer),
  list: (viewer, collection) => collection === "users" && !isGuest(viewer) && hasRole(viewer, ...USER_DIRECTORY_ROLES),
  read_chat: (viewer, chat) => viewer.id !== null && chat.memberIds.includes(viewer.id),
  post_chat: (viewer, chat) => viewer.id !== null && chat.memberIds.includes(viewer.id),
  // The course's own instructor (who must still hold an instructor role), managers and admins.
  manage_online_course: (viewer, course) => managesOnlineCourse(viewer, course.instructor_id),
  respond_to_partner_invite: (viewer, invite) => viewer.id !== null && viewer.id === invite.user_id,
  // Its own instructor while they hold an instructor role, and admins (SPEC §1: instructors run sessions).
  manage_study_session: (viewer, session) =>
    isAdmin(viewer) || (session.instructor_id !== null && viewer.id === session.instructor_id && isInstructor(viewer)),
  // Rooms are private to their members, admins included: what is said and drawn there is theirs.
  enter_study_room: (viewer, room) => viewer.id !== null && room.members.some((member) => member.user_id === viewer.id),
  manage_study_room: (viewer, room) => viewer.id !== null && room.members.some((member) => member.user_id === viewer.id && (member.role === "host" || member.role === "tutor")),
  // A student's deck is theirs; shared, anyone signed in who has its link studies it too. Admins
  // get no look at private decks: what a student is memorising is theirs. A course's deck is
  // studied by whoever has its activity open, and edited by whoever manages the course.
  study_flash_card_deck: (viewer, deck) =>
    viewer.id !== null &&
    (deck.owner_id !== null ? deck.owner_id === viewer.id || deck.shared : deck.course !== null && (deck.course.open || managesOnlineCourse(viewer, deck.course.instructor_id))),
  edit_flash_card_deck: (viewer, deck) =>
    viewer.id !== null && (deck.owner_id !== null ? deck.owner_id === viewer.id : deck.course !== null && managesOnlineCourse(viewer, deck.course.instructor_id)),
  // The asker knows which reply solved it; moderators settle a thread whose asker has gone.
  edit_forum_post: (viewer, post) => viewer.id !== null && ((post.author_id !== null && post.author_id === viewer.id) || hasRole(viewer, ...FORUM_MODERATOR_ROLES)),
  accept_forum_answer: (viewer, post) => viewer.id !== null && ((post.author_id !== null && post.author_id === viewer.id) || hasRole(viewer, ...FORUM_MODERATOR_ROLES)),
  moderate_forum: (viewer) => viewer.id !== null && hasRole(viewer, ...FORUM_MODERATOR_ROLES),
  manage_faqs: (viewer) => viewer.id !== null && hasRole(viewer, ...FAQ_STAFF_ROLES),
  edit_blog_post: editsBlogPost,
  manage_polls: (viewer, target) =>
    "blog_post" in target
      ? editsBlogPost(viewer, target.blog_post)
      : viewer.id !== null && (hasRole(viewer, "admin", "manager") || (isInstructor(viewer) && target.course.instructor_ids.includes(viewer.id))),
  // A class's teacher while they still hold the teacher role; admins support every class.
  teach_class: (viewer, klass) => isAdmin(viewer) || (viewer.id !== null && hasRole(viewer, "teacher") && klass.members.some((m) => m.user_id === viewer.id && m.role === "teacher")),
  attend_class: (viewer, klass) => isAdmin(viewer) || (viewer.id !== null && klass.members.some((m) => m.user_id === viewer.id)),
  work_class_rep_course: (viewer, repCourse) => isAdmin(viewer) || (viewer.id !== null && viewer.id === repCourse.user_id),
};

/**
 * An admin who could set another admin's password or email, or strip or suspend them, could take
 * their account over: the same powers under another name, which `impersonate` refuses. So another
 * admin's sign-in details, roles and status are that admin's alone; other users' stay in admins'
 * hands (a student who lost their mailbox, granting a role). Roles are only ever an admin's to
 * give, never a user's own to take.
 */
function mayChangeAccountAccess(viewer: Viewer, user: UserSubject, change: AccountAccessChange): boolean {
  if (change === "roles") return isAdmin(viewer) && (isSelf(viewer, user) || !user.roles.includes("admin"));
  return isSelf(viewer, user) || (isAdmin(viewer) && !user.roles.includes("admin"));
}

/** Whether the viewer may take the action on the subject. Guests may take none of these. */
export function can<A extends Action>(viewer: Viewer, action: A, subject: Permissions[A]): boolean {
  // Own properties only: an action name such as "toString" must not reach Object.prototype.
  if (!Object.hasOwn(rules, action)) return false;
  const rule = rules[action] as (viewer: Viewer, subject: Permissions[A]) => boolean;
  return rule(viewer, subject) === true;
}
