import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { AvatarError, AVATAR_MAX_BYTES, AVATAR_TOO_LARGE_MESSAGE, storeAvatar } from "~/accounts/avatar.server";
import { conformNames, passwordFormSchema, profileFormSchema } from "~/accounts/profile-forms";
import { ProfileInputError, updateProfile, type ProfileChanges } from "~/accounts/profile.server";
import { needsReauthentication, REAUTHENTICATION_MESSAGE, sensitiveChanges, type SensitiveChange } from "~/accounts/reauthentication";
import { reauthenticate } from "~/accounts/reauthentication.server";
import type { CurrentSession } from "~/accounts/session.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { retryAfterHeaders } from "~/security/retry-after";
import { redirectWithToast } from "~/toasts/toast.server";

/**
 * The /profile page's three forms (profile, password, avatar), kept out of the route so the
 * route stays thin. Every failure answers the page again with a 4xx and the messages; nothing
 * is saved unless all of it is valid.
 */
const HIDDEN = ["current_password", "password", "password_confirmation"];
/** Multipart overhead allowed on top of the picture itself before we refuse without reading. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** What each form says once saved: a toast on /profile (tests/e2e/profile.spec.ts looks for them). */
export const PROFILE_SAVED_MESSAGES = {
  profile: "Your profile is saved.",
  password: "Your password is changed. Other devices have been signed out.",
  avatar: "Your picture is updated.",
} as const;

function saved(form: keyof typeof PROFILE_SAVED_MESSAGES) {
  return redirectWithToast("/profile", { type: "success", message: PROFILE_SAVED_MESSAGES[form] });
}

export async function handleProfileAction(request: Request, session: CurrentSession, clientIp: string) {
  // Refuse an oversized upload from its declared length, before reading 25 MB into memory.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    if (Number(request.headers.get("Content-Length") ?? 0) > AVATAR_MAX_BYTES + MULTIPART_SLACK_BYTES) {
      return data({ form: "avatar" as const, message: AVATAR_TOO_LARGE_MESSAGE }, { status: 413 });
    }
  }
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "avatar") return saveAvatar(session, formData);
  if (intent === "password") return savePassword(request, session, formData, clientIp);
  return saveProfile(request, session, conformNames(formData), clientIp);
}

async function saveAvatar(session: CurrentSession, formData: FormData) {
  try {
    await storeAvatar(session.user.id, formData.get("avatar"));
  } catch (error) {
    if (error instanceof AvatarError) return data({ form: "avatar" as const, message: error.message }, { status: error.status });
    throw error;
  }
  throw await saved("avatar");
}

async function saveProfile(request: Request, session: CurrentSession, formData: FormData, clientIp: string) {
  const submission = parseWithZod(formData, { schema: profileFormSchema });
  if (submission.status !== "success") return data({ form: "profile" as const, result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const { intent: _intent, current_password, ...value } = submission.value;
  const refusal = await confirmIdentity(session, sensitiveChanges(session.user, value), current_password, clientIp);
  if (refusal) {
    return data(
      { form: "profile" as const, result: submission.reply({ fieldErrors: refusal.fieldErrors, formErrors: refusal.formErrors, hideFields: HIDDEN }) },
      { status: refusal.status, headers: refusal.headers },
    );
  }
  // The form sends every field, so one left empty clears it.
  const changes: ProfileChanges = {
    ...value,
    display_name: value.display_name ?? null,
    school_id: value.school_id ?? null,
    year: value.year ?? null,
    faculty: value.faculty ?? null,
    degree: value.degree ?? null,
    country_code: value.country_code ?? null,
    bio: value.bio ?? null,
  };
  try {
    await updateProfile(session.user.id, changes, { keepSessionIdHash: session.idHash, request });
  } catch (error) {
    if (!(error instanceof ProfileInputError)) throw error;
    return data({ form: "profile" as const, result: submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields: HIDDEN }) }, { status: 400 });
  }
  throw await saved("profile");
}

async function savePassword(request: Request, session: CurrentSession, formData: FormData, clientIp: string) {
  const submission = parseWithZod(formData, { schema: passwordFormSchema });
  if (submission.status !== "success") return data({ form: "password" as const, result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const refusal = await confirmIdentity(session, ["password"], submission.value.current_password, clientIp);
  if (refusal) {
    return data(
      { form: "password" as const, result: submission.reply({ fieldErrors: refusal.fieldErrors, formErrors: refusal.formErrors, hideFields: HIDDEN }) },
      { status: refusal.status, headers: refusal.headers },
    );
  }
  // This session stays signed in; every other one of the user's sessions ends.
  await updateProfile(session.user.id, { password: submission.value.password }, { keepSessionIdHash: session.idHash, request });
  throw await saved("password");
}

/**
 * A sensitive change without a recent sign-in needs the current password, asked on the same
 * form (so the rest of the input is not lost, with or without JavaScript). A right password
 * refreshes this session, as the reauthentication page does.
 */
interface IdentityRefusal {
  status: 401 | 429;
  /** Retry-After on a 429 (app/routes/profile.tsx passes it on). */
  headers?: Record<string, string>;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
}

async function confirmIdentity(
  session: CurrentSession,
  changes: SensitiveChange[],
  currentPassword: string | undefined,
  clientIp: string,
): Promise<IdentityRefusal | null> {
  if (!needsReauthentication(changes, session.authenticatedAt)) return null;
  if (!currentPassword) return { status: 401, fieldErrors: { current_password: [REAUTHENTICATION_MESSAGE] }, formErrors: [REAUTHENTICATION_MESSAGE] };
  const outcome = await reauthenticate(session, currentPassword, clientIp);
  if (outcome.kind === "rate-limited") {
    return { status: 429, headers: retryAfterHeaders(outcome.retryAfterSeconds), fieldErrors: {}, formErrors: [tooManyRequestsMessage] };
  }
  if (outcome.kind === "invalid") return { status: 401, fieldErrors: { current_password: ["That password is not right."] }, formErrors: [] };
  return null;
}
