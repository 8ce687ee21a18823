import { describe, expect, it } from "vitest";
import { barMemberships } from "~/partners/memberships.server";
import { loader as rootLoader } from "~/root";
import { action as answerInvite, loader as inviteLoader } from "~/routes/partner-memberships.$id";
import { loader as siteTourLoader } from "~/routes/site-tour";
import { action as viewedTour, loader as viewedTourLoader } from "~/routes/site_tours+/viewed_tour";
import { action as viewedTours } from "~/routes/site_tours+/viewed_tours";
import { TOUR_PROMPTS_COOKIE } from "~/site-tours/tours";
import { runWithRequestContext, type RequestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "../../support/database";
import { routeVisitor, sessionCookieFor } from "../../support/route-visitor";
import { toastOf } from "../../support/toast";

/**
 * Partner invitations answered from the account menu (a plain form) and the site tours'
 * viewed-tour calls, as a browser and an API client use them.
 */
const database = useTestDatabase();

async function userId(email: string) {
  return (await database().db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** A browser signed in as this demo user. */
async function signedIn(email: string) {
  return routeVisitor({ session: await sessionCookieFor(await userId(email)) });
}

/** The app shell of the next page this browser opens (the root loader's). */
async function shellOf(browser: ReturnType<typeof routeVisitor>, path = "/courses") {
  const answer = await browser.get(rootLoader, path);
  expect(answer.status).toBe(200);
  return answer.data.shell;
}

const answer = (browser: ReturnType<typeof routeVisitor>, id: number | string, fields: [string, string][]) =>
  browser.form(answerInvite, `/partner-memberships/${id}`, fields, { params: { id: String(id) } });

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

const viewsOf = async (email: string) => database().db.selectFrom("site_tour_views").selectAll().where("user_id", "=", await userId(email)).execute();
const unseenKeys = async (browser: ReturnType<typeof routeVisitor>) => (await shellOf(browser)).unseenTours.map((tour: { key: string }) => tour.key);

describe("partner memberships in the account menu", () => {
  it("lists the partner member's membership with its status", async () => {
    const { partnerMemberships } = await shellOf(await signedIn("partner_member@demo.test"));
    expect(partnerMemberships).toEqual([expect.objectContaining({ partnerSlug: "waterloo-math-society", partnerName: "Waterloo Mathematics Society", status: "accepted" })]);
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
    expect((await shellOf(routeVisitor())).partnerMemberships).toEqual([]);
  });

  it("lets the invited student accept with a plain form: back to the page with a toast, and listed as a member", async () => {
    const browser = await signedIn("student@demo.test");
    const invite = await membership("student@demo.test");
    expect(invite.status).toBe("invited");
    expect((await shellOf(browser)).partnerMemberships).toContainEqual(expect.objectContaining({ id: invite.id, partnerName: "McGill Pre-Med Society", status: "invited" }));

    const accepted = await answer(browser, invite.id, [["response", "accept"], ["redirectTo", "/courses?school=waterloo"]]);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/courses?school=waterloo");
    expect(await toastOf(accepted)).toMatchObject({ type: "success", message: "You are now a member of McGill Pre-Med Society." });
    const after = await membership("student@demo.test");
    expect(after.status).toBe("accepted");
    expect(after.responded_at).toBeInstanceOf(Date);

    const shell = await shellOf(browser, "/courses?school=waterloo");
    expect(shell.toast).toMatchObject({ type: "success", message: "You are now a member of McGill Pre-Med Society." });
    expect(shell.partnerMemberships).toContainEqual(expect.objectContaining({ id: invite.id, partnerName: "McGill Pre-Med Society", status: "accepted" }));

    // Sending the same answer again (a double submit) changes nothing and is not an error.
    expect((await answer(browser, invite.id, [["response", "accept"]])).status).toBe(302);
    // Changing one's mind is refused with the reason.
    const decline = await answer(browser, invite.id, [["response", "decline"]]);
    expect(decline.status).toBe(409);
    expect(decline.data).toContain("already a member");
    expect((await membership("student@demo.test")).status).toBe("accepted");
  });

  it("refuses anyone but the invited user, bad answers and unknown invitations, changing nothing", async () => {
    const invite = await membership("brand_ambassador@demo.test");
    const stranger = await answer(await signedIn("admin@demo.test"), invite.id, [["response", "accept"]]);
    expect(stranger.status).toBe(403);
    expect(stranger.data).toContain("Only the person invited");

    const owner = await signedIn("brand_ambassador@demo.test");
    expect((await answer(owner, invite.id, [["response", "maybe"]])).status).toBe(400);
    expect((await answer(owner, 999999999, [["response", "accept"]])).status).toBe(404);
    expect((await answer(owner, "not-an-id", [["response", "accept"]])).status).toBe(404);
    expect((await membership("brand_ambassador@demo.test")).status).toBe("invited");

    // A guest is sent to sign in; GET answers 405.
    const guest = await answer(routeVisitor(), invite.id, [["response", "accept"]]);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/users\/sign_in/);
    expect((await owner.get(inviteLoader, `/partner-memberships/${invite.id}`, { params: { id: String(invite.id) } })).status).toBe(405);

    const declined = await answer(owner, invite.id, [["response", "decline"]]);
    expect(declined.status).toBe(302);
    expect((await membership("brand_ambassador@demo.test")).status).toBe("declined");
    expect((await shellOf(owner)).partnerMemberships).toEqual([]);
  });
});

describe("PUT /site_tours/viewed_tour and /viewed_tours", () => {
  it("marks a tour seen, idempotently, so it is no longer offered", async () => {
    const ids = await tourIds();
    const browser = await signedIn("teacher@demo.test");
    expect(await unseenKeys(browser)).toContain("site_help");

    const first = await browser.api(viewedTour, "PUT", "/site_tours/viewed_tour", { site_tour_id: ids.site_help });
    expect(first.status).toBe(200);
    expect(first.data.meta.viewed_site_tour_ids).toEqual([ids.site_help]);
    const again = await browser.api(viewedTour, "PUT", "/site_tours/viewed_tour", { site_tour_id: ids.site_help });
    expect(again.data.meta.viewed_site_tour_ids).toEqual([ids.site_help]);
    expect(await unseenKeys(browser)).not.toContain("site_help");
    expect(await viewsOf("teacher@demo.test")).toHaveLength(1);
  });

  it("marks several tours seen at once", async () => {
    const ids = await tourIds();
    const browser = await signedIn("tutor@demo.test");
    const answered = await browser.api(viewedTours, "PUT", "/site_tours/viewed_tours", { site_tour_ids: [ids.video, ids.study_room, ids.video] });
    expect(answered.status).toBe(200);
    expect(answered.data.meta.viewed_site_tour_ids).toEqual([ids.video, ids.study_room].sort((a, b) => a! - b!));
    expect((await unseenKeys(browser)).sort()).toEqual(["online_course_experience", "site_help"]);
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
    const answered = await browser.api(path.endsWith("tours") ? viewedTours : viewedTour, "PUT", path, payload);
    expect(answered.status).toBe(status);
    expect(answered.data.errors[0].code).toBe(code);
    expect(await viewsOf("content_creator@demo.test")).toEqual([]);
  });

  it("takes JSON only, PUT only, and signed-in users only", async () => {
    const ids = await tourIds();
    const browser = await signedIn("manager@demo.test");
    const form = await browser.api(viewedTour, "PUT", "/site_tours/viewed_tour", `site_tour_id=${ids.site_help}`, { headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(400);
    expect((await browser.get(viewedTourLoader, "/site_tours/viewed_tour")).status).toBe(405);
    const guest = await routeVisitor().api(viewedTour, "PUT", "/site_tours/viewed_tour", { site_tour_id: ids.site_help });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/users\/sign_in/);
    expect(await viewsOf("manager@demo.test")).toEqual([]);
  });
});

describe("the tour-prompts cookie", () => {
  it("turns the tour prompt off, and the shell is still one query with the session", async () => {
    const id = await userId("instructor@demo.test");
    await database().db.deleteFrom("site_tour_views").where("user_id", "=", id).execute();
    const session = await sessionCookieFor(id);
    const prompted = routeVisitor({ session });
    const off = routeVisitor({ session });
    off.jar.set(TOUR_PROMPTS_COOKIE, "off");
    const promptedAnswer = await prompted.get(rootLoader, "/courses");
    const offAnswer = await off.get(rootLoader, "/courses");
    expect(promptedAnswer.data.shell.unseenTours.map((tour: { key: string }) => tour.key)).toContain("site_help");
    expect(offAnswer.data.shell.unseenTours).toEqual([]);
    expect(promptedAnswer.queries).toBe(1);
    expect(offAnswer.queries).toBe(1);
  });
});

describe("GET /site-tour", () => {
  it("lists the tour's steps in order, for guests too, with a way back", async () => {
    const answered = await routeVisitor().get(siteTourLoader, "/site-tour?tour=site_help&from=%2Fcourses");
    expect(answered.status).toBe(200);
    expect(answered.data.tour.steps.slice(0, 5).map((step: { title: string }) => step.title)).toEqual(["Home", "Menus", "Dark mode", "Tours", "Your account"]);
    expect(answered.data.from).toBe("/courses");
  });

  it("picks the tour of the page it came from, and answers 404 to an unknown tour", async () => {
    const picked = await routeVisitor().get(siteTourLoader, "/site-tour?from=%2Fin-course-experience%2Fwaterloo-math-137-exam-prep");
    expect(picked.data.tour).toMatchObject({ key: "online_course_experience", title: "Your online course" });
    expect((await routeVisitor().get(siteTourLoader, "/site-tour?tour=nope")).status).toBe(404);
  });
});
