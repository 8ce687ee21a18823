import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dashboardTab, dashboardTabsFor, onlineCoursesForTab } from "~/dashboards/dashboard-tabs";
import { combinePackages, offerStanding, packageOffers, type HeldPackage, type OfferStanding } from "~/online-courses/packages";
import { parseAnswers, scoreQuiz } from "~/assessments/engine";
import { MAX_ACTIVITY_SECONDS, parseDuration } from "~/online-courses/quiz";

const pkg = (enabled: boolean, price: number, regular: number | null = null) => ({ enabled, price_cents: price, regular_price_cents: regular });

describe("packages on the overview page", () => {
  it("offers Learn, Practice and the bundle, with regular prices struck through only when higher", () => {
    const offers = packageOffers({ id: 3, purchase_type: "standard", packages_config: { pro: pkg(true, 4900, 6900), practice: pkg(true, 1900) } });
    expect(offers.map((offer) => [offer.key, offer.name, offer.priceCents, offer.regularPriceCents, offer.checkoutHref])).toEqual([
      ["learn", "Learn", 4900, 6900, "/checkout?online_course_id=3&package=learn"],
      ["practice", "Practice", 1900, null, "/checkout?online_course_id=3&package=practice"],
      ["bundle", "Learn-Practice Bundle", 6800, 8800, "/checkout?online_course_id=3&package=bundle"],
    ]);
  });

  it.each([
    ["no regular prices: bundle not struck", { pro: pkg(true, 4900), practice: pkg(true, 1900) }, [null, null, null]],
    ["regular equal to price: not struck", { pro: pkg(true, 4900, 4900), practice: pkg(true, 1900, 1900) }, [null, null, null]],
    ["regular below price: not struck", { pro: pkg(true, 4900, 3000), practice: pkg(true, 1900) }, [null, null, null]],
  ])("%s", (_name, config, regulars) => {
    expect(packageOffers({ id: 1, purchase_type: "standard", packages_config: config }).map((offer) => offer.regularPriceCents)).toEqual(regulars);
  });

  it("leaves out disabled packages, and the bundle unless both are offered", () => {
    expect(packageOffers({ id: 1, purchase_type: "standard", packages_config: { pro: pkg(true, 4400), practice: pkg(false, 0) } }).map((o) => o.key)).toEqual(["learn"]);
    expect(packageOffers({ id: 1, purchase_type: "standard", packages_config: { practice: pkg(true, 900) } }).map((o) => o.key)).toEqual(["practice"]);
    expect(packageOffers({ id: 1, purchase_type: "standard", packages_config: {} })).toEqual([]);
  });

  it("offers no packages for subscription and bundle courses", () => {
    const config = { pro: pkg(true, 4900), practice: pkg(true, 1900) };
    expect(packageOffers({ id: 1, purchase_type: "subscription", packages_config: config })).toEqual([]);
    expect(packageOffers({ id: 1, purchase_type: "course_bundle", packages_config: config })).toEqual([]);
  });

  it.each([
    ["none", "learn", "learn"],
    ["none", "practice", "practice"],
    ["learn", "practice", "learn_practice_bundle"],
    ["practice", "learn", "learn_practice_bundle"],
    ["learn_practice_bundle", "learn", "learn_practice_bundle"],
    ["learn", "learn", "learn"],
    ["none", "none", "none"],
  ] as const)("holding %s and adding %s gives %s", (held, added, result) => {
    expect(combinePackages(held, added)).toBe(result);
  });

  const offers = packageOffers({ id: 3, purchase_type: "standard", packages_config: { pro: pkg(true, 4900, 6900), practice: pkg(true, 1900) } });
  it.each<[HeldPackage, "learn" | "practice" | "bundle", OfferStanding]>([
    ["none", "learn", { kind: "buy" }],
    ["none", "bundle", { kind: "buy" }],
    ["learn", "learn", { kind: "owned" }],
    ["learn", "practice", { kind: "buy" }],
    ["learn", "bundle", { kind: "upgrade", payCents: 1900 }],
    ["practice", "practice", { kind: "owned" }],
    ["practice", "bundle", { kind: "upgrade", payCents: 4900 }],
    ["learn_practice_bundle", "learn", { kind: "owned" }],
    ["learn_practice_bundle", "practice", { kind: "owned" }],
    ["learn_practice_bundle", "bundle", { kind: "owned" }],
  ])("holding %s, the %s offer is %j", (held, key, standing) => {
    expect(offerStanding(offers.find((offer) => offer.key === key)!, held, offers)).toEqual(standing);
  });
});

describe("quizzes scored on the server", () => {
  const questions = [
    { id: 1, choices: ["a", "b", "c"], answer_index: 2, explanation: "c it is" },
    { id: 2, choices: ["yes", "no"], answer_index: 0, explanation: "" },
  ];
  const fields = (values: Record<string, string>) => (name: string) => values[name] ?? null;

  it("reads one choice per question; a missing answer is unanswered", () => {
    const parsed = parseAnswers(questions, fields({ question_1: "2" }));
    expect(parsed).toEqual({ ok: true, answers: new Map([[1, 2], [2, null]]) });
  });

  it.each([["3"], ["-1"], ["x"], ["1.5"], ["99999"]])("refuses the choice %j", (value) => {
    expect(parseAnswers(questions, fields({ question_1: value })).ok).toBe(false);
  });

  it("scores against the stored answers", () => {
    const score = scoreQuiz(questions, new Map([[1, 2], [2, 1]]));
    expect(score).toMatchObject({ questionCount: 2, correctCount: 1, percent: 50 });
    expect(score.questions.map((question) => question.correct)).toEqual([true, false]);
    expect(scoreQuiz(questions, new Map())).toMatchObject({ correctCount: 0, percent: 0 });
    expect(scoreQuiz([], new Map())).toMatchObject({ questionCount: 0, percent: 0 });
  });

  it("never counts more correct answers than questions, nor an unanswered one as correct", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }), { minLength: 2, maxLength: 2 }), (choices) => {
        const score = scoreQuiz(questions, new Map(choices.map((choice, index) => [index + 1, choice])));
        expect(score.correctCount).toBeLessThanOrEqual(score.questionCount);
        for (const question of score.questions) if (question.choiceIndex === null) expect(question.correct).toBe(false);
      }),
    );
  });

  it.each([
    [null, 300, 300],
    ["", 300, 300],
    ["120", 300, 120],
    ["0", 300, 0],
    ["99999", 300, MAX_ACTIVITY_SECONDS],
    [null, 99999, MAX_ACTIVITY_SECONDS],
    ["-5", 300, null],
    ["1.5", 300, null],
    ["abc", 300, null],
  ])("duration %j (activity %i s) → %j", (raw, fallback, expected) => {
    expect(parseDuration(raw, fallback)).toBe(expected);
  });
});

describe("dashboard tabs", () => {
  it.each([
    [null, "current"],
    ["current", "current"],
    ["curent", "current"],
    ["mcat", "mcat"],
    ["lsat", "lsat"],
    ["nonsense", "current"],
    ["class-rep", "current"],
  ])("?tab=%j shows %s", (value, tab) => {
    expect(dashboardTab(value)).toBe(tab);
  });

  it("gives class reps their own tab, and nobody else", () => {
    expect(dashboardTabsFor(["class_rep"]).map((tab) => tab.key)).toEqual(["current", "mcat", "lsat", "class-rep"]);
    expect(dashboardTabsFor([]).map((tab) => tab.key)).toEqual(["current", "mcat", "lsat"]);
    expect(dashboardTabsFor(["marketing_rep"]).map((tab) => tab.key)).toEqual(["current", "mcat", "lsat"]);
    expect(dashboardTab("class-rep", ["class_rep"])).toBe("class-rep");
    expect(dashboardTab("class-rep", ["marketing_rep"])).toBe("current");
  });

  it("lists the exam's courses on its tab", () => {
    const courses = [
      { course_code: "MCAT", name: "MCAT Elite 515" },
      { course_code: "LSAT LR", name: "LSAT Logical Reasoning Mastery" },
      { course_code: "MATH 137", name: "Calculus" },
    ];
    expect(onlineCoursesForTab("current", courses)).toHaveLength(3);
    expect(onlineCoursesForTab("mcat", courses).map((course) => course.course_code)).toEqual(["MCAT"]);
    expect(onlineCoursesForTab("lsat", courses).map((course) => course.course_code)).toEqual(["LSAT LR"]);
  });
});
