import { describe, expect, it } from "vitest";
import { REFERRAL_COOKIE } from "~/programs/referrals";
import { loader as repDashboardApi } from "~/routes/api+/v1+/users+/marketing_rep_dashboard";
import { loader as brandAmbassadorDashboard } from "~/routes/brand-ambassador-dashboard";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { action as inviteAction, loader as invitesLoader } from "~/routes/invites";
import { loader as marketingRepDashboard } from "~/routes/marketing-rep-dashboard";
import { loader as mcatRepDashboard } from "~/routes/mcat-rep-dashboard";
import { loader as signUpLoader } from "~/routes/sign-up";
import { loader as inviteDataLoader } from "~/routes/users+/invite_data";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor, TEST_ORIGIN } from "../../support/route-visitor";
import { expectRedirectWithToast } from "../../support/toast";

/** Invite a Friend, the rep dashboards and their JSON, as a browser without JavaScript and an API client use them. */
const database = useTestDatabase();

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function signedIn(email: string) {
  return routeVisitor({ session: await sessionCookieFor(await userId(email)) });
}

const invitationCount = async (email: string) =>
  (await database().db.selectFrom("friend_invitations").select("id").where("inviter_id", "=", await userId(email)).execute()).length;

describe("/invites without JavaScript", () => {
  it("shows the member's link and what it brought in", async () => {
    const page = await (await signedIn("marketing_rep@demo.test")).get(invitesLoader, "/invites");
    expect(page.status).toBe(200);
    expect(page.data.link).toBe(`${TEST_ORIGIN}/sign-up?ref=MKTREP26`);
    expect(page.data.friends.map((friend: { name: string }) => friend.name)).toContain("Noah K.");
    expect(page.data.invitations.map((invitation: { email: string }) => invitation.email)).toContain("sam.ortiz@example.com");
    expect(page.data.earnedCents).toBe(1000);
  });

  it("sends invitations with a plain form and comes back with a toast", async () => {
    const browser = await signedIn("student@demo.test");
    const before = await invitationCount("student@demo.test");
    const sent = await browser.form(inviteAction, "/invites", [["emails", "riley.friend@example.com\nstudent@demo.test"]]);
    await expectRedirectWithToast(sent, "/invites", "Invitation sent to 1 friend. You cannot invite yourself.");
    const page = await browser.get(invitesLoader, "/invites");
    expect(page.data.invitations.map((invitation: { email: string }) => invitation.email)).toContain("riley.friend@example.com");
    expect(await invitationCount("student@demo.test")).toBe(before + 1);
    const mail = await database().db.selectFrom("outbox_emails").select("text_body").where("to_address", "=", "riley.friend@example.com").execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain(page.data.link);
  });

  it("answers bad input with 400 and a message, and changes nothing", async () => {
    const browser = await signedIn("tutor@demo.test");
    const before = await invitationCount("tutor@demo.test");
    for (const [emails, message] of [
      ["", "Enter at least one email address."],
      ["not-an-address", "These are not email addresses: not-an-address."],
      [Array.from({ length: 11 }, (_, index) => `f${index}@example.com`).join(","), "Send at most 10 invitations at a time."],
    ]) {
      const refused = await browser.form(inviteAction, "/invites", [["emails", emails!]]);
      expect(refused.status, emails).toBe(400);
      expect(JSON.stringify(refused.data)).toContain(message);
    }
    expect(await invitationCount("tutor@demo.test")).toBe(before);
  });

  it("sends guests to sign in", async () => {
    const answer = await routeVisitor().get(invitesLoader, "/invites");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(/^\/users\/sign_in\?redirect_to=%2Finvites/);
  });
});

describe("the invite link", () => {
  it("greets the friend and remembers the code in the browser until they sign up", async () => {
    const guest = routeVisitor();
    const page = await guest.get(signUpLoader, "/sign-up?ref=mktrep26");
    expect(page.status).toBe(200);
    expect(page.data.invitedBy).toBe("Ethan");
    expect(guest.jar.get(REFERRAL_COOKIE)).toBe("MKTREP26");
    const cookie = page.headers.getSetCookie().find((value) => value.startsWith(`${REFERRAL_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it("ignores a code nobody owns", async () => {
    const guest = routeVisitor();
    const page = await guest.get(signUpLoader, "/sign-up?ref=ZZZZZZZZ");
    expect(page.data.invitedBy).toBeNull();
    expect(guest.jar.has(REFERRAL_COOKIE)).toBe(false);
  });
});

describe("the rep dashboard", () => {
  const loaders = { "/marketing-rep-dashboard": marketingRepDashboard, "/brand-ambassador-dashboard": brandAmbassadorDashboard, "/mcat-rep-dashboard": mcatRepDashboard };

  it.each([
    ["marketing_rep@demo.test", "/marketing-rep-dashboard", "Marketing Dashboard"],
    ["brand_ambassador@demo.test", "/brand-ambassador-dashboard", "Brand Ambassador Dashboard"],
    ["mcat_rep@demo.test", "/mcat-rep-dashboard", "MCAT Rep Dashboard"],
  ] as const)("%s opens %s titled as the role menu says", async (email, path, title) => {
    const page = await (await signedIn(email)).get(loaders[path], path);
    expect(page.status).toBe(200);
    expect(page.data.title).toBe(title);
    expect(page.data.workspace.referrals.link).toMatch(/\/sign-up\?ref=/);
  });

  it("lists a marketing rep's unanswered announcements; a brand ambassador gets none", async () => {
    const rep = await (await signedIn("marketing_rep@demo.test")).get(marketingRepDashboard, "/marketing-rep-dashboard");
    expect(rep.data.workspace.receivesAnnouncements).toBe(true);
    const ambassador = await (await signedIn("brand_ambassador@demo.test")).get(brandAmbassadorDashboard, "/brand-ambassador-dashboard");
    expect(ambassador.data.workspace.receivesAnnouncements).toBe(false);
  });

  it("is the class rep's dashboard tab", async () => {
    const rep = await (await signedIn("class_rep@demo.test")).get(dashboardLoader, "/dashboard?tab=class-rep");
    expect(rep.data.tab).toBe("class-rep");
    expect(rep.data.tabs.map((tab: { label: string }) => tab.label)).toContain("Class Rep");
    expect(rep.data.classRep.receivesAnnouncements).toBe(true);
    expect(rep.data.classRep.referrals.link).toMatch(/\/sign-up\?ref=/);
    const student = await (await signedIn("student@demo.test")).get(dashboardLoader, "/dashboard?tab=class-rep");
    expect(student.data.tabs.map((tab: { label: string }) => tab.label)).not.toContain("Class Rep");
    expect(student.data.tab).toBe("current");
    expect(student.data.classRep).toBeNull();
  });
});

describe("JSON for other clients", () => {
  it("GET /users/invite_data answers the member's own link and figures", async () => {
    const answer = await (await signedIn("marketing_rep@demo.test")).api(inviteDataLoader, "GET", "/users/invite_data");
    expect(answer.status).toBe(200);
    expect(answer.data.data).toMatchObject({
      type: "inviteData",
      id: String(await userId("marketing_rep@demo.test")),
      attributes: { referral_code: "MKTREP26", invited_count: 3, joined_count: 2, purchased_count: 1, credits_earned_cents: 1000, reward_cents: 1000 },
    });
    expect(answer.data.data.attributes.invite_link).toMatch(/\/sign-up\?ref=MKTREP26$/);
  });

  it("GET /api/v1/users/marketing_rep_dashboard adds the announcements; others get 403, guests 401", async () => {
    const path = "/api/v1/users/marketing_rep_dashboard";
    const body = (await (await signedIn("marketing_rep@demo.test")).api(repDashboardApi, "GET", path)).data;
    expect(body.data.type).toBe("marketingRepDashboard");
    expect(body.data.attributes).toMatchObject({ referral_code: "MKTREP26", joined_count: 2 });
    expect(Array.isArray(body.data.attributes.waiting_announcements)).toBe(true);
    expect(typeof body.data.attributes.pending_announcements).toBe("number");

    expect((await (await signedIn("student@demo.test")).api(repDashboardApi, "GET", path)).status).toBe(403);
    expect((await routeVisitor().api(repDashboardApi, "GET", path)).status).toBe(401);
  });
});
