import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { readAnswers } from "~/community/poll-forms";
import { answerPoll, findPoll, pollsFor } from "~/community/polls.server";
import { PollCard } from "~/community/polls-section";
import { notFound } from "~/errors/not-found.server";
import { metaFor } from "~/seo/page-meta";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/polls.$id";

/** The poll, with whether the viewer is staff there; a poll on an unpublished post is only its editors'. */
async function pollFor(session: CurrentSession | null, idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const poll = id === null ? null : await findPoll(id);
  const viewer = viewerFor(session);
  const staff = poll !== null && can(viewer, "manage_polls", poll.ref);
  if (!poll || (!poll.public && !staff)) throw notFound("There is no such poll.");
  return { poll, viewer, staff };
}

/** GET /polls/{id}: one poll or survey on its own (where a refused answer is shown again with its messages). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const { poll, viewer, staff } = await pollFor(session, params.id);
  const [view] = await pollsFor(viewer, { pollId: poll.id }, staff);
  return { poll: view!, path: poll.path, signedIn: session !== null };
}

/** POST /polls/{id}: a signed-in person's answers, once; then back to the page the poll is on, where the results now show. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const { poll } = await pollFor(session, params.id);
  const form = Object.fromEntries(await request.formData());
  const read = readAnswers(poll.questions, form);
  if (!read.ok) return data({ errors: read.errors }, { status: 400 });
  const outcome = await answerPoll(poll.id, session.user.id, read.answers);
  const back = `${poll.path}#poll-${poll.id}`;
  throw await redirectWithToast(
    back,
    outcome === "answered" ? { type: "success", message: "Thanks: your answer is in." } : { type: "info", message: "You had already answered this one." },
    { status: 303 },
  );
}

export default function PollPage() {
  const { poll, path, signedIn } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="wrapper wrapper--medium page">
      <p>
        <Link to={path}>Back to the page</Link>
      </p>
      <PollCard poll={poll} signedIn={signedIn} returnPath={path} errors={answer?.errors} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) =>
  metaFor(matches, { title: loaded ? loaded.poll.title : "Poll", description: "A poll.", path: loaded ? `/polls/${loaded.poll.id}` : "/", noindex: true });
