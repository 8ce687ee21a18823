import { describe, expect, it } from "vitest";
import { confirmationMail, friendInvitationMail, passwordResetMail } from "~/mail/templates";

const url = "https://marketplace.test/users/password/edit?reset_password_token=abc_DEF-123&x=1";

describe.each([
  ["password reset", (name: string | null) => passwordResetMail({ name, url, validForHours: 2 }), "Reset your Marketplace password", "expires in 2 hours"],
  ["confirmation", (name: string | null) => confirmationMail({ name, url, validForDays: 3 }), "Confirm your Marketplace email address", "expires in 3 days"],
])("%s mail", (_label, render, subject, expiry) => {
  it("has its subject, the bare link in the text and the expiry", () => {
    const mail = render("Maya");
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("Hi Maya,");
    expect(mail.text).toContain(url);
    expect(mail.text).toContain(expiry);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it("escapes the link in the HTML body (the & of the query included)", () => {
    const { html } = render("Maya");
    expect(html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
    expect(html).not.toContain(`${url}"`);
  });

  it.each([
    ["<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"],
    ['Bob" onmouseover="x', "Bob&quot; onmouseover=&quot;x"],
  ])("escapes a hostile name %j in the HTML body", (name, escaped) => {
    const { html, text } = render(name);
    expect(html).toContain(escaped);
    expect(html).not.toContain(name);
    expect(text).toContain(name);
  });

  it.each<[string | null, string]>([
    [null, "Hi,"],
    ["   ", "Hi,"],
    ["Ann\r\nP.S. click evil.example", "Hi Ann P.S. click evil.example,"],
    ["x".repeat(200), `Hi ${"x".repeat(80)},`],
  ])("greets %j as %j on one line", (name, greeting) => {
    expect(render(name).text.split("\n")[0]).toBe(greeting);
  });
});

it("says 1 hour, not 1 hours", () => {
  expect(passwordResetMail({ name: "A", url, validForHours: 1 }).text).toContain("expires in 1 hour.");
  expect(confirmationMail({ name: "A", url, validForDays: 1 }).text).toContain("expires in 1 day.");
});

describe("the friend invitation", () => {
  it("names the member, carries the invite link and stays one line in the subject", () => {
    const mail = friendInvitationMail({ inviterName: "Maya\r\nBcc: x@y.z", url: "https://app.example/sign-up?ref=MKTREP26&x=<1>" });
    expect(mail.subject).toBe("Maya Bcc: x@y.z invited you to Marketplace");
    expect(mail.text).toContain("Create your free account: https://app.example/sign-up?ref=MKTREP26&x=<1>");
    expect(mail.html).toContain("https://app.example/sign-up?ref=MKTREP26&amp;x=&lt;1&gt;");
    expect(mail.html).not.toContain("<1>");
  });

  it("reads well when the member has no first name", () => {
    expect(friendInvitationMail({ inviterName: "  ", url: "https://app.example/sign-up?ref=MKTREP26" }).subject).toBe("A friend invited you to Marketplace");
  });
});
