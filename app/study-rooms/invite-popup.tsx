import { useFetcher, useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { CSRF_FIELD } from "~/components/csrf-input";
import { playRingSound } from "~/notifications/coin-sound";
import { useRealtime, useUserChannel } from "~/realtime/realtime-provider";
import { isOfflineAnswer, tellOffline } from "~/shell/offline-submission";
import { usePreloadedRouteModule } from "~/shell/preload-route-module";
import { useRootData } from "~/shell/root-data";

/** STUDY_ROOM_INVITE's payload (app/study-rooms/invites.server.ts InvitePush). */
interface Invite {
  invite_id: number;
  room_name: string;
  inviter_name: string;
  inviter_avatar: string | null;
  expires_in_ms: number;
}

const RING_EVERY_MS = 2_000;
/** Joining waits this long for STUDY_ROOM_INITIALIZED before going to the room anyway. */
const JOIN_FALLBACK_MS = 4_000;

const isInvite = (value: unknown): value is Invite =>
  typeof value === "object" && value !== null && typeof (value as Invite).invite_id === "number" && typeof (value as Invite).inviter_name === "string";

/**
 * The ringing invite (SPEC §2, §4), wherever the user is in the app: the inviter's avatar and
 * name, Enter joins ("Joining", then the room once STUDY_ROOM_INITIALIZED names it), Ignore
 * declines; gone after its time (9 s) or when the inviter withdraws it. A missed invite stays in
 * the notifications, with a plain form to join.
 */
export function StudyRoomInvitePopup() {
  const channel = useUserChannel();
  const csrf = useRootData()?.csrfToken ?? "";
  const navigate = useNavigate();
  const answer = useFetcher<{ joined?: string }>();
  usePreloadedRouteModule("routes/study-rooms+/invites.$id");
  const [invite, setInvite] = useState<Invite | null>(null);
  const [joining, setJoining] = useState(false);
  const joinButton = useRef<HTMLButtonElement>(null);

  useRealtime(channel ? [channel] : [], {
    received: (event) => {
      if (event.action === "STUDY_ROOM_INVITE" && isInvite(event.payload)) {
        setJoining(false);
        setInvite(event.payload);
      } else if (event.action === "STUDY_ROOM_CANCEL_INVITE") {
        const cancelled = (event.payload as { invite_id?: unknown }).invite_id;
        setInvite((current) => (current && current.invite_id === cancelled ? null : current));
      } else if (event.action === "STUDY_ROOM_INITIALIZED") {
        const slug = (event.payload as { friendly_id?: unknown }).friendly_id;
        if (typeof slug === "string") {
          setInvite(null);
          navigate(`/study-rooms/${slug}`);
        }
      }
    },
  });

  // Rings while it shows, and goes by itself after its time unless the user is joining.
  useEffect(() => {
    if (!invite || joining) return;
    playRingSound();
    const ring = setInterval(playRingSound, RING_EVERY_MS);
    const expire = setTimeout(() => setInvite(null), invite.expires_in_ms);
    return () => {
      clearInterval(ring);
      clearTimeout(expire);
    };
  }, [invite, joining]);

  const submitAnswer = answer.submit;
  const respond = useCallback(
    (intent: "accept" | "decline") => {
      if (!invite) return;
      // Known to be offline: nothing is sent and the invite rings on (the answer would say the same).
      if (!navigator.onLine) {
        tellOffline();
        return;
      }
      submitAnswer({ intent, respond: "data", [CSRF_FIELD]: csrf }, { method: "post", action: `/study-rooms/invites/${invite.invite_id}` });
      if (intent === "accept") setJoining(true);
      else setInvite(null);
    },
    [invite, csrf, submitAnswer],
  );

  // Enter joins, unless the user is typing somewhere.
  useEffect(() => {
    if (!invite || joining) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable='true']")) return;
      if (target?.closest("button, a") && target !== joinButton.current) return;
      event.preventDefault();
      respond("accept");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [invite, joining, respond]);

  // Not sent (the connection is gone, as the toast says): the invite rings on, to try again.
  const notSent = answer.state === "idle" && isOfflineAnswer(answer.data);
  useEffect(() => {
    if (notSent) setJoining(false);
  }, [notSent]);

  // The room is ready when the server says so; should that push be lost, go anyway.
  const joined = answer.data?.joined;
  useEffect(() => {
    if (!joining || !joined) return;
    const fallback = setTimeout(() => {
      setInvite(null);
      navigate(`/study-rooms/${joined}`);
    }, JOIN_FALLBACK_MS);
    return () => clearTimeout(fallback);
  }, [joining, joined, navigate]);

  if (!invite) return null;
  // The buttons answer through `respond`, which also keeps the popup in step.
  const answerWith = (event: MouseEvent, intent: "accept" | "decline") => {
    event.preventDefault();
    respond(intent);
  };
  const initials = invite.inviter_name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="room-invite" role="alertdialog" aria-labelledby="room-invite-title" aria-describedby="room-invite-room">
      {invite.inviter_avatar ? <img className="room-invite__avatar" src={invite.inviter_avatar} alt="" width={48} height={48} /> : <span className="room-invite__avatar" aria-hidden="true">{initials}</span>}
      <div className="room-invite__text">
        <p id="room-invite-title" className="room-invite__title">
          {invite.inviter_name} invites you to a study room
        </p>
        <p id="room-invite-room" className="muted">
          {joining ? "Joining…" : `${invite.room_name} · press Enter to join`}
        </p>
      </div>
      {joining ? null : (
        // The form's data-discover has the router learn the invite's route while the connection is up.
        <answer.Form method="post" action={`/study-rooms/invites/${invite.invite_id}`} className="room-invite__actions" data-discover="true">
          <button ref={joinButton} type="submit" name="intent" value="accept" className="button" onClick={(event) => answerWith(event, "accept")}>
            Join
          </button>
          <button type="submit" name="intent" value="decline" className="button button--outline" onClick={(event) => answerWith(event, "decline")}>
            Ignore
          </button>
        </answer.Form>
      )}
    </div>
  );
}
