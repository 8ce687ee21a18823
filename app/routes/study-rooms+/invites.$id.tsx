import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { metaFor } from "~/seo/page-meta";
import { offlineSafeAction } from "~/shell/offline-submission";
import { inviteAnswerSchema } from "~/study-rooms/forms";
import { answerInvite, findInvite } from "~/study-rooms/invites.server";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";

const ROUTE = "routes/study-rooms+/invites.$id";

/** An invite to a study room, for its invitee only: the plain form behind a missed ringing invite. */
async function inviteFor(userId: number, idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const invite = id === null ? undefined : await findInvite(id);
  if (!invite || invite.invitee_id !== userId) throw notFound("There is no such invite.");
  return invite;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const invite = await inviteFor(session.user.id, params.id);
  return { invite: { id: invite.id, status: invite.status, roomName: invite.room_name, roomSlug: invite.room_slug, inviterName: invite.inviter_name } };
}

/** POST intent=accept joins the room (and goes there); intent=decline ignores the invite. The ringing popup posts the same. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const invite = await inviteFor(session.user.id, params.id);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: inviteAnswerSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const answered = await answerInvite({ inviteId: invite.id, userId: session.user.id, answer: submission.value.intent, now: new Date() });
  if (answered.kind === "refused") return data({ result: submission.reply({ formErrors: [answered.message] }) }, { status: answered.status });
  // The ringing popup goes to the room itself, when STUDY_ROOM_INITIALIZED arrives.
  if (form.get("respond") === "data") return data({ result: submission.reply(), joined: answered.kind === "accepted" ? answered.slug : undefined });
  if (answered.kind === "accepted") throw await redirectWithToast(`/study-rooms/${answered.slug}`, { type: "success", message: `You joined ${invite.room_name}.` });
  throw await redirectWithToast("/notifications", { type: "success", message: `You ignored ${invite.inviter_name}'s invite.` });
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction();

export default function StudyRoomInvitePage() {
  const { invite } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="wrapper wrapper--narrow page">
      <h1 className="page-heading">{invite.inviterName} invited you to a study room</h1>
      <p>
        <strong>{invite.roomName}</strong>
      </p>
      <FormErrors errors={answer?.result?.error?.[""] ?? undefined} />
      {invite.status === "ringing" ? (
        <div className="study-room-invite__actions">
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="accept" />
            <button type="submit" className="button" disabled={busy}>
              Join the room
            </button>
          </Form>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="decline" />
            <button type="submit" className="button button--outline" disabled={busy}>
              Ignore
            </button>
          </Form>
        </div>
      ) : invite.status === "accepted" ? (
        <p>
          You joined this room. <Link to={`/study-rooms/${invite.roomSlug}`}>Go to the room</Link>
        </p>
      ) : (
        <p className="muted">{invite.status === "declined" ? "You ignored this invite." : `${invite.inviterName} withdrew this invite.`}</p>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) => metaFor(matches, { title: "Study room invite", description: "An invite to a study room.", path: "/study-rooms", noindex: true });
