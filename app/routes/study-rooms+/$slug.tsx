import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { requireMutationAccess, requireRouteAccess } from "~/accounts/authorize.server";
import { can } from "~/accounts/policy/permissions";
import { viewerFor, type CurrentSession } from "~/accounts/session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FormErrors, FormField, SelectField } from "~/components/form-field";
import { notFound } from "~/errors/not-found.server";
import { roomChannel } from "~/realtime/channels";
import { useRealtime } from "~/realtime/realtime-provider";
import { useSettledRevalidate } from "~/realtime/use-settled-revalidate";
import { metaFor } from "~/seo/page-meta";
import { isOfflineAnswer, offlineSafeAction } from "~/shell/offline-submission";
import { BillingPanel } from "~/study-rooms/billing-panel";
import { roomBilling } from "~/study-rooms/billings.server";
import { ActiveBoard } from "~/study-rooms/active-board";
import { isBoardPush } from "~/study-rooms/board-pushes";
import { addRoomAttachment, listRoomAttachments, placeAttachmentOnBoard } from "~/study-rooms/attachments.server";
import { ROOM_ATTACHMENT_MESSAGES } from "~/study-rooms/attachment-files";
import { RoomFiles } from "~/study-rooms/room-files";
import { RoomVideo } from "~/study-rooms/video/room-video";
import { roomSchema } from "~/study-rooms/forms";
import { cancelInvite, inviteContacts, inviteToStudyRoom, spendInviteAllowance, userByEmail } from "~/study-rooms/invites.server";
import { activateWhiteboard, addWhiteboard, findStudyRoom, loadStudyRoom, recordPresence, removeFromStudyRoom } from "~/study-rooms/rooms.server";
import { PRESENCE_WINDOW_MS } from "~/study-rooms/rules";
import { parseElements } from "~/study-rooms/whiteboard";
import { redirectWithToast } from "~/toasts/toast.server";
import { pageCsrfToken } from "~/shell/request";
import { passRetryAfter, tooManyRequests } from "~/security/retry-after";

const ROUTE = "routes/study-rooms+/$slug";

/** The room and the viewer's place in it: a 404 for an unknown room, a 403 for anyone not in it. */
async function roomFor(session: CurrentSession, slug: string | undefined) {
  const found = slug ? await findStudyRoom(slug, session.user.id) : undefined;
  if (!found) throw notFound("There is no study room at this address.");
  const viewer = viewerFor(session);
  if (!can(viewer, "enter_study_room", found)) throw new Response("You are not in this study room. Ask someone in it to invite you.", { status: 403 });
  return { ...found, manages: can(viewer, "manage_study_room", found) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = (await requireRouteAccess(request, ROUTE))!;
  const { room, manages } = await roomFor(session, params.slug);
  const now = new Date();
  // Opening the room is being in it: the others see the viewer arrive.
  await recordPresence(room, session.user.id, now);
  const [loaded, contacts, billing, files] = await Promise.all([
    loadStudyRoom(room.id, now),
    inviteContacts(session.user.id, room.id),
    roomBilling(room.id, session.user.id),
    listRoomAttachments(room.id),
  ]);
  return {
    room: {
      slug: room.slug,
      name: room.name,
      tutoring: room.tutoring_session_id !== null,
      activeWhiteboardId: room.active_whiteboard_id,
    },
    viewerId: session.user.id,
    manages,
    members: loaded.members,
    whiteboards: loaded.whiteboards.map((board) => {
      const parsed = parseElements(board.elements);
      return {
        id: board.id,
        name: board.name,
        background: board.background,
        zoom: board.zoom,
        elements: parsed.ok ? parsed.elements : [],
      };
    }),
    invites: loaded.invites.map((invite) => ({
      id: invite.id,
      name: invite.invitee_name,
      mine: invite.inviter_id === session.user.id,
    })),
    contacts,
    billing,
    files,
  };
}

/** POST: invite, withdraw an invite, remove someone, leave, turn everyone to a board, add one, attach a file, place one on a board, or say "still here" — each by `intent`. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireMutationAccess(request, ROUTE);
  const { room, manages } = await roomFor(session, params.slug);
  const submission = parseWithZod(await request.formData(), {
    schema: roomSchema,
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const refuse = (message: string, status: number) => data({ result: submission.reply({ formErrors: [message] }) }, { status });
  const back = `/study-rooms/${room.slug}`;
  const now = new Date();
  const command = submission.value;
  switch (command.intent) {
    case "presence":
      await recordPresence(room, session.user.id, now);
      return data({ result: submission.reply() });
    case "invite": {
      const overLimit = await spendInviteAllowance(session.user.id, now);
      if (overLimit) return tooManyRequests({ result: submission.reply({ formErrors: [overLimit.message] }) }, overLimit.retryAfterSeconds);
      const inviteeId = command.user_id ?? (await userByEmail(command.email!))?.id;
      if (inviteeId === undefined)
        return data(
          {
            result: submission.reply({
              fieldErrors: {
                email: ["No one has an account with that email. Ask them to sign up first."],
              },
            }),
          },
          { status: 404 }
        );
      const invited = await inviteToStudyRoom({
        room,
        inviterId: session.user.id,
        inviteeId,
        now,
      });
      if (invited.kind === "refused") return refuse(invited.message, invited.status);
      throw await redirectWithToast(back, {
        type: "success",
        message: "Invite sent. It rings for them now, and waits in their notifications.",
      });
    }
    case "cancel_invite": {
      const cancelled = await cancelInvite({
        inviteId: command.invite_id,
        roomId: room.id,
        byUserId: session.user.id,
        managesRoom: manages,
        now,
      });
      if (cancelled.kind === "refused") return refuse(cancelled.message, cancelled.status);
      throw await redirectWithToast(back, {
        type: "success",
        message: "Invite withdrawn.",
      });
    }
    case "remove": {
      if (!manages) return refuse("Only the room's host can remove people.", 403);
      const removed = await removeFromStudyRoom({
        room,
        userId: command.user_id,
        now,
      });
      if (removed.kind === "refused") return refuse(removed.message, removed.status);
      throw await redirectWithToast(back, {
        type: "success",
        message: "Removed from the room.",
      });
    }
    case "leave": {
      const left = await removeFromStudyRoom({
        room,
        userId: session.user.id,
        now,
      });
      if (left.kind === "refused") return refuse(left.message, left.status);
      throw await redirectWithToast("/study-rooms", {
        type: "success",
        message: `You left ${room.name}.`,
      });
    }
    case "add_board": {
      const added = await addWhiteboard({
        room,
        name: command.name,
        userId: session.user.id,
      });
      if (added.kind === "refused") return refuse(added.message, added.status);
      throw redirect(back);
    }
    case "attach": {
      const attached = await addRoomAttachment({ room, userId: session.user.id, fileName: command.file.name, bytes: new Uint8Array(await command.file.arrayBuffer()) });
      if (attached.kind === "refused") return data({ result: submission.reply({ fieldErrors: { file: [attached.message] } }) }, { status: attached.status });
      throw await redirectWithToast(back, { type: "success", message: ROOM_ATTACHMENT_MESSAGES.added(attached.name) });
    }
    case "place": {
      const placed = await placeAttachmentOnBoard({ room, boardId: command.board_id, attachmentId: command.attachment_id, userId: session.user.id, now });
      if (placed.kind === "refused") return refuse(placed.message, placed.status);
      throw await redirectWithToast(back, { type: "success", message: ROOM_ATTACHMENT_MESSAGES.placed(placed.name, placed.boardName) });
    }
    case "activate_board": {
      const activated = await activateWhiteboard({
        room,
        boardId: command.board_id,
      });
      if (activated.kind === "refused") return refuse(activated.message, activated.status);
      throw redirect(back);
    }
  }
}

// Sent by a script, the form keeps its page when the connection is gone.
export const clientAction = offlineSafeAction({ background: (form) => form.get("intent") === "presence" });

/** The heartbeat changes nothing on the page: no reload after it. */
export const headers = passRetryAfter;

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("respond") === "data" || isOfflineAnswer(actionResult) ? false : defaultShouldRevalidate;

const ROLE_LABELS = {
  host: "host",
  tutor: "tutor",
  student: "student",
  guest: null,
} as const;
/** How often an open room page says "still here": well within the presence window. */
const HEARTBEAT_MS = PRESENCE_WINDOW_MS / 2;

export default function StudyRoomPage() {
  const { room, viewerId, manages, members, whiteboards, invites, contacts, billing, files } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const revalidate = useSettledRevalidate();
  const heartbeat = useFetcher();
  useRealtime([roomChannel(room.slug)], {
    received: (event) => {
      // Board edits go to the live board, not through a reload of the page.
      if (event.action === "STANDARD_PUSH_UPDATE" && !isBoardPush(event.payload)) revalidate();
    },
    // Whoever arrived between the page's load and the channel's opening shows up now.
    connected: () => revalidate(),
  });
  const submitHeartbeat = heartbeat.submit;
  useEffect(() => {
    const timer = setInterval(() => {
      // The page's token, which a refused submission's retry replaces; a form's field keeps the first until the shell reloads.
      const csrf = pageCsrfToken.get();
      submitHeartbeat({ intent: "presence", respond: "data", csrf_token: csrf }, { method: "post" });
    }, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [submitHeartbeat]);
  const active = whiteboards.find((board) => board.id === room.activeWhiteboardId) ?? whiteboards[0];
  const here = members.filter((member) => member.present);
  const names = Object.fromEntries(members.map((member) => [member.id, member.name]));
  return (
    <div className="study-room page">
      <header className="study-room__bar">
        <Link to="/study-rooms">All study rooms</Link>
        <h1 className="page-heading study-room__title">{room.name}</h1>
        {room.tutoring ? <span className="muted">Tutoring room</span> : null}
      </header>
      <FormErrors errors={answer?.result?.error?.[""] ?? undefined} />
      <noscript>
        <p className="study-room__notice">Live video and drawing together need JavaScript. Without it you can see who is here and the boards, and invite people.</p>
      </noscript>

      <div className="study-room__layout">
        <div className="study-room__main">
          <RoomVideo slug={room.slug} viewerId={viewerId} members={members} />
          <section aria-labelledby="boards-heading" className="study-room__boards" data-tour="study-room-whiteboard">
            <h2 className="section-heading" id="boards-heading">
              Whiteboards
            </h2>
            {active ? <ActiveBoard slug={room.slug} board={active} names={names} viewerId={viewerId} caption={`${active.name} (everyone sees this board)`} /> : null}
            <ul className="study-room__board-list" aria-label="Boards">
              {whiteboards.map((board) => (
                <li key={board.id}>
                  {board.id === active?.id ? (
                    <strong aria-current="true">{board.name}</strong>
                  ) : (
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="activate_board" />
                      <input type="hidden" name="board_id" value={board.id} />
                      <button type="submit" className="button button--soft" disabled={busy}>
                        Show {board.name}
                      </button>
                    </Form>
                  )}
                </li>
              ))}
              <li>
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="add_board" />
                  <button type="submit" className="button button--outline" disabled={busy}>
                    New board
                  </button>
                </Form>
              </li>
            </ul>
          </section>
        </div>

        <aside className="study-room__side">
          <section aria-labelledby="people-heading" data-tour="study-room-participants">
            <h2 className="section-heading" id="people-heading">
              People ({here.length} here)
            </h2>
            <ul className="tutoring-list">
              {members.map((member) => (
                <li key={member.id} className="tutoring-row">
                  <strong>
                    {member.name}
                    {member.id === viewerId ? " (you)" : ""}
                  </strong>
                  <span className="muted">
                    {member.present ? "In the room" : "Away"}
                    {ROLE_LABELS[member.role] ? ` · ${ROLE_LABELS[member.role]}` : ""}
                  </span>
                  {manages && member.id !== viewerId && member.role !== "host" ? (
                    <Form method="post" className="tutoring-row__actions">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="user_id" value={member.id} />
                      <button type="submit" className="button button--outline" disabled={busy} aria-label={`Remove ${member.name} from the room`}>
                        Remove
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
            {invites.length > 0 ? (
              <>
                <h3 className="study-room__subheading">Invited, not answered yet</h3>
                <ul className="tutoring-list">
                  {invites.map((invite) => (
                    <li key={invite.id} className="tutoring-row">
                      <span>{invite.name}</span>
                      {invite.mine || manages ? (
                        <Form method="post" className="tutoring-row__actions">
                          <CsrfInput />
                          <input type="hidden" name="intent" value="cancel_invite" />
                          <input type="hidden" name="invite_id" value={invite.id} />
                          <button type="submit" className="button button--outline" disabled={busy} aria-label={`Withdraw the invite to ${invite.name}`}>
                            Withdraw
                          </button>
                        </Form>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>

          {billing ? (
            <div style={{ marginTop: "var(--space-5)" }}>
              <BillingPanel billing={billing.billing} side={billing.side} slug={room.slug} />
            </div>
          ) : null}

          <section aria-labelledby="invite-heading" data-tour="study-room-invite" style={{ marginTop: "var(--space-5)" }}>
            <h2 className="section-heading" id="invite-heading">
              Invite someone
            </h2>
            <InviteForm contacts={contacts} result={answer?.result} busy={busy} />
          </section>

          <RoomFiles slug={room.slug} files={files} board={active ? { id: active.id, name: active.name } : null} errors={answer?.result?.error?.file ?? undefined} busy={busy} />

          {members.find((member) => member.id === viewerId)?.role !== "host" ? (
            <Form method="post" style={{ marginTop: "var(--space-5)" }}>
              <CsrfInput />
              <input type="hidden" name="intent" value="leave" />
              <button type="submit" className="button button--outline" disabled={busy}>
                Leave this room
              </button>
            </Form>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

type FormResult =
  | {
      error?: Record<string, string[] | null> | null;
      initialValue?: Record<string, unknown> | null;
    }
  | undefined;

function InviteForm({ contacts, result, busy }: { contacts: { id: number; name: string }[]; result: FormResult; busy: boolean }) {
  const sent = result?.initialValue?.intent === "invite" ? result : undefined;
  return (
    <Form method="post" className="tutoring-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="invite" />
      {contacts.length > 0 ? (
        <SelectField label="Someone you know" id="invite-user" name="user_id" defaultValue="" errors={sent?.error?.user_id ?? undefined}>
          <option value="">Choose a person</option>
          {contacts.map((contact) => (
            <option key={contact.id} value={contact.id}>
              {contact.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <FormField
        label={contacts.length > 0 ? "Or the email of their account" : "The email of their account"}
        id="invite-email"
        name="email"
        type="email"
        autoComplete="off"
        defaultValue={typeof sent?.initialValue?.email === "string" ? sent.initialValue.email : undefined}
        errors={sent?.error?.email ?? undefined}
      />
      <div>
        <button type="submit" className="button" disabled={busy}>
          Invite
        </button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  metaFor(matches, {
    title: data ? `${data.room.name} — study room` : "Study room",
    description: "A study room.",
    path: "/study-rooms",
    noindex: true,
  });
