import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRateLimit } from "~/site/contact.server";
import { inOneRateLimitWindow } from "../integration/accounts/helpers";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";

/** The contact form's limit over HTTP: the refused page says when to retry, in its text and its Retry-After header. */
const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const messages = async () => (await database().db.selectFrom("contact_messages").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n;

describe("the contact form", () => {
  it(`refuses the ${contactRateLimit.limit + 1}th message of the hour from one address with 429 and Retry-After, with or without JavaScript`, async () => {
    await inOneRateLimitWindow(300);
    const guest = visitor(app);
    const { csrfToken } = await guest.page("/contact-us");
    const send = (pathname: string, accept?: string) =>
      guest.fetch(pathname, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...(accept ? { Accept: accept } : {}) },
        body: new URLSearchParams({ csrf_token: csrfToken!, name: "Sam Parent", email: "sam@example.test", topic: "general", body: "Is there a discount for siblings?" }),
      });
    const before = await messages();
    for (let message = 1; message <= contactRateLimit.limit; message += 1) expect((await send("/contact-us", "text/html")).status).toBe(302);

    const refused = await send("/contact-us", "text/html");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(contactRateLimit.windowSeconds);
    expect(await refused.text()).toContain(`so this one was not sent. Please try again in ${Math.ceil(retryAfter / 60)} minute`);

    const enhanced = await send("/contact-us.data");
    expect(enhanced.status).toBe(429);
    expect(Number(enhanced.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await messages()).toBe(before + contactRateLimit.limit);
  });
});
