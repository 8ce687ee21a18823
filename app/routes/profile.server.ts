import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { AvatarError, AVATAR_TOO_LARGE_MESSAGE, storeAvatar } from "~/accounts/avatar.server";
import { avatarFormSchema, passwordFormSchema, PROFILE_SAVED_MESSAGES, profileFormSchema } from "~/accounts/profile-forms";
import { ProfileInputError, updateProfile, type ProfileChanges } from "~/accounts/profile.server";
import { needsReauthentication, REAUTHENTICATION_MESSAGE, sensitiveChanges, type SensitiveChange } from "~/accounts/reauthentication";
import { reauthenticate } from "~/accounts/reauthentication.server";
import type { CurrentSession } from "~/accounts/session.server";
import { tooManyRequestsMessage } from "~/errors/messages";
import { retryAfterHeaders } from "~/security/retry-after";
import { redirectWithToast } from "~/toasts/toast.server";

/**
 * The /profile route's three forms (profile, password, avatar), one function each: the route
 * picks one by `intent`. Every failure answers the page again with a 4xx and the messages, tagged
 * with its form; nothing is saved unless all of it is valid.
 */
const HIDDEN = ["current_password", "password", "password_confirmation"];

function saved(form: keyof typeof PROFILE_SAVED_MESSAGES) {
  return redirectWithToast("/profile", { type: "success", message: PROFILE_SAVED_MESSAGES[form] });
}

/** An upload refused from its declared length alone, before its body is read. */
export function avatarTooLarge() {
  const result: SubmissionResult<string[]> = { status: "error", initialValue: { intent: "avatar" }, error: { "": [AVATAR_TOO_LARGE_MESSAGE] } };
  return data({ form: "avatar" as const, result }, { status: 413 });
}

export async function saveAvatar(session: CurrentSession, formData: FormData) {
  const submission = parseWithZod(formData, { schema: avatarFormSchema });
  if (submission.status !== "success") return data({ form: "avatar" as const, result: submission.reply() }, { status: 400 });
  try {
    await storeAvatar(session.user.id, submission.value.avatar);
  } catch (error) {
    if (!(error instanceof AvatarError)) throw error;
    return data({ form: "avatar" as const, result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  throw await saved("avatar");
}

/** `origin` is the site's, for the link that confirms a changed email address. */
export async function saveProfile(session: CurrentSession, formData: FormData, context: { origin: string; clientIp: string }) {
  const submission = parseWithZod(formData, { schema: profileFormSchema });
  if (submission.status !== "success") return data({ form: "profile" as const, result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });
  const { intent: _intent, current_password, ...value } = submission.value;
  const refusal = await confirmIdentity(session, sensitiveChanges(session.user, value), current_password, context.clientIp);
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
    await updateProfile(session.user.id, changes, { keepSessionIdHash: session.idHash, origin: context.origin });
  } catch (error) {
    if (!(error instanceof ProfileInputError)) throw error;
    return data({ form: "profile" as const, result: submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields: HIDDEN }) }, { status: 400 });
  }
  throw await saved("profile");
}

export async function savePassword(session: CurrentSession, formData: FormData, clientIp: string) {
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
  await updateProfile(session.user.id, { password: submission.value.password }, { keepSessionIdHash: session.idHash });
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
