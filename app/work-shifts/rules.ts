import { z } from "zod";

/**
 * Work shifts (SPEC §1, §3, §4), pure: who may sign up or withdraw and why not, the list's form
 * and words, and the browser's optimistic signup state (SPEC §4) with the real-time update every
 * viewer of /work-shifts hears (§7 STANDARD_PUSH_UPDATE). The staff's form is shift-form.ts.
 */

/** One signup as the list shows it: the person by first name and last initial. */
export interface ShiftSignup {
  id: number;
  work_shift_id: number;
  user_id: number;
  name: string;
}

/** What the refusals need to know about a shift. */
export interface ShiftFacts {
  starts_at: Date;
  seats: number;
  seats_taken: number;
}

export type RefusalCode = "not_found" | "started" | "full" | "already_signed_up" | "not_signed_up";

export const REFUSAL_MESSAGES: Record<RefusalCode, string> = {
  not_found: "That shift is no longer on the list.",
  started: "That shift has already started.",
  full: "That shift is full: the last seat went to someone else.",
  already_signed_up: "You are already signed up for that shift.",
  not_signed_up: "You are not signed up for that shift.",
};

export interface Refusal {
  code: RefusalCode;
  message: string;
}

export const refusal = (code: RefusalCode): Refusal => ({ code, message: REFUSAL_MESSAGES[code] });

/** Why the user cannot sign up for the shift now, or null when they can. */
export function signUpRefusal(shift: ShiftFacts | undefined, signedUp: boolean, now: Date): Refusal | null {
  if (!shift) return refusal("not_found");
  if (shift.starts_at.getTime() <= now.getTime()) return refusal("started");
  if (signedUp) return refusal("already_signed_up");
  if (shift.seats_taken >= shift.seats) return refusal("full");
  return null;
}

/** Why the user cannot withdraw from the shift now, or null when they can: a started shift keeps its people. */
export function withdrawRefusal(shift: ShiftFacts | undefined, signedUp: boolean, now: Date): Refusal | null {
  if (!shift) return refusal("not_found");
  if (shift.starts_at.getTime() <= now.getTime()) return refusal("started");
  if (!signedUp) return refusal("not_signed_up");
  return null;
}

export const SIGNUP_DONE_MESSAGES = {
  signed_up: (title: string) => `You are signed up for ${title}.`,
  withdrawn: (title: string) => `You withdrew from ${title}.`,
  created: (title: string) => `${title} is published.`,
};

// ── Words ──────────────────────────────────────────────────────────────────────────────────

/** "3 of 5 seats taken". */
export function seatsLabel(taken: number, seats: number): string {
  return `${taken} of ${seats} ${seats === 1 ? "seat" : "seats"} taken`;
}

/** "2 seats left", "1 seat left", "Full". */
export function seatsLeftLabel(taken: number, seats: number): string {
  const left = Math.max(0, seats - taken);
  if (left === 0) return "Full";
  return `${left} ${left === 1 ? "seat" : "seats"} left`;
}

/** Where the shift happens: its place, or "Online" when it has none. */
export function placeLabel(location: string | null): string {
  return location ?? "Online";
}

/** "Leah O.": first name and last initial, as other people see a signup. */
export function signupName(firstName: string | null, lastName: string | null): string {
  const first = (firstName ?? "").trim();
  const initial = (lastName ?? "").trim().charAt(0);
  return [first, initial ? `${initial.toUpperCase()}.` : ""].filter(Boolean).join(" ") || "Someone";
}

// ── Forms ──────────────────────────────────────────────────────────────────────────────────

const shiftId = z.coerce.number({ error: "Choose a shift" }).int("Choose a shift").positive("Choose a shift").max(2_147_483_647, "Choose a shift");

/** A signup toggle from the list: sign up or withdraw. `respond=data` is the page's script asking for data instead of a redirect. */
export const signupFormSchema = z.object({
  intent: z.enum(["sign_up", "withdraw"], { error: "Choose to sign up or withdraw" }),
  shift_id: shiftId,
  respond: z.literal("data").optional(),
});

// ── Signup updates: the server's answer to a toggle and the real-time push ─────────────────

/** What changed on one shift: signups added and the one deleted, with the seat count after. */
export interface SignupUpdate {
  work_shift_id: number;
  seats_taken: number;
  signups: ShiftSignup[];
  deleted_id: number | null;
}

export const SIGNUP_RECORD_TYPE = "workShiftUser";

/** The STANDARD_PUSH_UPDATE document for an update: the new signups as records, the deleted id under meta.destroy (SPEC §4). */
export function signupPushPayload(update: SignupUpdate) {
  return {
    data: update.signups.map((signup) => ({
      id: String(signup.id),
      type: SIGNUP_RECORD_TYPE,
      attributes: { name: signup.name, user_id: signup.user_id, work_shift_id: signup.work_shift_id },
      relationships: { user: { data: { type: "user", id: String(signup.user_id) } }, workShift: { data: { type: "workShift", id: String(signup.work_shift_id) } } },
    })),
    meta: {
      work_shift: { id: update.work_shift_id, seats_taken: update.seats_taken },
      destroy: { workShiftUsers: update.deleted_id === null ? [] : [String(update.deleted_id)] },
    },
  };
}

const positive = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null);
const numericId = (value: unknown) => (typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

/** Reads a pushed document back into an update; null for any other push (a chat's, a count's). */
export function parseSignupPush(payload: unknown): SignupUpdate | null {
  if (!payload || typeof payload !== "object") return null;
  const { data, meta } = payload as { data?: unknown; meta?: { work_shift?: { id?: unknown; seats_taken?: unknown }; destroy?: { workShiftUsers?: unknown } } };
  const shiftId = positive(meta?.work_shift?.id);
  const seatsTaken = meta?.work_shift?.seats_taken;
  if (shiftId === null || typeof seatsTaken !== "number" || !Array.isArray(data)) return null;
  const signups: ShiftSignup[] = [];
  for (const record of data) {
    const { type, id, attributes } = (record ?? {}) as { type?: unknown; id?: unknown; attributes?: { name?: unknown; user_id?: unknown; work_shift_id?: unknown } };
    const signupId = numericId(id);
    const userId = positive(attributes?.user_id);
    if (type !== SIGNUP_RECORD_TYPE || signupId === null || userId === null || attributes?.work_shift_id !== shiftId || typeof attributes.name !== "string") continue;
    signups.push({ id: signupId, work_shift_id: shiftId, user_id: userId, name: attributes.name });
  }
  const destroyed = Array.isArray(meta?.destroy?.workShiftUsers) ? meta.destroy.workShiftUsers.map(numericId) : [];
  return { work_shift_id: shiftId, seats_taken: seatsTaken, signups, deleted_id: destroyed[0] ?? null };
}

// ── The browser's optimistic state (SPEC §4) ───────────────────────────────────────────────

/** A signup the page shows: one the server has, or a temporary one whose id is the toggle's cache key. */
export interface ShownSignup extends Omit<ShiftSignup, "id"> {
  id: number | string;
}

type PendingToggle = { shiftId: number; kind: "add"; added: ShownSignup } | { shiftId: number; kind: "remove"; removed: ShownSignup };

export interface SignupState {
  signups: ShownSignup[];
  /** Toggles sent and not yet answered, by cache key: what to revert if they fail. */
  pending: Record<string, PendingToggle>;
  /** The last failure per shift, shown beside it. */
  errors: Record<number, string>;
  /** Ids the server deleted: a late push or a revert never brings them back. */
  deleted: number[];
}

export type SignupEvent =
  | { type: "loaded"; signups: ShiftSignup[] }
  | { type: "toggle"; shiftId: number; user: { id: number; name: string }; cacheKey: string }
  | { type: "succeeded"; cacheKey: string; update: SignupUpdate }
  | { type: "failed"; cacheKey: string; error: string }
  | { type: "pushed"; update: SignupUpdate };

export function initialSignupState(signups: readonly ShiftSignup[]): SignupState {
  return { signups: [...signups], pending: {}, errors: {}, deleted: [] };
}

const withoutKey = <T>(record: Record<string, T>, key: string | number) => {
  const { [key]: _dropped, ...rest } = record;
  return rest;
};

/** Adds the server's signups (none twice, none deleted) and removes the deleted id; a temporary signup of the same person on the shift gives way to the real one. */
function applyUpdate(state: SignupState, update: SignupUpdate): SignupState {
  const deleted = update.deleted_id === null || state.deleted.includes(update.deleted_id) ? state.deleted : [...state.deleted, update.deleted_id];
  let signups = state.signups.filter((signup) => signup.id !== update.deleted_id);
  for (const signup of update.signups) {
    if (deleted.includes(signup.id) || signups.some((shown) => shown.id === signup.id)) continue;
    signups = [...signups.filter((shown) => !(typeof shown.id === "string" && shown.work_shift_id === signup.work_shift_id && shown.user_id === signup.user_id)), signup];
  }
  return { ...state, signups, deleted };
}

export function signupReducer(state: SignupState, event: SignupEvent): SignupState {
  switch (event.type) {
    case "loaded": {
      // The loader's list is the server's now; toggles still in flight stay applied on top of it.
      let next: SignupState = { ...state, signups: event.signups.filter((signup) => !state.deleted.includes(signup.id)) };
      for (const toggle of Object.values(state.pending)) {
        if (toggle.kind === "remove") next = { ...next, signups: next.signups.filter((signup) => signup.id !== toggle.removed.id) };
        else if (!next.signups.some((signup) => signup.work_shift_id === toggle.shiftId && signup.user_id === toggle.added.user_id)) next = { ...next, signups: [...next.signups, toggle.added] };
      }
      return next;
    }
    case "toggle": {
      // One toggle per shift at a time: the answer decides what the next one does.
      if (Object.values(state.pending).some((toggle) => toggle.shiftId === event.shiftId)) return state;
      const errors = withoutKey(state.errors, event.shiftId);
      const mine = state.signups.find((signup) => signup.work_shift_id === event.shiftId && signup.user_id === event.user.id);
      if (mine) {
        return { ...state, errors, signups: state.signups.filter((signup) => signup !== mine), pending: { ...state.pending, [event.cacheKey]: { shiftId: event.shiftId, kind: "remove", removed: mine } } };
      }
      const temporary: ShownSignup = { id: event.cacheKey, work_shift_id: event.shiftId, user_id: event.user.id, name: event.user.name };
      return { ...state, errors, signups: [...state.signups, temporary], pending: { ...state.pending, [event.cacheKey]: { shiftId: event.shiftId, kind: "add", added: temporary } } };
    }
    case "succeeded": {
      const settled = { ...state, signups: state.signups.filter((signup) => signup.id !== event.cacheKey), pending: withoutKey(state.pending, event.cacheKey) };
      return applyUpdate(settled, event.update);
    }
    case "failed": {
      const toggle = state.pending[event.cacheKey];
      if (!toggle) return state;
      const pending = withoutKey(state.pending, event.cacheKey);
      const errors = { ...state.errors, [toggle.shiftId]: event.error };
      if (toggle.kind === "add") return { ...state, pending, errors, signups: state.signups.filter((signup) => signup.id !== event.cacheKey) };
      const { removed } = toggle;
      const restore = !(typeof removed.id === "number" && state.deleted.includes(removed.id)) && !state.signups.some((signup) => signup.id === removed.id);
      return { ...state, pending, errors, signups: restore ? [...state.signups, removed] : state.signups };
    }
    case "pushed":
      return applyUpdate(state, event.update);
  }
}

/** The signups the page shows for one shift, oldest first (temporary ones last). */
export function shiftSignups(state: SignupState, shiftId: number): ShownSignup[] {
  return state.signups.filter((signup) => signup.work_shift_id === shiftId);
}

/** Whether a toggle of this shift is waiting for the server. */
export function isPending(state: SignupState, shiftId: number): boolean {
  return Object.values(state.pending).some((toggle) => toggle.shiftId === shiftId);
}
