import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERRAL_COOKIE } from "../../app/programs/referrals";
import { useTestDatabase } from "../support/database";
import { signedInVisitor, startTestApp, visitor } from "../support/http-app";

/**
 * Invite a Friend, the rep dashboards and their JSON over HTTP, as a browser without JavaScript
 * and an API client use them.
 */
const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

async function signedIn(email: string) {
  return signedInVisitor(app, await userId(email), "/invites");
}

const invitationCount = async (email: string) =>
  (await database().db.selectFrom("friend_invitations").select("id").where("inviter_id", "=", await userId(email)).execute()).length;

describe("/invites without JavaScript", () => {
  it("shows the member's link and what it brought in", async () => {
    const browser = await signedIn("marketing_rep@demo.test");
    const { response, html } = await browser.page("/invites");
    expect(response.status).toBe(200);
    expect(html).toContain("<h1");
    expect(html).toContain("Invite a Friend");
    expect(html).toMatch(/value="http:\/\/127\.0\.0\.1:\d+\/sign-up\?ref=MKTREP26"/);
    expect(html).toContain("Noah K.");
    expect(html).toContain("sam.ortiz@example.com");
    expect(html).toContain("$10.00");
  });

  it("sends invitations with a plain form and comes back with a toast", async () => {
    const browser = await signedIn("student@demo.test");
    const before = await invitationCount("student@demo.test");
    const response = await browser.form("/invites", [["emails", "riley.friend@example.com\nstudent@demo.test"]]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/invites");
    const { html } = await browser.page("/invites");
    expect(html).toContain("Invitation sent to 1 friend. You cannot invite yourself.");
    expect(html).toContain("riley.friend@example.com");
    expect(await invitationCount("student@demo.test")).toBe(before + 1);
  });

  it("answers bad input with 400 and a message, and changes nothing", async () => {
    const browser = await signedIn("tutor@demo.test");
    const before = await invitationCount("tutor@demo.test");
    for (const [emails, message] of [
      ["", "Enter at least one email address."],
      ["not-an-address", "These are not email addresses: not-an-address."],
      [Array.from({ length: 11 }, (_, index) => `f${index}@example.com`).join(","), "Send at most 10 invitations at a time."],
    ]) {
      const response = await browser.form("/invites", [["emails", emails!]]);
      expect(response.status, emails).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await invitationCount("tutor@demo.test")).toBe(before);
  });

  it("sends guests to sign in", async () => {
    const response = await visitor(app).fetch("/invites", { headers: { Accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/users\/sign_in\?redirect_to=%2Finvites/);
  });
});

describe("the invite link", () => {
  it("greets the friend and remembers the code in the browser until they sign up", async () => {
    const guest = visitor(app);
    const { response, html } = await guest.page("/sign-up?ref=mktrep26");
    expect(response.status).toBe(200);
    expect(html).toContain("Ethan invited you.");
    expect(guest.jar.get(REFERRAL_COOKIE)).toBe("MKTREP26");
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${REFERRAL_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it("ignores a code nobody owns", async () => {
    const guest = visitor(app);
    const { html } = await guest.page("/sign-up?ref=ZZZZZZZZ");
    expect(html).not.toContain("invited you.");
    expect(guest.jar.has(REFERRAL_COOKIE)).toBe(false);
  });
});

describe("the rep dashboard", () => {
  it.each([
    ["marketing_rep@demo.test", "/marketing-rep-dashboard", "Marketing Dashboard"],
    ["brand_ambassador@demo.test", "/brand-ambassador-dashboard", "Brand Ambassador Dashboard"],
    ["mcat_rep@demo.test", "/mcat-rep-dashboard", "MCAT Rep Dashboard"],
  ])("%s opens %s titled as the role menu says", async (email, path, title) => {
    const browser = await signedIn(email);
    const { response, html } = await browser.page(path);
    expect(response.status).toBe(200);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain("Your invite link");
  });

  it("lists a marketing rep's unanswered announcements; a brand ambassador gets none", async () => {
    const rep = await (await signedIn("marketing_rep@demo.test")).page("/marketing-rep-dashboard");
    expect(rep.html).toContain("Announcements waiting for you");
    const ambassador = await (await signedIn("brand_ambassador@demo.test")).page("/brand-ambassador-dashboard");
    expect(ambassador.html).not.toContain("Announcements waiting for you");
  });

  it("is the class rep's dashboard tab", async () => {
    const { html } = await (await signedIn("class_rep@demo.test")).page("/dashboard?tab=class-rep");
    expect(html).toMatch(/aria-current="page"[^>]*>Class Rep<\/a>/);
    expect(html).toContain("Announcements waiting for you");
    expect(html).toContain("Your invite link");
    const student = await (await signedIn("student@demo.test")).page("/dashboard?tab=class-rep");
    expect(student.html).not.toContain("Class Rep</a>");
    expect(student.html).toMatch(/aria-current="page"[^>]*>Current<\/a>/);
  });
});

describe("JSON for other clients", () => {
  it("GET /users/invite_data answers the member's own link and figures", async () => {
    const browser = await signedIn("marketing_rep@demo.test");
    const response = await browser.fetch("/users/invite_data", { headers: { Accept: "application/json" } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toMatchObject({
      type: "inviteData",
      id: String(await userId("marketing_rep@demo.test")),
      attributes: { referral_code: "MKTREP26", invited_count: 3, joined_count: 2, purchased_count: 1, credits_earned_cents: 1000, reward_cents: 1000 },
    });
    expect(body.data.attributes.invite_link).toMatch(/\/sign-up\?ref=MKTREP26$/);
  });

  it("GET /api/v1/users/marketing_rep_dashboard adds the announcements; others get 403, guests 401", async () => {
    const rep = await signedIn("marketing_rep@demo.test");
    const body = await (await rep.fetch("/api/v1/users/marketing_rep_dashboard", { headers: { Accept: "application/json" } })).json();
    expect(body.data.type).toBe("marketingRepDashboard");
    expect(body.data.attributes).toMatchObject({ referral_code: "MKTREP26", joined_count: 2 });
    expect(Array.isArray(body.data.attributes.waiting_announcements)).toBe(true);
    expect(typeof body.data.attributes.pending_announcements).toBe("number");

    const student = await signedIn("student@demo.test");
    expect((await student.fetch("/api/v1/users/marketing_rep_dashboard", { headers: { Accept: "application/json" } })).status).toBe(403);
    expect((await visitor(app).fetch("/api/v1/users/marketing_rep_dashboard", { headers: { Accept: "application/json" } })).status).toBe(401);
  });
});
