import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserSession, currentSession } from "../../app/accounts/session.server";
import { barMemberships } from "../../app/partners/memberships.server";
import { loadShell } from "../../app/shell/shell.server";
import { TOUR_PROMPTS_COOKIE } from "../../app/site-tours/tours";
import { unseenTours } from "../../app/site-tours/tours.server";
import { runWithRequestContext, type RequestContext } from "../../app/utils/request-context.server";
import { useTestDatabase } from "../support/database";
import { signedInVisitor, startTestApp, visitor } from "../support/http-app";

/**
 * Partner invitations answered from the account menu (a plain form) and the site tours'
 * viewed-tour calls, over HTTP as a browser and an API client use them.
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

/** A browser signed in as this demo user, with the page's CSRF token. */
async function signedIn(email: string) {
  return signedInVisitor(app, await userId(email));
}

async function membership(email: string) {
  return database()
    .db.selectFrom("partner_memberships as pm")
    .innerJoin("users as u", "u.id", "pm.user_id")
    .select(["pm.id", "pm.status", "pm.responded_at"])
    .where("u.email", "=", email)
    .executeTakeFirstOrThrow();
}

async function tourIds() {
  const rows = await database().db.selectFrom("site_tours").select(["id", "key"]).execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.id])) as Record<string, number>;
}

describe("partner memberships in the account menu", () => {
  it("lists the partner member's membership with its status", async () => {
    const browser = await signedIn("partner_member@demo.test");
    expect(browser.html).toContain('data-shell="partner-memberships"');
    expect(browser.html).toMatch(/href="\/partners\/waterloo-math-society"[^>]*>Waterloo Mathematics Society(<!-- -->)? <span class="shell-menu__status">Member<\/span>/);
    expect(browser.html).not.toContain("Accept the invitation");
  });

  it("loads the bar's memberships in one query, and none for users without any", async () => {
    const count = async (id: number) => {
      const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
      const rows = await runWithRequestContext(context, () => barMemberships(id));
      return { rows, queries: context.queryCount };
    };
    const member = await count(await userId("partner_member@demo.test"));
    expect(member.rows.map((row) => [row.partnerSlug, row.status])).toEqual([["waterloo-math-society", "accepted"]]);
    expect(member.queries).toBe(1);
    expect((await count(await userId("admin@demo.test"))).rows).toEqual([]);
  });

  it("shows guests no partners section", async () => {
    const { html } = await visitor(app).page("/courses");
    expect(html).not.toContain('data-shell="partner-memberships"');
  });

  it("lets the invited student accept with a plain form: back to the page with a toast, and listed as a member", async () => {
    const browser = await signedIn("student@demo.test");
    const invite = await membership("student@demo.test");
    expect(invite.status).toBe("invited");
    expect(browser.html).toContain("Accept the invitation from McGill Pre-Med Society");

    const response = await browser.form(`/partner-memberships/${invite.id}`, [["response", "accept"], ["redirectTo", "/courses?school=waterloo"]]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/courses?school=waterloo");
    const after = await membership("student@demo.test");
    expect(after.status).toBe("accepted");
    expect(after.responded_at).toBeInstanceOf(Date);

    const { html } = await browser.page("/courses?school=waterloo");
    expect(html).toContain("You are now a member of McGill Pre-Med Society.");
    expect(html).toMatch(/McGill Pre-Med Society(<!-- -->)? <span class="shell-menu__status">Member<\/span>/);
    expect(html).not.toContain("Accept the invitation from McGill Pre-Med Society");

    // Sending the same answer again (a double submit) changes nothing and is not an error.
    expect((await browser.form(`/partner-memberships/${invite.id}`, [["response", "accept"]])).status).toBe(302);
    // Changing one's mind is refused with the reason.
    const decline = await browser.form(`/partner-memberships/${invite.id}`, [["response", "decline"]]);
    expect(decline.status).toBe(409);
    expect(await decline.text()).toContain("already a member");
    expect((await membership("student@demo.test")).status).toBe("accepted");
  });

  it("refuses anyone but the invited user, bad answers and unknown invitations, changing nothing", async () => {
    const invite = await membership("brand_ambassador@demo.test");
    const admin = await signedIn("admin@demo.test");
    const stranger = await admin.form(`/partner-memberships/${invite.id}`, [["response", "accept"]]);
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).toContain("Only the person invited");

    const owner = await signedIn("brand_ambassador@demo.test");
    expect((await owner.form(`/partner-memberships/${invite.id}`, [["response", "maybe"]])).status).toBe(400);
    expect((await owner.form("/partner-memberships/999999999", [["response", "accept"]])).status).toBe(404);
    expect((await owner.form("/partner-memberships/not-an-id", [["response", "accept"]])).status).toBe(404);
    expect((await membership("brand_ambassador@demo.test")).status).toBe("invited");

    // A guest is sent to sign in; GET answers 405.
    const guest = await app.fetch(`/partner-memberships/${invite.id}`, { method: "POST" });
    expect(guest.status).toBe(400); // no CSRF token: refused before anything else
    expect((await app.fetch(`/partner-memberships/${invite.id}`)).status).toBe(405);

    const declined = await owner.form(`/partner-memberships/${invite.id}`, [["response", "decline"]]);
    expect(declined.status).toBe(302);
    expect((await membership("brand_ambassador@demo.test")).status).toBe("declined");
    const { html } = await owner.page("/courses");
    expect(html).not.toContain('data-shell="partner-memberships"');
  });
});

describe("PUT /site_tours/viewed_tour and /viewed_tours", () => {
  it("marks a tour seen, idempotently, so it is no longer offered", async () => {
    const ids = await tourIds();
    const id = await userId("teacher@demo.test");
    expect((await unseenTours(id)).map((tour) => tour.key)).toContain("site_help");
    const browser = await signedIn("teacher@demo.test");

    const first = await browser.put("/site_tours/viewed_tour", { site_tour_id: ids.site_help });
    expect(first.status).toBe(200);
    expect((await first.json()).meta.viewed_site_tour_ids).toEqual([ids.site_help]);
    const again = await browser.put("/site_tours/viewed_tour", { site_tour_id: ids.site_help });
    expect((await again.json()).meta.viewed_site_tour_ids).toEqual([ids.site_help]);
    expect((await unseenTours(id)).map((tour) => tour.key)).not.toContain("site_help");
    const views = await database().db.selectFrom("site_tour_views").selectAll().where("user_id", "=", id).execute();
    expect(views).toHaveLength(1);
  });

  it("marks several tours seen at once", async () => {
    const ids = await tourIds();
    const browser = await signedIn("tutor@demo.test");
    const response = await browser.put("/site_tours/viewed_tours", { site_tour_ids: [ids.video, ids.study_room, ids.video] });
    expect(response.status).toBe(200);
    expect((await response.json()).meta.viewed_site_tour_ids).toEqual([ids.video, ids.study_room].sort((a, b) => a! - b!));
    expect((await unseenTours(await userId("tutor@demo.test"))).map((tour) => tour.key).sort()).toEqual(["online_course_experience", "site_help"]);
  });

  it.each([
    ["an unknown tour id", "/site_tours/viewed_tour", { site_tour_id: 999_999 }, 404, "not_found"],
    ["a string id", "/site_tours/viewed_tour", { site_tour_id: "1" }, 422, "invalid_attribute"],
    ["no id", "/site_tours/viewed_tour", {}, 422, "invalid_attribute"],
    ["a negative id", "/site_tours/viewed_tour", { site_tour_id: -1 }, 422, "invalid_attribute"],
    ["an empty list", "/site_tours/viewed_tours", { site_tour_ids: [] }, 422, "invalid_attribute"],
    ["a list with one unknown id", "/site_tours/viewed_tours", { site_tour_ids: "KNOWN_AND_UNKNOWN" }, 404, "not_found"],
    ["broken JSON", "/site_tours/viewed_tour", "{", 400, "invalid_json"],
  ] as const)("refuses %s, changing nothing", async (_name, path, body, status, code) => {
    const ids = await tourIds();
    const browser = await signedIn("content_creator@demo.test");
    const payload = body === "{" ? body : (body as { site_tour_ids?: unknown }).site_tour_ids === "KNOWN_AND_UNKNOWN" ? { site_tour_ids: [ids.site_help, 999_999] } : body;
    const response = await browser.put(path, payload);
    expect(response.status).toBe(status);
    expect((await response.json()).errors[0].code).toBe(code);
    const views = await database().db.selectFrom("site_tour_views").selectAll().where("user_id", "=", await userId("content_creator@demo.test")).execute();
    expect(views).toEqual([]);
  });

  it("takes JSON only, PUT only, and signed-in users only", async () => {
    const ids = await tourIds();
    const browser = await signedIn("manager@demo.test");
    expect((await browser.put("/site_tours/viewed_tour", `site_tour_id=${ids.site_help}`, "application/x-www-form-urlencoded")).status).toBe(400);
    expect((await app.fetch("/site_tours/viewed_tour")).status).toBe(405);
    const guest = visitor(app);
    const { csrfToken } = await guest.page("/courses");
    const response = await guest.fetch("/site_tours/viewed_tour", {
      method: "PUT",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken! },
      body: JSON.stringify({ site_tour_id: ids.site_help }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/users\/sign_in/);
    expect(await database().db.selectFrom("site_tour_views").selectAll().where("user_id", "=", await userId("manager@demo.test")).execute()).toEqual([]);
  });
});

describe("the tour-prompts cookie", () => {
  it("spares the shell the unseen-tours query in a browser that turned prompts off", async () => {
    const id = await userId("instructor@demo.test");
    await database().db.deleteFrom("site_tour_views").where("user_id", "=", id).execute();
    const sessionCookie = (await createUserSession({ userId: id, rememberMe: false, request: new Request("http://x") })).split(";")[0]!;
    const shellFor = async (cookie: string) => {
      const request = new Request("http://app.test/courses", { headers: { Cookie: cookie } });
      const context: RequestContext = { requestId: "test", queryCount: 0, databaseUnavailable: false };
      return runWithRequestContext(context, async () => {
        const session = await currentSession(request);
        const before = context.queryCount;
        const { shell } = await loadShell(request, session);
        return { unseen: shell.unseenTours.map((tour) => tour.key), queries: context.queryCount - before };
      });
    };
    const prompted = await shellFor(sessionCookie);
    const off = await shellFor(`${sessionCookie}; ${TOUR_PROMPTS_COOKIE}=off`);
    expect(prompted.unseen).toContain("site_help");
    expect(off.unseen).toEqual([]);
    expect(off.queries).toBe(prompted.queries - 1);
  });
});

describe("GET /site-tour", () => {
  it("lists the tour's steps in order, for guests too, with a way back", async () => {
    const { response, html } = await visitor(app).page("/site-tour?tour=site_help&from=%2Fcourses");
    expect(response.status).toBe(200);
    const titles = [...html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(titles.slice(0, 5)).toEqual(["Home", "Menus", "Dark mode", "Tours", "Your account"]);
    expect(html).toContain('href="/courses"');
  });

  it("picks the tour of the page it came from, and answers 404 to an unknown tour", async () => {
    const { html } = await visitor(app).page("/site-tour?from=%2Fin-course-experience%2Fwaterloo-math-137-exam-prep");
    expect(html).toContain("Your online course");
    expect((await visitor(app).page("/site-tour?tour=nope")).response.status).toBe(404);
  });
});
