import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { pollsFor, targetRef, type PollTarget } from "~/community/polls.server";

/**
 * The polls of a public page (a blog post, a course page) for its loader, ready for
 * `<PollsSection {...data.polls} />`. For a guest it holds no one's answers, so the page stays
 * the same for every guest and may be kept in the guest page cache.
 */
export async function pagePolls(session: CurrentSession | null, target: PollTarget, returnPath: string) {
  const viewer = viewerFor(session);
  const where = session ? await targetRef(target) : null;
  const staff = where !== null && can(viewer, "manage_polls", where.ref);
  return { polls: await pollsFor(viewer, target, staff), signedIn: session !== null, returnPath, newPollPath: staff ? newPollPath(target, returnPath) : null };
}

function newPollPath(target: PollTarget, returnPath: string) {
  return "blogPostId" in target ? `/polls/new?blog_post_id=${target.blogPostId}` : `/polls/new?course=${encodeURIComponent(returnPath.replace(/^\/courses\//, ""))}`;
}
