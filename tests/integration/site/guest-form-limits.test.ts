import { randomBytes } from "node:crypto";
import type { ActionFunctionArgs, HeadersFunction } from "@remix-run/node";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { action as contactAction, headers as contactHeaders } from "~/routes/contact-us";
import { action as jobApplicationAction, headers as jobApplicationHeaders } from "~/routes/job-application";
import { action as trackingAction } from "~/routes/tracking_events";
import { CONTACT_SENT_MESSAGE } from "~/contact/contact";
import { contactRateLimit } from "~/contact/contact.server";
import { jobApplicationRateLimit } from "~/careers/careers.server";
import { hitRateLimit } from "~/security/rate-limit.server";
import { trackingEventRateLimit } from "~/tracking/tracking-events.server";
import { useTestDatabase } from "../../support/database";
import { routeAnswer, type RouteAnswer } from "../../support/route-answer";
import { expectRedirectWithToast } from "../../support/toast";
import { inOneRateLimitWindow } from "../accounts/helpers";

/**
 * Guest forms that store rows or send mail are limited per client address: past the limit the
 * answer is 429 with Retry-After and a message saying when to come back, and nothing is stored
 * or mailed.
 */
const database = useTestDatabase();
const db = () => database().db;

let nextAddress = 0;
const newAddress = () => `192.0.2.${(nextAddress += 1)}`;
const unique = () => randomBytes(5).toString("hex");

// The hour's windows end on a five-minute one too: a fresh five-minute window covers all three limits.
beforeEach(() => inOneRateLimitWindow(trackingEventRateLimit.windowSeconds));

/** What a route action answered, called as the server calls it from this client address. */
function answerOf(action: (args: ActionFunctionArgs) => Promise<unknown>, request: Request, clientIp: string) {
  return routeAnswer(() => action({ request, params: {}, context: { clientIp } } as unknown as ActionFunctionArgs));
}

/** The headers Remix gives the page's document (or single-fetch) answer: the route's `headers` export. */
function pageHeaders(headers: HeadersFunction, answer: RouteAnswer) {
  return new Headers(headers({ actionHeaders: answer.headers, loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined }));
}

const formPost = (path: string, fields: Record<string, string>) =>
  new Request(`http://app.test${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

function expectRetryAfter(answer: Pick<RouteAnswer, "status" | "headers">, windowSeconds: number) {
  expect(answer.status).toBe(429);
  const seconds = Number(answer.headers.get("Retry-After"));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  return seconds;
}

describe("the contact form", () => {
  const contact = (email: string, clientIp: string) =>
    answerOf(contactAction, formPost("/contact-us", { name: "Sam Parent", email, topic: "general", body: "Is there a discount for siblings?" }), clientIp);
  const stored = async (email: string) => (await db().selectFrom("contact_messages").select("id").where("email", "=", email).execute()).length;
  const mailed = async (email: string) =>
    (await db().selectFrom("outbox_emails").select("id").where("kind", "=", "contact_message").where(sql<string>`text_body`, "like", `%${email}%`).execute()).length;

  it(`takes ${contactRateLimit.limit} messages an hour from one address; the next is 429 with Retry-After, not stored and not mailed`, async () => {
    expect(contactRateLimit).toEqual({ name: "contact:ip", limit: 5, windowSeconds: 3600 });
    const email = `parent-${unique()}@example.test`;
    const address = newAddress();
    for (let message = 1; message <= contactRateLimit.limit; message += 1) {
      const sent = await contact(email, address);
      await expectRedirectWithToast(sent, "/contact-us", CONTACT_SENT_MESSAGE);
    }
    const refused = await contact(email, address);
    const seconds = expectRetryAfter(refused, 3600);
    expect(JSON.stringify(refused.data)).toContain(`so this one was not sent. Please try again in ${Math.ceil(seconds / 60)} minute`);
    expect(pageHeaders(contactHeaders, refused).get("Retry-After")).toBe(String(seconds));
    expect(await stored(email)).toBe(contactRateLimit.limit);
    expect(await mailed(email)).toBe(contactRateLimit.limit);

    // Another address is not held back.
    expect((await contact(email, newAddress())).status).toBe(302);
    expect(await stored(email)).toBe(contactRateLimit.limit + 1);
  });
});

describe("the job application form", () => {
  const apply = (email: string, clientIp: string) =>
    answerOf(
      jobApplicationAction,
      formPost("/job-application", { name: "Ada Lovelace", email, cover_letter: "I have taught calculus for six years and love it." }),
      clientIp,
    );

  it(`takes ${jobApplicationRateLimit.limit} applications an hour from one address; the next is 429 with Retry-After and stores nothing`, async () => {
    expect(jobApplicationRateLimit).toEqual({ name: "job-application:ip", limit: 5, windowSeconds: 3600 });
    const email = `applicant-${unique()}@example.test`;
    const address = newAddress();
    for (let application = 1; application <= jobApplicationRateLimit.limit; application += 1) {
      await expectRedirectWithToast(await apply(email, address), "/job-application", "Thank you — we received your application and will reply by email within two weeks.");
    }
    const refused = await apply(email, address);
    const seconds = expectRetryAfter(refused, 3600);
    expect(JSON.stringify(refused.data)).toContain("Please try again in");
    expect(pageHeaders(jobApplicationHeaders, refused).get("Retry-After")).toBe(String(seconds));
    expect(await db().selectFrom("job_applications").select("id").where("email", "=", email).execute()).toHaveLength(jobApplicationRateLimit.limit);
  });
});

describe("the tracking endpoints", () => {
  const track = (type: string, clientIp: string) =>
    trackingAction({
      request: new Request("http://app.test/tracking_events", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: "cookie_consent=accepted" },
        body: JSON.stringify({ tracking_event: { type } }),
      }),
      params: {},
      context: { clientIp },
    } as unknown as ActionFunctionArgs);

  it(`store ${trackingEventRateLimit.limit} events per address in ${trackingEventRateLimit.windowSeconds / 60} minutes; past that 429 with Retry-After, nothing stored`, async () => {
    expect(trackingEventRateLimit).toEqual({ name: "tracking-event:ip", limit: 600, windowSeconds: 300 });
    const address = newAddress();
    expect((await track(`first-${unique()}`, address)).status).toBe(201);
    // The rest of the window's allowance, counted as the endpoint counts it.
    for (let event = 2; event <= trackingEventRateLimit.limit; event += 1) await hitRateLimit(trackingEventRateLimit, address);
    const type = `flood-${unique()}`;
    const refused = await track(type, address);
    expectRetryAfter({ status: refused.status, headers: refused.headers }, trackingEventRateLimit.windowSeconds);
    expect(await refused.json()).toMatchObject({ errors: [{ code: "too_many_requests" }], meta: { retry_after: Number(refused.headers.get("Retry-After")) } });
    expect(await db().selectFrom("tracking_events").select("id").where("event_type", "=", type).execute()).toHaveLength(0);
    expect((await track(type, newAddress())).status).toBe(201);
  });
});
