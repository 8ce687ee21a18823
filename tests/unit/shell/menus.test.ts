import { describe, expect, it } from "vitest";
import { guestViewer, type Viewer } from "~/accounts/roles";
import {
  accountMenu,
  coursesMenu,
  FOOTER_COLUMNS,
  HELP_CENTER_URL,
  leftItems,
  mainLinks,
  resourcesMenu,
  roleMenuEntries,
  signUpHref,
} from "~/shell/menus";

const user = (...roles: string[]): Viewer => ({ id: 1, roles, userType: "student" });
const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe("leftItems", () => {
  it.each<[string, Viewer, string | null, string | null, string[]]>([
    ["guest", guestViewer, null, null, []],
    ["student", user(), "Dashboard", "/dashboard", []],
    ["admin", user("admin"), "Home", "/admin", ["Educator Home", "Student Home"]],
    ["admin who also teaches", user("admin", "instructor"), "Home", "/admin", ["Educator Home", "Student Home"]],
    ["content_creator", user("content_creator"), "Dashboard", "/content-creator-dashboard", []],
    ["instructor", user("instructor"), "Home", "/instructor-dashboard", ["Student Home"]],
    ["ss_instructor", user("ss_instructor"), "Home", "/instructor-dashboard", ["Student Home"]],
    ["mcat_instructor", user("mcat_instructor"), "Home", "/instructor-dashboard", ["Student Home"]],
    ["lsat_instructor", user("lsat_instructor"), "Home", "/instructor-dashboard", ["Student Home"]],
    ["tutor", user("tutor"), "Home", "/instructor-dashboard", ["Student Home"]],
    ["teacher", user("teacher"), "Home", "/teacher-dashboard", []],
    ["manager", user("manager"), "Home", "/admin", ["Student Home"]],
    ["teacher and content creator", user("teacher", "content_creator"), "Home", "/teacher-dashboard", []],
    ["class_rep (a student)", user("class_rep"), "Dashboard", "/dashboard", []],
    ["brand_ambassador (a student)", user("brand_ambassador"), "Dashboard", "/dashboard", []],
    ["unknown role (a student)", user("astronaut"), "Dashboard", "/dashboard", []],
  ])("%s", (_name, viewer, label, href, collapsed) => {
    const items = leftItems(viewer);
    expect(items?.main.label ?? null).toBe(label);
    expect(items?.main.href ?? null).toBe(href);
    expect(items ? labels(items.collapsed) : []).toEqual(collapsed);
  });

  it("folds Student Home to /dashboard and Educator Home to /instructor-dashboard", () => {
    expect(leftItems(user("admin"))!.collapsed).toEqual([
      { label: "Educator Home", href: "/instructor-dashboard" },
      { label: "Student Home", href: "/dashboard" },
    ]);
  });
});

describe("roleMenuEntries", () => {
  it.each<[string, Viewer, string[]]>([
    ["guest", guestViewer, []],
    ["student", user(), []],
    ["admin", user("admin"), []],
    ["marketing_rep", user("marketing_rep"), ["Marketing Dashboard", "Announcements"]],
    ["class_rep", user("class_rep"), ["Class Rep Dashboard", "Announcements"]],
    ["mcat_rep", user("mcat_rep"), ["MCAT Rep Dashboard"]],
    ["job_applicant", user("job_applicant"), ["Job Application"]],
    ["brand_ambassador", user("brand_ambassador"), ["Brand Ambassador Dashboard"]],
    ["study_buddy_admin", user("study_buddy_admin"), ["Study Buddy Questions"]],
    ["forum_moderator", user("forum_moderator"), ["Forum Reports"]],
    ["blog_manager", user("blog_manager"), ["Blog Dashboard"]],
    ["content_creator and blog_manager (the dashboard is their home)", user("content_creator", "blog_manager"), []],
    ["class_rep and marketing_rep (one Announcements)", user("class_rep", "marketing_rep"), ["Marketing Dashboard", "Class Rep Dashboard", "Announcements"]],
    [
      "every programme role",
      user("brand_ambassador", "job_applicant", "mcat_rep", "class_rep", "marketing_rep"),
      ["Marketing Dashboard", "Class Rep Dashboard", "MCAT Rep Dashboard", "Announcements", "Job Application", "Brand Ambassador Dashboard"],
    ],
  ])("%s", (_name, viewer, expected) => {
    expect(labels(roleMenuEntries(viewer))).toEqual(expected);
  });

  it("links each entry to its page", () => {
    const entries = roleMenuEntries(user("brand_ambassador", "job_applicant", "mcat_rep", "class_rep", "marketing_rep"));
    expect(Object.fromEntries(entries.map((entry) => [entry.label, entry.href]))).toEqual({
      "Marketing Dashboard": "/marketing-rep-dashboard",
      "Class Rep Dashboard": "/dashboard?tab=class-rep",
      "MCAT Rep Dashboard": "/mcat-rep-dashboard",
      Announcements: "/announcements",
      "Job Application": "/job-application",
      "Brand Ambassador Dashboard": "/brand-ambassador-dashboard",
    });
  });
});

describe("resourcesMenu, accountMenu, mainLinks", () => {
  it("offers Invite a Friend to signed-in users only", () => {
    expect(labels(resourcesMenu(guestViewer))).toEqual(["Privacy Policy", "Help Center"]);
    expect(labels(resourcesMenu(user()))).toEqual(["Privacy Policy", "Help Center", "Invite a Friend"]);
    expect(resourcesMenu(user()).find((entry) => entry.label === "Help Center")).toEqual({ label: "Help Center", href: HELP_CENTER_URL, external: true });
  });

  it("starts the account menu with My Account, then partners", () => {
    expect(accountMenu()).toEqual([{ label: "My Account", href: "/profile" }]);
    expect(labels(accountMenu([{ name: "Lakeview Secondary", href: "/partners/lakeview" }]))).toEqual(["My Account", "Lakeview Secondary"]);
  });

  it("shows Pricing to guests only", () => {
    expect(labels(mainLinks(guestViewer))).toEqual(["Tutors", "Pricing", "Blog"]);
    expect(labels(mainLinks(user()))).toEqual(["Tutors", "Blog"]);
  });
});

describe("coursesMenu", () => {
  it.each<[string, Parameters<typeof coursesMenu>[0], [string, string][]]>([
    [
      "guest or no school",
      { schoolType: null, mcatCourseId: null, lsatCourseId: null },
      [["University", "/university"], ["MCAT", "/mcat"], ["LSAT", "/lsat"], ["High School", "/high-school"]],
    ],
    ["university student", { schoolType: "university", mcatCourseId: null, lsatCourseId: null }, [["University", "/university"], ["MCAT", "/mcat"], ["LSAT", "/lsat"]]],
    ["high school student", { schoolType: "high_school", mcatCourseId: null, lsatCourseId: null }, [["High School", "/high-school"], ["University", "/university"]]],
    ["K-8 student", { schoolType: "k_to_8", mcatCourseId: null, lsatCourseId: null }, [["High School", "/high-school"], ["University", "/university"]]],
    [
      "enrolled in MCAT",
      { schoolType: "university", mcatCourseId: 4, lsatCourseId: null },
      [["University", "/university"], ["MCAT", "/online-courses/4"], ["LSAT", "/lsat"]],
    ],
    [
      "enrolled in both, no school",
      { schoolType: null, mcatCourseId: 4, lsatCourseId: 9 },
      [["University", "/university"], ["MCAT", "/online-courses/4"], ["LSAT", "/online-courses/9"], ["High School", "/high-school"]],
    ],
  ])("%s", (_name, input, expected) => {
    expect(coursesMenu(input).map((link) => [link.label, link.href])).toEqual(expected);
  });
});

describe("signUpHref", () => {
  it.each<[string, string]>([
    ["/", "/sign-up"],
    ["/courses", "/sign-up"],
    ["/mcat", "/sign-up?product=mcat&redirect_to=%2Fmcat"],
    ["/mcat/free-resources", "/sign-up?product=mcat&redirect_to=%2Fmcat%2Ffree-resources"],
    ["/med-school-calculator", "/sign-up?product=mcat&redirect_to=%2Fmed-school-calculator"],
    ["/mcatx", "/sign-up"],
    ["/for-educators", "/sign-up?role=teacher"],
    ["/for-parents", "/sign-up"],
  ])("%s → %s", (path, href) => {
    expect(signUpHref(path)).toBe(href);
  });
});

describe("FOOTER_COLUMNS", () => {
  it("lists the SPEC's links and subjects", () => {
    expect(FOOTER_COLUMNS.map((column) => [column.heading, labels(column.links)])).toEqual([
      ["Company", ["About", "Careers", "Blog", "Free Resources", "Pricing", "Help Center", "Scholarships"]],
      ["University", ["Calculus", "Chemistry", "Biology", "Statistics", "Textbooks", "See All"]],
      ["High School", ["Math", "Biology", "Chemistry", "English", "HS Textbooks", "AP Textbooks", "See All"]],
      ["MCAT", ["MCAT Programs", "Free Resources", "Events", "Med School Calculator", "MCAT Blog"]],
    ]);
    expect(FOOTER_COLUMNS[0]!.links.find((link) => link.label === "Free Resources")!.href).toBe("/blog?category=free_resources");
  });
});
