import { describe, expect, it } from "vitest";
import { appBarColor, appBarHeight, isAppBarHidden, type AppBarColor } from "~/shell/app-bar-rules";

describe("isAppBarHidden", () => {
  it.each<[string, boolean]>([
    ["/", false],
    ["/courses", false],
    ["/courses/waterloo-math-137", false],
    ["/dashboard", false],
    ["/profile", false],
    // print pages
    ["/online-courses/12/print", true],
    ["/online-courses/12/print/", true],
    ["/print", true],
    ["/printing-tips", false],
    ["/blueprint", false],
    // study rooms
    ["/study-rooms/demo", true],
    ["/study-rooms/abc-123", true],
    ["/study-rooms", true],
    ["/study-roomsx", false],
    // auth and checkout flow
    ["/sign-up", true],
    ["/sign-up/", true],
    ["/Sign-Up", true],
    ["/onboarding", true],
    ["/checkout", true],
    ["/checkout/confirm", true],
    ["/sign-upx", false],
    ["/users/sign_in", false],
    // class rep wizard
    ["/class-rep-wizard/7", true],
    ["/courses/x/class-rep-apply", false],
  ])("%s → hidden %s", (path, hidden) => {
    expect(isAppBarHidden(path)).toBe(hidden);
  });
});

describe("appBarColor", () => {
  it.each<[string, AppBarColor]>([
    ["/", "color"],
    ["/homepage", "color"],
    ["/homepage-alt", "color"],
    ["/lp", "color"],
    ["/lp/back-to-school", "color"],
    ["/for-educators", "color"],
    ["/for-parents", "color"],
    ["/mcat", "dark"],
    ["/mcat/free-resources", "dark"],
    ["/mcat/events/cars", "dark"],
    ["/mcat-flash-cards", "dark"],
    ["/cars-passages/week-1", "dark"],
    ["/med-school-calculator", "dark"],
    ["/pre-med-plus", "dark"],
    ["/lsat", "dark"],
    ["/lsat-practice-tests/3", "dark"],
    ["/dashboard", "medium"],
    ["/admin", "medium"],
    ["/admin/users", "medium"],
    ["/instructor-dashboard", "medium"],
    ["/teacher-dashboard/courses/1/students", "medium"],
    ["/content-creator-dashboard", "medium"],
    ["/brand-ambassador-dashboard", "medium"],
    ["/marketing-rep-dashboard", "medium"],
    ["/mcat-rep-dashboard", "medium"],
    ["/online-courses/4", "medium"],
    ["/in-course-experience/mcat-elite-515", "medium"],
    ["/courses", "light"],
    ["/pricing", "light"],
    ["/about", "light"],
    ["/profile", "light"],
    ["/mcatx", "light"],
    ["/lpx", "light"],
    ["/MCAT", "dark"],
    ["/mcat/", "dark"],
  ])("%s → %s", (path, color) => {
    expect(appBarColor(path)).toBe(color);
  });

  it.each<AppBarColor>(["dark", "light", "color", "medium"])("a page's override %s wins over the path", (override) => {
    expect(appBarColor("/mcat", override)).toBe(override);
    expect(appBarColor("/courses", override)).toBe(override);
  });

  it("ignores an empty override", () => {
    expect(appBarColor("/mcat", null)).toBe("dark");
    expect(appBarColor("/mcat", undefined)).toBe("dark");
  });
});

describe("appBarHeight", () => {
  it.each<[boolean, boolean, number]>([
    [false, false, 56],
    [true, false, 112],
    [false, true, 48],
    [true, true, 96],
  ])("banner open %s, dense %s → %d px", (bannerOpen, dense, height) => {
    expect(appBarHeight({ bannerOpen, dense })).toBe(height);
  });
});
