import { parseWithZod } from "@conform-to/zod/v4";
import { Badge, Container, Heading, Text } from "@radix-ui/themes";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { accountMailRateLimits, checkLimits } from "~/accounts/account-mail-limits.server";
import { changeRole, findUserForAdmin, reactivateUser, recordConfirmationResent } from "~/accounts/admin-user-account.server";
import { auditedRequest } from "~/accounts/audit.server";
import { forbidden, requireRouteAccess } from "~/accounts/authorize.server";
import { sendConfirmationEmail } from "~/accounts/confirmation.server";
import { can } from "~/accounts/policy/permissions";
import { deactivateUser } from "~/accounts/profile.server";
import { checkRoleChange, label } from "~/accounts/role-changes";
import { ROLES } from "~/accounts/roles";
import { viewerFor } from "~/accounts/session.server";
import { userPlatforms } from "~/platform/platforms.server";
import { seenTourCount } from "~/site-tours/tour-editing.server";
import { AdminHeader } from "~/components/admin-header";
import { CsrfInput } from "~/components/csrf-input";
import { allMessages, FormErrors } from "~/components/form-field";
import { redirectWithToast } from "~/toasts/toast.server";
import { parseRecordId } from "~/utils/record-id";
import { siteOrigin } from "~/utils/site-origin.server";

const ROUTE = "routes/admin+/users.$id._index";

function notFound(): never {
  throw new Response("No such user.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

async function targetOf(idParam: string | undefined) {
  const id = parseRecordId(idParam);
  const user = id === null ? undefined : await findUserForAdmin(id);
  return user ?? notFound();
}

/** /admin/users/{id}: one user as admins see them (SPEC §2 /admin/*): roles, status, confirmation, sign in as, their site tours and browsers. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const viewer = viewerFor(session);
  const user = await targetOf(params.id);
  const subject = { id: user.id, roles: user.roles, deactivated_at: user.deactivated_at };
  const [tours, platforms] = await Promise.all([seenTourCount(user.id), userPlatforms(user.id)]);
  return {
    tours,
    platforms: platforms.map((platform) => ({ ...platform, updatedAt: platform.updatedAt.toISOString().slice(0, 16).replace("T", " ") })),
    user: {
      id: user.id,
      name: `${user.first_name} ${user.last_name}`.trim() || user.display_name || user.email,
      email: user.email,
      roles: user.roles,
      school: user.school_name,
      joined: user.created_at.toISOString().slice(0, 10),
      confirmed: user.confirmed_at !== null,
      deactivated: user.deactivated_at !== null,
      sessions: user.session_count ?? 0,
    },
    self: viewer.id === user.id,
    mayChangeRoles: can(viewer, "change_account_access", { user: subject, changes: ["roles"] }),
    mayChangeStatus: viewer.id !== user.id && can(viewer, "change_account_access", { user: subject, changes: [user.deactivated_at ? "reactivate" : "deactivate"] }),
    mayResendConfirmation: can(viewer, "resend_confirmation", user) && !user.confirmed_at && !user.deactivated_at,
    mayImpersonate: can(viewer, "impersonate", subject),
    roleChoices: ROLES.filter((role) => !user.roles.includes(role)),
  };
}

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant_role"), role: z.string({ error: "Choose a role." }) }),
  z.object({ intent: z.literal("revoke_role"), role: z.string({ error: "Choose a role." }) }),
  z.object({ intent: z.literal("deactivate") }),
  z.object({ intent: z.literal("reactivate") }),
  z.object({ intent: z.literal("resend_confirmation") }),
]);

/** POST: grant or revoke a role, deactivate or reactivate, or mail the confirmation link again; each is put on the audit record. */
export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireRouteAccess(request, ROUTE);
  const viewer = viewerFor(session);
  const user = await targetOf(params.id);
  const submission = parseWithZod(await request.formData(), { schema });
  const refuse = (status: number, message?: string) => data({ result: message ? submission.reply({ formErrors: [message] }) : submission.reply() }, { status });
  if (submission.status !== "success") return refuse(400, "Choose what to do.");
  const command = submission.value;
  const subject = { id: user.id, roles: user.roles, deactivated_at: user.deactivated_at };
  const actor = { actorId: session.user.id, request: auditedRequest(request.method, request.url) };
  const here = `/admin/users/${user.id}`;

  switch (command.intent) {
    case "grant_role":
    case "revoke_role": {
      if (!can(viewer, "change_account_access", { user: subject, changes: ["roles"] })) throw forbidden(request);
      const grant = command.intent === "grant_role";
      const check = checkRoleChange(viewer, user, { role: command.role, grant });
      if (!check.ok) return refuse(check.status, check.reason);
      if (!(await changeRole(user.id, command.role as (typeof ROLES)[number], grant, actor))) return refuse(409, "Someone else changed their roles meanwhile: see the roles now.");
      throw await redirectWithToast(here, { type: "success", message: grant ? `Role ${label(command.role)} granted.` : `Role ${label(command.role)} removed.` }, { status: 303 });
    }
    case "deactivate":
    case "reactivate": {
      if (viewer.id === user.id) return refuse(409, "You cannot change your own account's status here.");
      if (!can(viewer, "change_account_access", { user: subject, changes: [command.intent] })) throw forbidden(request);
      if (command.intent === "deactivate") {
        if (user.deactivated_at) return refuse(409, "This account is already deactivated.");
        await deactivateUser(user.id, actor);
        throw await redirectWithToast(here, { type: "success", message: "Account deactivated: they are signed out and cannot sign in." }, { status: 303 });
      }
      if (!(await reactivateUser(user.id, actor))) return refuse(409, "This account is not deactivated.");
      throw await redirectWithToast(here, { type: "success", message: "Account reactivated: they can sign in again." }, { status: 303 });
    }
    case "resend_confirmation": {
      if (!can(viewer, "resend_confirmation", user)) throw forbidden(request);
      if (user.confirmed_at) return refuse(409, "Their email address is already confirmed.");
      if (user.deactivated_at) return refuse(409, "This account is deactivated.");
      const limits = await checkLimits([[accountMailRateLimits.confirmationPerEmail, user.email]]);
      if (!limits.allowed) return refuse(429, `Too many confirmation emails for this address: try again in ${Math.ceil(limits.retryAfterSeconds / 60)} minutes.`);
      await sendConfirmationEmail(user, siteOrigin(request));
      await recordConfirmationResent(user.id, actor);
      throw await redirectWithToast(here, { type: "success", message: `A new confirmation link was sent to ${user.email}.` }, { status: 303 });
    }
  }
}

export default function AdminUserPage() {
  const { user, self, mayChangeRoles, mayChangeStatus, mayResendConfirmation, mayImpersonate, roleChoices, tours, platforms } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = allMessages(answer?.result);
  return (
    <Container size="3" px="4" py="6">
      <AdminHeader mb="1">
        {user.name}
        {user.deactivated ? (
          <Badge color="gray" ml="2">
            deactivated
          </Badge>
        ) : null}
      </AdminHeader>
      <dl className="admin-facts">
        <dt>Email</dt>
        <dd>
          {user.email} ({user.confirmed ? "confirmed" : "not confirmed"})
        </dd>
        <dt>School</dt>
        <dd>{user.school ?? "none"}</dd>
        <dt>Joined</dt>
        <dd>{user.joined}</dd>
        <dt>Status</dt>
        <dd>{user.deactivated ? "Deactivated: cannot sign in" : `Active, ${user.sessions} open ${user.sessions === 1 ? "session" : "sessions"}`}</dd>
      </dl>
      <FormErrors errors={errors} />

      <section aria-labelledby="roles-heading">
        <Heading as="h2" size="5" id="roles-heading" mt="5" mb="2">
          Roles
        </Heading>
        {user.roles.length === 0 ? <p>None: a student.</p> : null}
        <ul className="admin-list">
          {user.roles.map((role) => (
            <li key={role}>
              {label(role)}
              {mayChangeRoles && !(self && role === "admin") ? (
                <Form method="post" className="inline-form">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="revoke_role" />
                  <input type="hidden" name="role" value={role} />
                  <button type="submit" className="button button--outline" disabled={busy}>
                    Remove<span className="visually-hidden"> the {label(role)} role</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {mayChangeRoles ? (
          <Form method="post" className="inline-form">
            <CsrfInput />
            <input type="hidden" name="intent" value="grant_role" />
            <label htmlFor="grant-role">Role to grant</label>
            <select id="grant-role" name="role" className="native-input" required>
              {roleChoices.map((role) => (
                <option key={role} value={role}>
                  {label(role)}
                </option>
              ))}
            </select>
            <button type="submit" className="button" disabled={busy}>
              Grant
            </button>
          </Form>
        ) : (
          <Text as="p" color="gray">
            Another admin's roles and status are changed only by that admin.
          </Text>
        )}
      </section>

      <section aria-labelledby="account-heading">
        <Heading as="h2" size="5" id="account-heading" mt="5" mb="2">
          Account
        </Heading>
        <div className="in-course__row">
          {mayChangeStatus ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value={user.deactivated ? "reactivate" : "deactivate"} />
              <button type="submit" className={user.deactivated ? "button" : "button button--outline"} disabled={busy}>
                {user.deactivated ? "Reactivate account" : "Deactivate account"}
              </button>
            </Form>
          ) : null}
          {mayResendConfirmation ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="resend_confirmation" />
              <button type="submit" className="button button--soft" disabled={busy}>
                Resend confirmation email
              </button>
            </Form>
          ) : null}
          {mayImpersonate ? (
            // A full document load: switching accounts must not keep the admin's page data in the browser.
            <Form method="post" action={`/admin/users/${user.id}/sign_in_as`} reloadDocument>
              <CsrfInput />
              <button type="submit" className="button button--soft">
                Sign in as {user.name}
              </button>
            </Form>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="site-tours-heading">
        <Heading as="h2" size="5" id="site-tours-heading" mt="5" mb="2">
          Site tours
        </Heading>
        <p>
          Seen {tours.seen} of {tours.total} tours; each tour not seen is offered to them once.
        </p>
        <div className="in-course__row">
          <Form method="post" action={`/admin/users/${user.id}/site-tours`}>
            <CsrfInput />
            <input type="hidden" name="intent" value="start_all" />
            <button type="submit" className="button button--soft" disabled={busy}>
              Start all tours
            </button>
          </Form>
          <Form method="post" action={`/admin/users/${user.id}/site-tours`}>
            <CsrfInput />
            <input type="hidden" name="intent" value="end_all" />
            <button type="submit" className="button button--outline" disabled={busy}>
              End all tours
            </button>
          </Form>
        </div>
      </section>

      <section aria-labelledby="browsers-heading">
        <Heading as="h2" size="5" id="browsers-heading" mt="5" mb="2">
          Browsers
        </Heading>
        {platforms.length === 0 ? (
          <p>No browser has reported itself: they have not used the marketplace extension.</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Browser</th>
                <th scope="col">Extension</th>
                <th scope="col">Last seen (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {platforms.map((platform) => (
                <tr key={platform.clientId}>
                  <td>{platform.browserInfo || "unknown"}</td>
                  <td>{platform.extensionVersion ? `version ${platform.extensionVersion}` : "not installed"}</td>
                  <td>{platform.updatedAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </Container>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `${loaded?.user.name ?? "User"} — Admin — Marketplace` }, { name: "robots", content: "noindex" }];
