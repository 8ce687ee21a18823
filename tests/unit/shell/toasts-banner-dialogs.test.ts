import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { asksForPage, guestCacheKey } from "../../../server/guest-page-cache";
import { isLegalDocumentId, legalDocument, LEGAL_DOCUMENT_IDS } from "~/legal/documents";
import { dialogForHref, dialogForLink, dialogFromSearch, queryOf, withoutDialogQuery } from "~/shell/dialogs";
import { chunkErrorAction, retryChunkLoadOnce } from "~/shell/chunk-retry";
import { currentBanner, isBannerOpen, SITE_BANNER_COOKIE } from "~/shell/site-banner";
import { isLocalPath, makeToast, TOAST_DEFAULT_DURATION_MS } from "~/toasts/toast";
import { redirectWithToast, serializeToast, TOAST_COOKIE, toastFrom, toastFromValue } from "~/toasts/toast.server";

describe("makeToast", () => {
  it("defaults to an info toast of 6000 ms without action", () => {
    expect(makeToast({ message: " Saved " })).toEqual({ type: "info", message: "Saved", durationMs: TOAST_DEFAULT_DURATION_MS, action: null });
    expect(TOAST_DEFAULT_DURATION_MS).toBe(6000);
  });

  it.each(["success", "error", "info", "warning"] as const)("keeps the %s type", (type) => {
    expect(makeToast({ message: "x", type }).type).toBe(type);
  });

  it.each<[number, boolean]>([
    [999, false],
    [1000, true],
    [6000, true],
    [60_000, true],
    [60_001, false],
    [1500.5, false],
  ])("duration %d ms accepted: %s", (durationMs, accepted) => {
    const make = () => makeToast({ message: "x", durationMs });
    if (accepted) expect(make().durationMs).toBe(durationMs);
    else expect(make).toThrow(RangeError);
  });

  it("needs a message and cuts long ones", () => {
    expect(() => makeToast({ message: "   " })).toThrow(RangeError);
    expect(makeToast({ message: "a".repeat(500) }).message).toHaveLength(300);
  });

  it.each<[string, boolean]>([
    ["/courses", true],
    ["/courses?x=1#y", true],
    ["//evil.example", false],
    ["/\\evil.example", false],
    ["https://evil.example/", false],
    ["javascript:alert(1)", false],
    ["courses", false],
  ])("action link %s is allowed: %s", (href, allowed) => {
    expect(isLocalPath(href)).toBe(allowed);
    const make = () => makeToast({ message: "x", action: { label: "Open", href } });
    if (allowed) expect(make().action).toEqual({ label: "Open", href });
    else expect(make).toThrow(RangeError);
  });
});

describe("toast cookie", () => {
  /** The next request a browser makes with the cookie a response set. */
  const nextRequest = (setCookie: string) => new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0]! } });
  const valueOf = (setCookie: string) => decodeURIComponent(setCookie.split(";")[0]!.slice(TOAST_COOKIE.length + 1));

  it("round-trips through the signed cookie", async () => {
    const toast = makeToast({ message: "Your profile is saved.", type: "success", action: { label: "View", href: "/profile" } });
    const cookie = await serializeToast(toast);
    expect(cookie).toMatch(new RegExp(`^${TOAST_COOKIE}=[^;]+; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`));
    expect((await toastFrom(nextRequest(cookie))).toast).toEqual(toast);
  });

  it.each<[string, unknown]>([
    ["not an object", "x"],
    ["a list", [1, 2]],
    ["an unknown type", { message: "x", type: "party" }],
    ["no message", { type: "info" }],
    ["an off-site action", { message: "x", type: "info", action: { label: "Go", href: "https://evil.example" } }],
    ["a duration out of range", { message: "x", type: "info", durationMs: 5 }],
  ])("reads %s as no toast", (_name, value) => {
    expect(toastFromValue(value)).toBeNull();
  });

  it("ignores a tampered, forged or unsigned cookie, and clears it", async () => {
    const cookie = await serializeToast({ type: "success", message: "Saved" });
    const value = valueOf(cookie);
    const [payload, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    // The same signature on another message, a signature made with another secret, the old unsigned base64url JSON.
    const otherPayload = Buffer.from(JSON.stringify({ type: "success", message: "Your account is deleted" })).toString("base64");
    const forged = `${otherPayload}.${signature}`;
    const wrongSecret = valueOf(await createCookie(TOAST_COOKIE, { secrets: ["another-secret-of-at-least-32-characters"] }).serialize({ type: "success", message: "Saved" }));
    const unsigned = Buffer.from(JSON.stringify({ type: "success", message: "Saved" })).toString("base64url");
    for (const tampered of [forged, wrongSecret, unsigned, `${payload}.`, payload]) {
      const read = await toastFrom(new Request("http://localhost/", { headers: { Cookie: `${TOAST_COOKIE}=${encodeURIComponent(tampered)}` } }));
      expect(read.toast, tampered).toBeNull();
      expect(read.clearCookie).toMatch(new RegExp(`^${TOAST_COOKIE}=; Max-Age=0`));
    }
    // The untouched one still reads.
    expect((await toastFrom(nextRequest(cookie))).toast).toMatchObject({ message: "Saved" });
  });

  it("redirects with the cookie, keeps other cookies and the status asked for, and is read once", async () => {
    const response = await redirectWithToast("/", { type: "success", message: "Signed out" }, { headers: { "Set-Cookie": "__session=; Max-Age=0" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    const flash = cookies.find((cookie) => cookie.startsWith(`${TOAST_COOKIE}=`))!;
    expect(flash).toMatch(/HttpOnly/);

    const { toast, clearCookie } = await toastFrom(nextRequest(flash));
    expect(toast).toMatchObject({ type: "success", message: "Signed out", durationMs: 6000 });
    expect(clearCookie).toMatch(new RegExp(`^${TOAST_COOKIE}=; Max-Age=0`));
    expect(await toastFrom(new Request("http://localhost/"))).toEqual({ toast: null, clearCookie: null });
    expect(await toastFrom(new Request("http://localhost/", { headers: { Cookie: "other=1" } }))).toEqual({ toast: null, clearCookie: null });

    expect((await redirectWithToast("/my-subscription", { message: "Done" }, { status: 303 })).status).toBe(303);
  });
});

describe("site banner", () => {
  it.each<[string, string]>([
    ["2026-01-15T00:00:00Z", "exam-prep-winter-2026"],
    ["2026-05-01T00:00:00Z", "exam-prep-summer-2026"],
    ["2026-11-23T00:00:00Z", "exam-prep-fall-2026"],
  ])("on %s the banner is %s", (date, id) => {
    const banner = currentBanner(new Date(date));
    expect(banner.id).toBe(id);
    expect(banner.link.href).toBe("/courses");
  });

  it("stays dismissed for its own id only", () => {
    const fall = currentBanner(new Date("2026-11-23T00:00:00Z"));
    expect(isBannerOpen(fall, undefined)).toBe(true);
    expect(isBannerOpen(fall, "exam-prep-fall-2026")).toBe(false);
    expect(isBannerOpen(fall, "exam-prep-summer-2026")).toBe(true);
    expect(isBannerOpen(null, undefined)).toBe(false);
  });

  it("keeps guest pages apart by banner state, never by the raw cookie", () => {
    const url = new URL("http://localhost/courses");
    const key = (cookie?: string) => guestCacheKey("GET", url, { accept: "text/html", cookies: { [SITE_BANNER_COOKIE]: cookie } });
    const current = currentBanner(new Date()).id;
    expect(key(current)).not.toBe(key(undefined));
    expect(key("made-up-value")).toBe(key(undefined));
    expect(key("another-made-up")).toBe(key(undefined));
  });

  it.each<[string | undefined, boolean]>([
    ["text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true],
    ["text/html", true],
    [undefined, true],
    ["", true],
    ["*/*", true],
    ["*/*;q=0.8", true],
    ["application/json", false],
    ["application/json, */*", false],
    ["text/event-stream", false],
    ["image/avif,image/webp,*/*", false],
  ])("serves a guest asking with Accept %s the cached page: %s", (accept, cached) => {
    expect(asksForPage(accept)).toBe(cached);
    expect(guestCacheKey("GET", new URL("http://localhost/courses"), { accept, cookies: {} }) !== undefined).toBe(cached);
  });

  it("never caches a page carrying a toast", () => {
    const url = new URL("http://localhost/");
    expect(guestCacheKey("GET", url, { accept: "text/html", cookies: { [TOAST_COOKIE]: "x" } })).toBeUndefined();
  });
});

describe("page dialogs", () => {
  it.each<[string, string | null]>([
    ["/privacy-policy", "privacy-policy"],
    ["/privacy-policy/", "privacy-policy"],
    ["/privacy-policy?x=1", "privacy-policy"],
    ["/terms-and-conditions#payments", "terms-and-conditions"],
    ["/privacy", null],
    ["/courses", null],
    ["/users/sign_in?redirect_to=%2Fcourses", "login"],
    ["/sign-up?role=teacher", "sign-up"],
    ["/search", "search"],
    ["/contact-us", "contact-us"],
    ["/users/reauthenticate?redirect_to=%2Fprofile", "reauthenticate"],
    ["/checkout?plan=plus&interval=year", "checkout"],
    ["/checkout/success", null],
  ])("%s opens %s", (href, id) => {
    expect(dialogForHref(href)).toBe(id);
  });

  it.each<[string, string, string]>([
    ["/courses", "?privacyPolicy", "/courses"],
    ["/courses", "?privacyPolicy=1&school=waterloo", "/courses?school=waterloo"],
    ["/", "?a=1&privacyPolicy", "/?a=1"],
    ["/pricing", "?dialog=login&interval=year", "/pricing?interval=year"],
  ])("closing on %s%s goes to %s", (path, search, expected) => {
    expect(withoutDialogQuery(path, search)).toBe(expected);
  });

  it.each<[string, ReturnType<typeof dialogFromSearch>]>([
    ["?dialog=login", { id: "login", href: "/users/sign_in" }],
    ["?dialog=checkout&plan=plus&interval=year", { id: "checkout", href: "/checkout?plan=plus&interval=year" }],
    ["?dialog=search&query=calculus&privacyPolicy", { id: "search", href: "/search?query=calculus" }],
    ["?dialog=privacy-policy", { id: "privacy-policy", href: "/privacy-policy" }],
    ["?dialog=toString", null],
    ["?dialog=admin", null],
    ["?query=calculus", null],
  ])("the deep link %s opens %j", (search, expected) => {
    expect(dialogFromSearch(search)).toEqual(expected);
  });

  it("a link opens its dialog everywhere but on its own page", () => {
    expect(dialogForLink("/users/sign_in", "/pricing")).toEqual({ id: "login", href: "/users/sign_in" });
    expect(dialogForLink("/users/sign_in?redirect_to=%2F", "/users/sign_in")).toBeNull();
    expect(dialogForLink("/courses", "/")).toBeNull();
  });

  it("reads the query of a dialog's page URL", () => {
    expect(queryOf("/sign-up?role=teacher#top").get("role")).toBe("teacher");
    expect([...queryOf("/search").keys()]).toEqual([]);
  });

  it("has both legal documents, with sections and a formatted date", () => {
    for (const id of LEGAL_DOCUMENT_IDS) {
      const document = legalDocument(id);
      expect(isLegalDocumentId(id)).toBe(true);
      expect(document.sections.length).toBeGreaterThan(3);
      expect(document.updatedLabel).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    }
    expect(isLegalDocumentId("cookies")).toBe(false);
  });
});

describe("chunk-load retry (SPEC §4)", () => {
  function memoryStorage() {
    const map = new Map<string, string>();
    return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) };
  }

  it("reloads once, then shows the error page, then may retry again", () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    expect(retryChunkLoadOnce(storage, "/courses", reload)).toBe(true);
    expect(reloads).toBe(1);
    expect(retryChunkLoadOnce(storage, "/courses", reload)).toBe(false);
    expect(reloads).toBe(1);
    expect(retryChunkLoadOnce(storage, "/courses", reload)).toBe(true);
    expect(reloads).toBe(2);
  });

  it("counts each path on its own", () => {
    const storage = memoryStorage();
    expect(retryChunkLoadOnce(storage, "/a", () => {})).toBe(true);
    expect(retryChunkLoadOnce(storage, "/b", () => {})).toBe(true);
    expect(chunkErrorAction(true)).toBe("show-error");
    expect(chunkErrorAction(false)).toBe("reload");
  });
});
