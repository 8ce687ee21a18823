import { TRACKING_CALLBACK_FALLBACK_MS } from "~/tracking/landing-pages";

/**
 * Sends tracking events from the browser (SPEC §7), and only while the visitor allows analytics
 * (the server refuses them otherwise too). navigator.sendBeacon first: the browser delivers it
 * even while the page unloads, so navigation never waits. When it is missing or refuses, a
 * keepalive fetch that is given up after 1 s (SPEC §9's callback fallback).
 */
let enabled = false;

export function setTrackingEnabled(allowed: boolean) {
  enabled = allowed;
}

export interface OutgoingEvent {
  type: string;
  target_id?: string | number | null;
  target_type?: string | null;
  parameters?: Record<string, unknown>;
}

const DEVICE_KEY = "device_uuid";

function randomUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This browser's random id, kept in localStorage (made on the first event after consent). */
export function deviceUuid(): string {
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept) return kept;
    const made = randomUuid();
    localStorage.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    // Storage blocked: an id for this page only.
    return randomUuid();
  }
}

interface UserAgentData {
  brands?: { brand: string; version: string }[];
  platform?: string;
  mobile?: boolean;
}

function deviceInfo(): Record<string, unknown> {
  const agentData = (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData;
  const brand = agentData?.brands?.find((entry) => !/not.?a.?brand/i.test(entry.brand) && entry.brand !== "Chromium") ?? agentData?.brands?.[0];
  return {
    platform: "web",
    os: agentData?.platform || navigator.platform || null,
    browser: brand ? `${brand.brand} ${brand.version}` : navigator.userAgent.slice(0, 200),
    mobile: agentData?.mobile ?? /Mobi/i.test(navigator.userAgent),
    screen: { width: window.screen.width, height: window.screen.height },
    language: navigator.language,
  };
}

/** Queued by the browser, or false: missing, refused (too large, queue full) or thrown (older browsers refuse a JSON Blob). */
function beacon(body: string): boolean {
  try {
    return typeof navigator.sendBeacon === "function" && navigator.sendBeacon("/tracking_events", new Blob([body], { type: "application/json" }));
  } catch {
    return false;
  }
}

function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? "";
}

/** Sends one event if the visitor allows analytics; never throws, never makes anyone wait. */
export function sendTrackingEvent(event: OutgoingEvent): void {
  if (!enabled || typeof window === "undefined") return;
  try {
    const token = csrfToken();
    const trackingEvent = { ...event, device_uuid: deviceUuid(), device_info: deviceInfo() };
    const body = JSON.stringify({ csrf_token: token, tracking_event: trackingEvent });
    if (beacon(body)) return;
    const controller = new AbortController();
    const giveUp = window.setTimeout(() => controller.abort(), TRACKING_CALLBACK_FALLBACK_MS);
    void fetch("/tracking_events", {
      method: "PUT",
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
      body: JSON.stringify({ tracking_event: trackingEvent }),
      signal: controller.signal,
    })
      .catch(() => undefined)
      .finally(() => window.clearTimeout(giveUp));
  } catch {
    // Tracking never breaks the page.
  }
}
