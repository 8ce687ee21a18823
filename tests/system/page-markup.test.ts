import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/accounts/session.server";
import { hashPassword } from "../../app/accounts/password.server";
import { latestMailTo, tokenIn } from "../integration/accounts/helpers";
import { useTestDatabase } from "../support/database";
import { startTestApp, visitor } from "../support/http-app";
import { sessionCookieFor } from "../support/route-visitor";

/**
 * What the pages make of their data, as a browser without JavaScript receives it: forms that
 * post natively (method, action, hidden fields, labels), error messages next to the fields they
 * refuse, texts composed in components and the shell's markup. What the routes answer is
 * asserted where their loaders and actions are called directly; only the rendered HTML is
 * checked here, each page fetched once for all its checks.
 */
const database = useTestDatabase();
const db = () => database().db;
let app: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Page text as read: React's <!-- --> markers between adjacent text parts removed. */
const withoutMarkers = (html: string) => html.replace(/<!-- -->/g, "");

async function userId(email: string) {
  return (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** The labelled input of a field: a <label for=id> and an input with that id and name. */
function labelledInput(html: string, name: string, type: string) {
  const input = new RegExp(`<input[^>]*id="([^"]+)"[^>]*name="${name}"[^>]*type="${type}"`).exec(html);
  expect(input, `an input named ${name}`).not.toBeNull();
  expect(html).toMatch(new RegExp(`<label for="${input![1]}"[ >]`));
}

/**
 * A browser, signed in as this user when given one (as after signing in, or as an admin signed
 * in as them). It posts forms with the CSRF token of the last page it opened, as a page's form does.
 */
async function browser(user?: string | number, options: { impersonator?: string } = {}) {
  const person = visitor(app);
  if (user !== undefined) {
    const id = typeof user === "number" ? user : await userId(user);
    const impersonatorId = options.impersonator ? await userId(options.impersonator) : undefined;
    person.jar.set(SESSION_COOKIE, await sessionCookieFor(id, { impersonatorId }));
  }
  let csrfToken: string | undefined;
  const token = () => {
    if (!csrfToken) throw new Error("open a page before posting a form");
    return csrfToken;
  };
  return Object.assign(person, {
    /** Opens a page; `text` is its HTML without React's text markers. */
    async open(pathname: string) {
      const page = await person.page(pathname);
      csrfToken = page.csrfToken ?? csrfToken;
      return { ...page, status: page.response.status, text: withoutMarkers(page.html) };
    },
    /** Posts a form the way a browser without JavaScript does, and reads the page it answers. */
    async post(pathname: string, fields: Record<string, string> | [string, string][]) {
      const response = await person.fetch(pathname, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Origin: app.origin },
        body: new URLSearchParams([["csrf_token", token()], ...(Array.isArray(fields) ? fields : Object.entries(fields))]),
      });
      const html = await response.text();
      return { response, status: response.status, location: response.headers.get("Location"), html, text: withoutMarkers(html) };
    },
    /** Posts a multipart form (a file upload). */
    async upload(pathname: string, form: FormData) {
      form.append("csrf_token", token());
      const response = await person.fetch(pathname, { method: "POST", body: form, headers: { Accept: "text/html", Origin: app.origin } });
      return { status: response.status, text: withoutMarkers(await response.text()) };
    },
  });
}

describe("signing in and up", () => {
  it("answers a wrong password and an unknown email with the same page, and keeps a refused sign-up's input", async () => {
    const guest = await browser();
    await guest.open("/sign-up");
    const taken = await guest.post("/sign-up", { first_name: "Stu", last_name: "Dent", email: "STUDENT@demo.test", password: "whatever-password" });
    expect(taken.status).toBe(400);
    expect(taken.html).toContain("already exists");
    expect(taken.html).toContain('value="Stu"');

    const wrongPassword = await guest.post("/users/sign_in", { email: "student@demo.test", password: "not the password" });
    const unknownEmail = await guest.post("/users/sign_in", { email: "nobody-here@example.test", password: "not the password" });
    expect(wrongPassword.status).toBe(400);
    expect(unknownEmail.status).toBe(400);
    const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    const a = text(wrongPassword.html);
    const b = text(unknownEmail.html);
    expect(a).toContain("don't match an account");
    expect(a.replace("student@demo.test", "X").replace(/[\w-]{30,}/g, "")).toBe(b.replace("nobody-here@example.test", "X").replace(/[\w-]{30,}/g, ""));
  });
});

describe("password reset and confirmation pages", () => {
  it("asks for a link with a native form, answers every address alike and shows the mail with clickable links", async () => {
    const guest = await browser();
    for (const pathname of ["/users/password/new", "/users/password"]) {
      const { status, html } = await guest.open(pathname);
      expect(status, pathname).toBe(200);
      expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/users\/password"/);
      expect(html).toMatch(/<input type="hidden" name="csrf_token" value="[^"]+"/);
      labelledInput(html, "email", "email");
    }

    const malformed = await guest.post("/users/password", { email: "not-an-email" });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain("Enter a valid email address");
    expect(malformed.text).toMatch(/<input[^>]*name="email"[^>]*value="not-an-email"/);
    expect(malformed.text).toMatch(/aria-invalid="true"/);

    const { email } = await db()
      .insertInto("users")
      .values({ email: "markup-reset@example.test", first_name: "Rita", last_name: "Set", password_hash: null, confirmed_at: new Date() })
      .returning("email")
      .executeTakeFirstOrThrow();
    let sentTo = "";
    for (let request = 0; request < 2; request += 1) {
      const asked = await guest.post("/users/password", { email });
      expect(asked.status).toBe(302);
      sentTo = asked.location!;
    }
    expect(sentTo).toBe("/users/password/new?sent=1");
    const sent = await guest.open(sentTo);
    expect(sent.html).toContain("If an account exists for that email address");

    const newest = (await latestMailTo(db(), email))!;
    const token = tokenIn(newest.text_body, "reset_password_token");
    const mailbox = await guest.open(`/dev/mailbox?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(mailbox.status).toBe(200);
    const links = [...mailbox.html.matchAll(/href="\/dev\/mailbox\/(\d+)\?to=[^"]*"/g)].map((match) => Number(match[1]));
    expect(links).toHaveLength(2);
    expect(links[0]).toBe(newest.id);
    expect(links[0]).toBeGreaterThan(links[1]!);
    const mail = await guest.open(`/dev/mailbox/${newest.id}`);
    expect(mail.status).toBe(200);
    expect(mail.html).toContain("Reset your Marketplace password");
    expect(mail.html).toMatch(new RegExp(`<a href="http://127\\.0\\.0\\.1:\\d+/users/password/edit\\?reset_password_token=${token}"`));
  });

  it("shows the new-password form for a live link, re-renders refused passwords, and offers a new link for a dead one", async () => {
    const { email } = await db()
      .insertInto("users")
      .values({ email: "markup-new-password@example.test", first_name: "Nia", last_name: "Word", password_hash: null, confirmed_at: new Date() })
      .returning("email")
      .executeTakeFirstOrThrow();
    const guest = await browser();
    await guest.open("/users/password/new");
    expect((await guest.post("/users/password", { email })).status).toBe(302);
    const token = tokenIn((await latestMailTo(db(), email))!.text_body, "reset_password_token");

    const { status, html } = await guest.open(`/users/password/edit?reset_password_token=${token}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/users\/password"/);
    expect(html).toMatch(/<input type="hidden" name="_method" value="put"/);
    expect(html).toContain(`value="${token}"`);
    labelledInput(html, "password", "password");
    labelledInput(html, "password_confirmation", "password");

    for (const [password, confirmation, message] of [
      ["short", "short", "Use at least 8 characters"],
      ["my-new-password-123", "my-new-password-124", "The two passwords don&#x27;t match"],
    ] as const) {
      const refused = await guest.post("/users/password", { _method: "put", reset_password_token: token, password, password_confirmation: confirmation });
      expect(refused.status).toBe(400);
      expect(refused.html).toContain(message);
      expect(refused.html).toContain(`value="${token}"`);
      expect(refused.html).not.toContain(`value="${password}"`);
    }

    // A link that no longer works (used, expired or made up: the same answer) on submission and on the page.
    const dead = "a-link-that-no-longer-works";
    const again = await guest.post("/users/password", { _method: "put", reset_password_token: dead, password: "another-password-456", password_confirmation: "another-password-456" });
    expect(again.status).toBe(422);
    expect(again.html).toContain("invalid, has expired or has already been used");
    expect(again.html).toContain('href="/users/password/new"');
    const page = await guest.open(`/users/password/edit?reset_password_token=${dead}`);
    expect(page.status).toBe(422);
    expect(page.html).toContain("Request a new link");
    expect(page.html).not.toContain('name="password"');
  });

  it("says an address is confirmed, and offers the resend form for a bad link", async () => {
    const guest = await browser();
    expect((await guest.open("/users/confirmation?confirmed=1")).html).toContain("Your email address is confirmed");
    const bad = await guest.open("/users/confirmation?confirmation_token=not-a-real-token");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("This confirmation link is invalid or has expired");
    expect(bad.html).toMatch(/<form[^>]*method="post"[^>]*action="\/users\/confirmation"/);
  });
});

describe("the /profile page", () => {
  it("says what is missing, shows refused input next to its messages, and the saved toast once", async () => {
    const user = await db()
      .insertInto("users")
      .values({ email: "markup-profile@example.test", password_hash: await hashPassword("profile-test-password"), first_name: "Pat", last_name: "Doe", confirmed_at: new Date() })
      .returningAll()
      .executeTakeFirstOrThrow();
    const person = await browser(user.id);
    // Signed in a while ago: changing the email address asks for the password again.
    await db().updateTable("sessions").set({ authenticated_at: new Date(Date.now() - 30 * 60_000) }).where("user_id", "=", user.id).execute();
    const before = await person.open("/profile");
    expect(before.status).toBe(200);
    expect(before.text).toContain("Your profile is missing: your school, your year, your faculty, your degree.");

    const bad = await person.post("/profile", [
      ["intent", "profile"],
      ["first_name", ""],
      ["last_name", "Doe"],
      ["email", "not-an-email"],
      ["year", "Third year typed by hand"],
      ["country_code", "FR"],
    ]);
    expect(bad.status).toBe(400);
    for (const message of ["Enter your first name", "Enter a valid email address", "Choose Canada or the United States", "Year is too long"]) {
      expect(bad.text).toContain(message);
    }
    expect(bad.text).toContain('value="not-an-email"');

    const base: [string, string][] = [["intent", "profile"], ["first_name", "Pat"], ["last_name", "Doe"], ["email", user.email]];
    const unknownCourse = await person.post("/profile", [...base, ["year", "4"], ["user_courses_attributes[0][course_id]", "999999999"]]);
    expect(unknownCourse.status).toBe(400);
    expect(unknownCourse.text).toContain("There is no course with id 999999999.");

    const newEmail = await person.post("/profile", [["intent", "profile"], ["first_name", "Pat"], ["last_name", "Doe"], ["email", "markup-profile-changed@example.test"]]);
    expect(newEmail.status).toBe(401);
    expect(newEmail.text).toContain("enter your password again");

    const school = await db().selectFrom("schools").select("id").where("school_type", "=", "university").orderBy("id").executeTakeFirstOrThrow();
    const saved = await person.post("/profile", [...base, ["school_id", String(school.id)], ["year", "2"], ["faculty", "Science"], ["degree", "BSc"], ["country_code", "CA"]]);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/profile");
    // The toast rides on a signed cookie, shown in the server's HTML of the next page only.
    const after = await person.open("/profile");
    expect(after.text).toContain("Your profile is complete.");
    expect(after.text).toContain("Your profile is saved.");
    expect(after.html).toContain('data-toast-type="success"');
    expect((await person.open("/profile")).text).not.toContain("Your profile is saved.");
  });

  it("says why a picture is refused", async () => {
    const person = await browser("instructor@demo.test");
    await person.open("/profile");
    const avatar = (file: Blob, name: string) => {
      const form = new FormData();
      form.append("intent", "avatar");
      form.append("avatar", file, name);
      return person.upload("/profile", form);
    };
    const textFile = await avatar(new Blob(["just some words"], { type: "image/png" }), "fake.png");
    expect(textFile.status).toBe(400);
    expect(textFile.text).toContain("That file is not an image we can use");
    const large = await avatar(new Blob([new Uint8Array(5 * 1024 * 1024 + 200_000)], { type: "image/png" }), "big.png");
    expect(large.status).toBe(413);
    expect(large.text).toContain("larger than 5 MB");
  });
});

describe("the admin area", () => {
  beforeAll(async () => {
    await db()
      .insertInto("users")
      .values([
        { email: "second-admin@example.test", first_name: "Second", last_name: "Admin", roles: ["admin"], user_type: "staff", password_hash: null },
        { email: "gone@example.test", first_name: "Gone", last_name: "Away", password_hash: null, deactivated_at: new Date() },
      ])
      .execute();
  });

  it("searches users with a plain GET form with labelled fields, and offers Sign in as only where allowed", async () => {
    const admin = await browser("admin@demo.test");
    const { status, html, text } = await admin.open("/admin?query=student%40demo.test");
    expect(status).toBe(200);
    expect(html).toMatch(/<form[^>]*method="get"/i);
    expect(html).toContain('name="query"');
    expect(html).toContain('for="user-query"');
    expect(html).toContain('for="user-role"');
    expect(html).toContain(`action="/admin/users/${await userId("student@demo.test")}/sign_in_as"`);
    expect(html).toContain('name="csrf_token"');
    // An admin's own pages carry no impersonation banner.
    expect(text).not.toContain("You are signed in as");
    expect((await admin.open("/admin?query=manager%40demo.test")).html).toContain(`action="/admin/users/${await userId("manager@demo.test")}/sign_in_as"`);

    // Admins (others and oneself) and deactivated accounts are listed without the button.
    const admins = await admin.open("/admin?role=admin");
    expect(admins.text).toContain("2 users with role admin");
    expect(admins.html).not.toContain("sign_in_as");
    const deactivated = await admin.open("/admin?query=gone%40example.test");
    expect(deactivated.html).toContain("deactivated");
    expect(deactivated.html).not.toContain("sign_in_as");
  });

  it("pages by 25 with plain links", async () => {
    const admin = await browser("admin@demo.test");
    const { html } = await admin.open("/admin");
    const rows = html.match(/action="\/admin\/users\/\d+\/sign_in_as"/g) ?? [];
    expect(rows.length).toBeLessThanOrEqual(25);
    expect(html).toContain('rel="next"');
    expect((await admin.open("/admin?page=2")).text).toContain("Page 2 of");
  });

  it("shows a manager the admin home without the directory, and a student the 403 page", async () => {
    const manager = await (await browser("manager@demo.test")).open("/admin");
    expect(manager.status).toBe(200);
    expect(manager.html).not.toContain("sign_in_as");
    expect(manager.html).not.toContain('name="query"');
    const student = await (await browser("student@demo.test")).open("/admin");
    expect(student.status).toBe(403);
    expect(student.html).toContain("You don&#x27;t have access to this page");
  });

  it("shows the banner with the way back on every page while an admin is signed in as someone else", async () => {
    const impersonated = await browser("student@demo.test", { impersonator: "admin@demo.test" });
    const dashboard = await impersonated.open("/dashboard");
    expect(dashboard.status).toBe(200);
    expect(dashboard.text).toMatch(/You are signed in as Maya .*\(student@demo\.test\)/);
    expect(dashboard.html).toContain('action="/admin/impersonation/stop"');
    expect(dashboard.html).toContain("Back to my account");
    expect((await impersonated.open("/courses")).text).toMatch(/You are signed in as Maya .*\(student@demo\.test\)/);
  });
});

describe("online courses", () => {
  const COURSE = "waterloo-math-137-exam-prep";
  const BASE = `/in-course-experience/${COURSE}`;

  async function checkpointQuiz() {
    return db()
      .selectFrom("activities")
      .innerJoin("sections", "sections.id", "activities.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .innerJoin("online_courses", "online_courses.id", "chapters.online_course_id")
      .where("online_courses.slug", "=", COURSE)
      .where("activities.activity_type", "=", "checkpoint_quiz")
      .orderBy("chapters.position")
      .select(["activities.id"])
      .executeTakeFirstOrThrow();
  }

  it("shows a quiz's questions without their answers, then says what is wrong or the score", async () => {
    const student = await browser("student@demo.test");
    const quiz = await checkpointQuiz();
    const questions = await db().selectFrom("quiz_questions").selectAll().where("activity_id", "=", quiz.id).orderBy("position").execute();
    const { status, html } = await student.open(`${BASE}/assessments/${quiz.id}`);
    expect(status).toBe(200);
    for (const question of questions) expect(html).toContain(question.prompt.replaceAll("'", "&#x27;").slice(0, 20));
    // Keys of the stored answers, in the markup or the serialized loader data.
    expect(html).not.toMatch(/answer_?index|\\?"explanation\\?"|\\?"correct\\?"/i);

    const submit = (fields: Record<string, string>) => student.post(`${BASE}/assessments/${quiz.id}`, { intent: "submit-quiz", activity_id: String(quiz.id), ...fields });
    const bad = await submit({ [`question_${questions[0]!.id}`]: "42" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("does not match any of the question");
    const good = await submit(Object.fromEntries(questions.map((question) => [`question_${question.id}`, String(question.answer_index)])));
    expect(good.status).toBe(200);
    expect(good.html).toContain(`You scored ${questions.length} of ${questions.length}`);
  });

  it("puts the lesson's id in its completion form", async () => {
    const student = await browser("student@demo.test");
    const resume = await student.fetch(`${BASE}?resume=true`, { headers: { Accept: "text/html" } });
    expect([302, 303]).toContain(resume.status);
    const { html } = await student.open(resume.headers.get("Location")!);
    expect(html).toMatch(/name="activity_id" value="\d+"/);
  });

  it("shows a guest the preview, why a lesson is locked, and lessons found by title", async () => {
    const guest = await browser();
    const intro = await guest.open(`${BASE}/intro`);
    expect(intro.status).toBe(200);
    expect(intro.html).toContain("Free preview");
    const locked = await guest.open(`${BASE}/assessments/${(await checkpointQuiz()).id}`);
    expect(locked.status).toBe(200);
    expect(locked.html).toContain("Sign in to open this lesson.");
    expect(locked.html).not.toContain('name="question_');
    const found = await guest.open(`${BASE}?q=squeeze`);
    expect(found.html).toContain("1 lesson matches");
    expect(found.html).toContain("The Squeeze Theorem");
  });

  it("shows the packages with prices, the struck regular price and checkout links", async () => {
    const course = await db().selectFrom("online_courses").select("id").where("slug", "=", COURSE).executeTakeFirstOrThrow();
    const { html } = await (await browser()).open(`/online-courses/${course.id}`);
    expect(html).toContain("Learn-Practice Bundle");
    expect(html).toMatch(/<s[^>]*>\$69 CAD<\/s>/);
    expect(html).toContain(`/checkout?online_course_id=${course.id}&amp;package=practice`);
  });
});

describe("a student's dashboard and account menu", () => {
  it("greets the student, lists the online course with its progress, and answers a partner invitation from the menu", async () => {
    const student = await browser("student@demo.test");
    // A tab the student does not have falls back to Current.
    const { html } = await student.open("/dashboard?tab=class-rep");
    expect(html).toContain("Welcome back");
    expect(html).toMatch(/aria-current="page"[^>]*>Current<\/a>/);
    expect(html).not.toContain("Class Rep</a>");
    expect(html).toContain("Your online courses");
    expect(html).toMatch(/<progress[^>]*value="\d+"/);
    expect(html).toContain("/in-course-experience/waterloo-math-137-exam-prep?resume=true");
    expect(html).toContain("Accept the invitation from McGill Pre-Med Society");
    expect((await student.open("/dashboard?tab=mcat")).html).toContain("You have no MCAT online course yet.");

    const invite = await db()
      .selectFrom("partner_memberships as pm")
      .innerJoin("users as u", "u.id", "pm.user_id")
      .select("pm.id")
      .where("u.email", "=", "student@demo.test")
      .executeTakeFirstOrThrow();
    const accepted = await student.post(`/partner-memberships/${invite.id}`, [["response", "accept"], ["redirectTo", "/courses?school=waterloo"]]);
    expect(accepted.status).toBe(302);
    const after = await student.open(accepted.location!);
    expect(after.html).toContain("You are now a member of McGill Pre-Med Society.");
    expect(after.html).toMatch(/McGill Pre-Med Society(<!-- -->)? <span class="shell-menu__status">Member<\/span>/);
    expect(after.html).not.toContain("Accept the invitation from McGill Pre-Med Society");
  });

  it("lists a partner member's membership with its status", async () => {
    const { html } = await (await browser("partner_member@demo.test")).open("/courses");
    expect(html).toContain('data-shell="partner-memberships"');
    expect(html).toMatch(/href="\/partners\/waterloo-math-society"[^>]*>Waterloo Mathematics Society(<!-- -->)? <span class="shell-menu__status">Member<\/span>/);
    expect(html).not.toContain("Accept the invitation");
  });
});

describe("the shell for guests", () => {
  it("has no partners section or dialog by default, and shows the sign-out toast once", async () => {
    const guest = await browser();
    const { html } = await guest.open("/courses");
    expect(html).not.toContain('data-shell="partner-memberships"');
    expect(html).not.toContain("<dialog");
    const signedOut = await guest.post("/users/sign_out", []);
    expect(signedOut.status).toBe(302);
    const first = await guest.open("/");
    expect(first.html).toContain("You are signed out.");
    expect(first.html).toContain('data-toast-type="success"');
    expect((await guest.open("/")).html).not.toContain("You are signed out.");
  });

  it("renders the privacy dialog open for ?privacyPolicy with a Close link back, and the theme switch of a dark page", async () => {
    const guest = await browser();
    guest.jar.set("theme", "dark");
    const { status, html } = await guest.open("/courses?privacyPolicy&school=waterloo");
    expect(status).toBe(200);
    expect(html).toMatch(/<dialog open="" class="page-dialog"/);
    expect(html).toContain("We never sell your personal information.");
    expect(html).toContain('href="/courses?school=waterloo"');
    expect(html).toMatch(/<a[^>]*href="\/courses\?school=waterloo"[^>]*>Close<\/a>/);
    expect(html).toContain("Switch to light mode");
  });

  it("lists a tour's steps in order with a way back, and picks the tour of the page it came from", async () => {
    const guest = await browser();
    // A visitor who made their cookie choice: the choice's bar (its own heading) is gone.
    guest.jar.set("cookie_consent", "rejected");
    const { status, html } = await guest.open("/site-tour?tour=site_help&from=%2Fcourses");
    expect(status).toBe(200);
    const titles = [...html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
    expect(titles.slice(0, 5)).toEqual(["Home", "Menus", "Dark mode", "Tours", "Your account"]);
    expect(html).toContain('href="/courses"');
    expect((await guest.open("/site-tour?from=%2Fin-course-experience%2Fwaterloo-math-137-exam-prep")).html).toContain("Your online course");
  });
});

describe("referrals", () => {
  it("shows the member's link and what it brought in, refused invitations with the reason, and the sent toast", async () => {
    const rep = await browser("marketing_rep@demo.test");
    const { status, html } = await rep.open("/invites");
    expect(status).toBe(200);
    expect(html).toContain("<h1");
    expect(html).toContain("Invite a Friend");
    expect(html).toMatch(/value="http:\/\/127\.0\.0\.1:\d+\/sign-up\?ref=MKTREP26"/);
    expect(html).toContain("Noah K.");
    expect(html).toContain("sam.ortiz@example.com");
    expect(html).toContain("$10.00");

    for (const [emails, message] of [
      ["", "Enter at least one email address."],
      ["not-an-address", "These are not email addresses: not-an-address."],
      [Array.from({ length: 11 }, (_, index) => `f${index}@example.com`).join(","), "Send at most 10 invitations at a time."],
    ] as const) {
      const refused = await rep.post("/invites", [["emails", emails]]);
      expect(refused.status, emails).toBe(400);
      expect(refused.html).toContain(message);
    }
    const sent = await rep.post("/invites", [["emails", "riley.friend@example.com\nmarketing_rep@demo.test"]]);
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/invites");
    const after = await rep.open("/invites");
    expect(after.html).toContain("Invitation sent to 1 friend. You cannot invite yourself.");
    expect(after.html).toContain("riley.friend@example.com");
  });

  it("greets an invited friend on the sign-up page, for a code someone owns only", async () => {
    const guest = await browser();
    expect((await guest.open("/sign-up?ref=mktrep26")).html).toContain("Ethan invited you.");
    expect((await (await browser()).open("/sign-up?ref=ZZZZZZZZ")).html).not.toContain("invited you.");
  });

  it.each([
    ["marketing_rep@demo.test", "/marketing-rep-dashboard", "Marketing Dashboard", true],
    ["brand_ambassador@demo.test", "/brand-ambassador-dashboard", "Brand Ambassador Dashboard", false],
    ["mcat_rep@demo.test", "/mcat-rep-dashboard", "MCAT Rep Dashboard", undefined],
  ] as const)("%s opens %s titled as the role menu says", async (email, path, title, announcements) => {
    const { status, html } = await (await browser(email)).open(path);
    expect(status).toBe(200);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain("Your invite link");
    if (announcements === true) expect(html).toContain("Announcements waiting for you");
    if (announcements === false) expect(html).not.toContain("Announcements waiting for you");
  });

  it("is the class rep's dashboard tab", async () => {
    const { html } = await (await browser("class_rep@demo.test")).open("/dashboard?tab=class-rep");
    expect(html).toMatch(/aria-current="page"[^>]*>Class Rep<\/a>/);
    expect(html).toContain("Announcements waiting for you");
    expect(html).toContain("Your invite link");
  });
});
