import { Link } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { isSoundMuted, playCoinSound, setSoundMuted } from "~/notifications/coin-sound";
import { groupNotifications, groupTitle, notificationLink, type NotificationGroup, type NotificationItem } from "~/notifications/groups";
import { CountBadge } from "~/realtime/badge";
import { useLiveCount } from "~/realtime/realtime-provider";
import { ListCache } from "~/shell/list-cache";
import { request } from "~/shell/request";
import { useRootData } from "~/shell/root-data";

const DROPDOWN_GROUPS = 5;

interface NotificationRecord {
  id: string;
  attributes: { type: string; group_key: string | null; read: boolean; data: Record<string, unknown> | null; created_at: string };
}

/** The bell's last list, shown at once when it opens again; a new notification or marking read drops it. */
const bellLists = new ListCache<NotificationGroup[]>();

function toItem({ id, attributes }: NotificationRecord): NotificationItem {
  return { id, type: attributes.type, group_key: attributes.group_key, read: attributes.read, data: attributes.data ?? {}, created_at: attributes.created_at };
}

/**
 * The bell's list through the request helper (GET /api/v1/notifications): a dropped connection
 * shows a toast and leaves the page as it is. `failed` is the message to show in the panel.
 */
function useBellList(userKey: string) {
  const [groups, setGroups] = useState<NotificationGroup[] | undefined>(() => bellLists.get(userKey, Date.now()));
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(
    async (fresh: boolean) => {
      const cached = fresh ? undefined : bellLists.get(userKey, Date.now());
      if (cached) {
        setGroups(cached);
        return;
      }
      const answer = await request<{ data: NotificationRecord[] }>("/api/v1/notifications");
      if (!answer.ok) {
        setFailed(answer.message);
        return;
      }
      const list = groupNotifications(answer.data.data.map(toItem));
      bellLists.set(userKey, list, Date.now());
      setFailed(null);
      setGroups(list);
    },
    [userKey],
  );
  const forget = useCallback(() => bellLists.delete(userKey), [userKey]);
  return { groups, failed, load, forget };
}

/**
 * The app bar's bell: the unread count, raised live by NEW_NOTIFICATION (a TokenCredit one plays
 * the coin sound unless muted). Without JavaScript it is a link to /notifications; with it, a
 * dropdown of the newest groups.
 */
export function NotificationBell() {
  const root = useRootData();
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const list = useBellList(`notifications:${root?.currentUser?.id ?? ""}`);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);
  const unread = useLiveCount("unread_notifications", root?.realtime?.unreadNotifications ?? 0, (event) => {
    if (event.action !== "NEW_NOTIFICATION") return;
    const type = (event.payload as { notification?: { attributes?: { type?: string } } })?.notification?.attributes?.type;
    if (type === "TokenCredit") playCoinSound();
    list.forget();
    if (open) void list.load(true);
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    const onClick = (event: MouseEvent) => !wrapper.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);
  if (!root?.realtime) return null;
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <div ref={wrapper} style={{ position: "relative" }}>
      <Link
        data-shell="notifications-link"
        to="/notifications"
        aria-label={label}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={hydrated ? panelId : undefined}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          if (!open) void list.load(false);
          setOpen(!open);
        }}
        style={{ display: "inline-flex", alignItems: "center", gap: 4, color: "inherit" }}
      >
        <BellIcon />
        <CountBadge count={unread} testId="notification-count" />
      </Link>
      {open ? (
        <div id={panelId} role="region" aria-label="Latest notifications" style={PANEL_STYLE}>
          <DropdownBody
            groups={list.groups}
            failed={list.failed}
            onMarkedRead={() => {
              list.forget();
              void list.load(true);
            }}
            onNavigate={() => setOpen(false)}
          />
        </div>
      ) : null}
    </div>
  );
}

function DropdownBody({
  groups,
  failed,
  onMarkedRead,
  onNavigate,
}: {
  groups?: NotificationGroup[];
  failed: string | null;
  onMarkedRead: () => void;
  onNavigate: () => void;
}) {
  const [muted, setMuted] = useState(isSoundMuted);
  const [marking, setMarking] = useState(false);
  const [markError, setMarkError] = useState<string | null>(null);
  if (!groups) return <p style={{ margin: 0 }}>{failed ?? "Loading…"}</p>;
  return (
    <div style={{ display: "grid", gap: 8 }}>
      {groups.length === 0 ? <p style={{ margin: 0 }}>No notifications yet.</p> : null}
      <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }}>
        {groups.slice(0, DROPDOWN_GROUPS).map((group) => {
          const link = group.items[0] ? notificationLink(group.items[0]) : null;
          return (
            <li key={group.key} style={{ fontWeight: group.unread ? 600 : 400 }}>
              {link ? (
                <a href={link} onClick={onNavigate}>
                  {groupTitle(group)}
                </a>
              ) : (
                groupTitle(group)
              )}
            </li>
          );
        })}
      </ul>
      {markError ? (
        <p role="alert" style={{ margin: 0 }}>
          {markError}
        </p>
      ) : null}
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap", alignItems: "center" }}>
        <Link to="/notifications" onClick={onNavigate}>
          See all notifications
        </Link>
        <form
          method="post"
          action="/notifications"
          onSubmit={async (event) => {
            event.preventDefault();
            setMarking(true);
            const answer = await request("/api/v1/notifications/mark_all_as_read", { method: "PUT" });
            setMarking(false);
            setMarkError(answer.ok || answer.offline ? null : answer.message);
            if (answer.ok) onMarkedRead();
          }}
        >
          <CsrfInput />
          <input type="hidden" name="intent" value="mark_all_as_read" />
          <button type="submit" disabled={marking}>
            Mark all as read
          </button>
        </form>
        <button
          type="button"
          aria-pressed={muted}
          onClick={() => {
            setSoundMuted(!muted);
            setMuted(!muted);
          }}
        >
          {muted ? "Sound off" : "Sound on"}
        </button>
      </div>
    </div>
  );
}

const PANEL_STYLE = {
  position: "absolute",
  right: 0,
  top: "calc(100% + 8px)",
  width: "min(22rem, 90vw)",
  padding: 12,
  borderRadius: 8,
  background: "var(--color-panel-solid, #fff)",
  boxShadow: "var(--shadow-5, 0 8px 24px rgba(0,0,0,.2))",
  zIndex: 50,
} as const;

function BellIcon() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}
