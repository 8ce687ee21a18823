import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { ablyTransport } from "~/realtime/ably-transport";
import { userChannel, type ConnectionState, type RealtimeEvent } from "~/realtime/channels";
import { RealtimeClient, type RealtimeListener, type Transport } from "~/realtime/client";
import { sseTransport } from "~/realtime/sse-transport";
import { useRootData } from "~/shell/root-data";

export interface RealtimeSettings {
  transport: "ably" | "sse";
  userId: number;
  lastEventId: string | null;
}

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * Opens the signed-in user's realtime connection in the browser (nothing on the server, nothing
 * for guests) and shares it with every component below through useRealtime. Shows a notice while
 * the connection is down.
 */
export function RealtimeProvider({
  settings,
  children,
  createTransport = (name) => (name === "ably" ? ablyTransport() : sseTransport()),
}: {
  settings: RealtimeSettings | null;
  children: ReactNode;
  createTransport?: (name: RealtimeSettings["transport"]) => Transport;
}) {
  const [client, setClient] = useState<RealtimeClient | null>(null);
  const userId = settings?.userId;
  const transport = settings?.transport;
  const lastEventId = useRef(settings?.lastEventId ?? null);
  useEffect(() => {
    if (userId === undefined || !transport) return;
    const created = new RealtimeClient(createTransport(transport), { lastEventId: lastEventId.current });
    setClient(created);
    const online = () => created.reconnectNow();
    const offline = () => created.goOffline();
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      created.close();
      setClient(null);
    };
    // createTransport is fixed for the provider's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, transport]);
  return (
    <RealtimeContext.Provider value={client}>
      {children}
      {client ? <ConnectionNotice client={client} /> : null}
    </RealtimeContext.Provider>
  );
}

/**
 * Hears the channels' events (SPEC §7: connected, disconnected, rejected, received) while the
 * component is mounted. The same hook whichever transport the site uses.
 */
export function useRealtime(channels: readonly string[], listener: RealtimeListener) {
  const client = useContext(RealtimeContext);
  const latest = useRef(listener);
  latest.current = listener;
  const key = [...channels].sort().join(",");
  useEffect(() => {
    if (!client || !key) return;
    return client.subscribe(key.split(","), {
      received: (event) => latest.current.received?.(event),
      connected: () => latest.current.connected?.(),
      disconnected: () => latest.current.disconnected?.(),
      rejected: () => latest.current.rejected?.(),
    });
  }, [client, key]);
}

const noClient = () => () => undefined;

/** The connection's state; "connecting" on the server and before the browser connects. */
export function useConnectionState(): ConnectionState {
  const client = useContext(RealtimeContext);
  return useSyncExternalStore(
    client ? (notify) => client.onStateChange(notify) : noClient,
    () => client?.state ?? "connecting",
    () => "connecting",
  );
}

/** The signed-in user's own channel (notifications, push updates), or null for guests. */
export function useUserChannel(): string | null {
  const realtime = useRootData()?.realtime;
  return realtime ? userChannel(realtime.userId) : null;
}

/**
 * A count pushed on the user's channel (STANDARD_PUSH_UPDATE meta, or NEW_NOTIFICATION's
 * unread_count), starting from the loader's value and following it whenever the loader runs again.
 */
export function useLiveCount(key: "unread_notifications" | "unread_chat_messages", fromLoader: number, onEvent?: (event: RealtimeEvent) => void) {
  const [pushed, setPushed] = useState<number | null>(null);
  useEffect(() => setPushed(null), [fromLoader]);
  const channel = useUserChannel();
  useRealtime(channel ? [channel] : [], {
    received: (event) => {
      onEvent?.(event);
      const payload = event.payload as { unread_count?: unknown; meta?: Record<string, unknown> } | null;
      if (event.action === "NEW_NOTIFICATION" && key === "unread_notifications" && typeof payload?.unread_count === "number") {
        setPushed(payload.unread_count);
      } else if (event.action === "STANDARD_PUSH_UPDATE" && typeof payload?.meta?.[key] === "number") {
        setPushed(payload.meta[key] as number);
      }
    },
  });
  return pushed ?? fromLoader;
}

const NOTICE_STYLE = {
  position: "fixed",
  insetInline: 0,
  bottom: "1rem",
  margin: "0 auto",
  width: "fit-content",
  maxWidth: "90vw",
  padding: "0.5rem 1rem",
  borderRadius: "9999px",
  background: "var(--gray-12, #1c2024)",
  color: "var(--gray-1, #fff)",
  zIndex: 1000,
} as const;

function ConnectionNotice({ client }: { client: RealtimeClient }) {
  const state = useSyncExternalStore(
    (notify) => client.onStateChange(notify),
    () => client.state,
    () => client.state,
  );
  // A brief blip (a reconnect after a deploy) is not worth a notice.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (state !== "disconnected") return setVisible(false);
    const timer = setTimeout(() => setVisible(true), 1_000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <div role="status" aria-live="polite" hidden={!visible} style={NOTICE_STYLE}>
      {visible ? "You are offline. Live updates resume when the connection is back." : null}
    </div>
  );
}
