import { describe, expect, it } from "vitest";
import { checkDiscountCode, courseSaleRefusal, isGradeBooster, isSingleUseProduct, listPrice, ownCurrency, parseCheckoutQuery, productKey, quote, sessionSaleRefusal, type CheckoutProduct, type CourseForSale, type DiscountCodeFacts } from "~/payments/quote";

const course: CourseForSale = {
  id: 4,
  name: "Organic Chemistry",
  courseType: "exam_prep",
  purchaseType: "standard",
  priceCents: 5900,
  regularPriceCents: 7900,
  packages: { pro: { enabled: true, price_cents: 5900, regular_price_cents: 7900 }, practice: { enabled: true, price_cents: 2400, regular_price_cents: 2900 } },
  currency: "USD",
};
const canadianCourse: CheckoutProduct = { kind: "online_course", course: { ...course, currency: "CAD" }, packageType: "learn" };
const elite: CourseForSale = { ...course, id: 1, name: "MCAT Elite 515", purchaseType: "course_bundle", packages: { pro: { enabled: true, price_cents: 249900, regular_price_cents: 299900 } } };
const learn: CheckoutProduct = { kind: "online_course", course, packageType: "learn" };
const code = (overrides: Partial<DiscountCodeFacts> = {}): DiscountCodeFacts => ({ id: 9, code: "SAVE", percentOff: 25, productKind: null, onlineCourseId: null, startsAt: null, endsAt: null, usageLimit: null, timesUsed: 0, ...overrides });
const now = new Date("2026-06-15T12:00:00Z");

describe("which courses are for sale (SPEC §4)", () => {
  it.each([
    ["published", null],
    ["preparing", 409],
    ["hidden", 404],
    ["closed", 404],
  ] as const)("a %s course → %s", (status, refused) => {
    expect(courseSaleRefusal(status)?.status ?? null).toBe(refused);
  });

  it("points a buyer of a preparing course to pre-registration", () => {
    expect(courseSaleRefusal("preparing")?.error).toMatch(/pre-register/i);
  });
});

describe("checkout links", () => {
  it.each<[string, object]>([
    ["online_course_id=4&package=learn", { kind: "online_course", onlineCourseId: 4, packageType: "learn" }],
    ["online_course_id=4&package=practice", { kind: "online_course", onlineCourseId: 4, packageType: "practice" }],
    ["online_course_id=4&package=bundle", { kind: "online_course", onlineCourseId: 4, packageType: "learn_practice_bundle" }],
    ["plan=plus&interval=month", { kind: "subscription", plan: "plus", interval: "month" }],
    ["plan=premed_plus&interval=year", { kind: "subscription", plan: "pre_med_plus", interval: "year" }],
    ["plan=plus", { kind: "subscription", plan: "plus", interval: "year" }],
    ["tokens=25", { kind: "tokens", amount: 25 }],
    ["online_course_id=1&elite=deposit", { kind: "elite_deposit", onlineCourseId: 1 }],
    ["online_course_id=1&elite=full", { kind: "elite_full", onlineCourseId: 1 }],
  ])("?%s", (query, expected) => {
    expect(parseCheckoutQuery(new URLSearchParams(query))).toEqual(expected);
  });

  it.each(["", "online_course_id=abc", "online_course_id=4&package=gold", "plan=gold", "plan=plus&interval=week", "tokens=7", "online_course_id=1&elite=half", "online_course_id=99999999999"])("refuses ?%s with a message", (query) => {
    expect(parseCheckoutQuery(new URLSearchParams(query))).toHaveProperty("error");
  });
});

describe("list prices (SPEC §9)", () => {
  it.each<[string, CheckoutProduct, number, number | null]>([
    ["Learn: the pro price, regular struck through", learn, 5900, 7900],
    ["Practice: the practice price", { kind: "online_course", course, packageType: "practice" }, 2400, 2900],
    ["Bundle: both, against both regular prices", { kind: "online_course", course, packageType: "learn_practice_bundle" }, 8300, 10800],
    ["Plus monthly", { kind: "subscription", plan: "plus", interval: "month" }, 2995, null],
    ["Plus yearly, against twelve months", { kind: "subscription", plan: "plus", interval: "year" }, 17940, 35940],
    ["Pre-Med Plus monthly", { kind: "subscription", plan: "pre_med_plus", interval: "month" }, 4995, null],
    ["Pre-Med Plus yearly", { kind: "subscription", plan: "pre_med_plus", interval: "year" }, 29940, 59940],
    ["10 tokens", { kind: "tokens", amount: 10 }, 999, null],
    ["MCAT Elite deposit", { kind: "elite_deposit", course: elite }, 50000, null],
    ["MCAT Elite in full", { kind: "elite_full", course: elite }, 249900, 299900],
  ])("%s", (_name, product, price, regular) => {
    expect(listPrice(product)).toMatchObject({ priceCents: price, regularPriceCents: regular });
  });

  it("charges the balance after the deposit", () => {
    expect(listPrice({ kind: "elite_full", course: elite }, 50000)).toMatchObject({ priceCents: 199900, regularPriceCents: null });
  });

  it.each<[string, CheckoutProduct]>([
    ["a disabled practice package", { kind: "online_course", course: { ...course, packages: { ...course.packages, practice: { enabled: false, price_cents: 0, regular_price_cents: null } } }, packageType: "practice" }],
    ["a bundle without practice", { kind: "online_course", course: { ...course, packages: { pro: course.packages.pro } }, packageType: "learn_practice_bundle" }],
    ["a subscription course", { kind: "online_course", course: { ...course, purchaseType: "subscription" }, packageType: "learn" }],
    ["a deposit on a standard course", { kind: "elite_deposit", course }],
  ])("refuses %s", (_name, product) => {
    expect(listPrice(product)).toHaveProperty("error");
  });

  it("names each product and price for the open-checkout key", () => {
    expect(productKey(learn)).toBe("online_course:4:learn");
    expect(productKey({ kind: "subscription", plan: "plus", interval: "year" })).toBe("subscription:plus:year");
    expect(productKey({ kind: "elite_full", course: elite })).toBe("elite_full:1");
  });
});

describe("discount codes", () => {
  it.each<[string, Partial<DiscountCodeFacts>, CheckoutProduct, string | null]>([
    ["any product", {}, learn, null],
    ["not yet valid", { startsAt: new Date("2026-07-01") }, learn, "This discount code is not valid yet."],
    ["expired", { endsAt: new Date("2026-06-01") }, learn, "This discount code has expired."],
    ["expires exactly now", { endsAt: now }, learn, "This discount code has expired."],
    ["within its window", { startsAt: new Date("2026-06-01"), endsAt: new Date("2026-07-01") }, learn, null],
    ["used up", { usageLimit: 3, timesUsed: 3 }, learn, "This discount code has been used up."],
    ["uses left", { usageLimit: 3, timesUsed: 2 }, learn, null],
    ["switched off by staff", { deactivated: true }, learn, "This discount code is no longer valid."],
    ["for another kind of product", { productKind: "tokens" }, learn, "This discount code does not apply to this product."],
    ["for subscriptions, on a subscription", { productKind: "subscription" }, { kind: "subscription", plan: "plus", interval: "year" }, null],
    ["for another course", { onlineCourseId: 99 }, learn, "This discount code does not apply to this course."],
    ["for this course", { onlineCourseId: 4, productKind: "online_course" }, learn, null],
    ["course codes apply to MCAT Elite payments of that course", { onlineCourseId: 1, productKind: "online_course" }, { kind: "elite_full", course: elite }, null],
  ])("%s", (_name, overrides, product, error) => {
    const result = checkDiscountCode(code(overrides), product, now);
    expect(result.ok ? null : result.error).toBe(error);
  });
});

describe("the quote", () => {
  it.each<[string, Parameters<typeof quote>[0], Partial<ReturnType<typeof quote>>]>([
    ["US: no tax, USD", { product: learn, country: "US" }, { currency: "USD", subtotalCents: 5900, taxCents: 0, totalCents: 5900 }],
    ["unknown country: USD, no tax", { product: learn, country: null }, { currency: "USD", totalCents: 5900 }],
    ["a USD course to Canada: 5% tax, still USD", { product: learn, country: "CA" }, { currency: "USD", taxPercent: 5, taxCents: 295, totalCents: 6195 }],
    ["a CAD course to a guest: CAD, as its page shows", { product: canadianCourse, country: null }, { currency: "CAD", priceCents: 5900, taxCents: 0, totalCents: 5900 }],
    ["a CAD course to the US: CAD, no tax", { product: canadianCourse, country: "US" }, { currency: "CAD", totalCents: 5900 }],
    ["a CAD course to Canada: CAD and 5% tax", { product: canadianCourse, country: "CA" }, { currency: "CAD", taxPercent: 5, taxCents: 295, totalCents: 6195 }],
    ["a CAD course's Elite deposit stays CAD", { product: { kind: "elite_deposit", course: { ...elite, currency: "CAD" } }, country: "US" }, { currency: "CAD" }],
    ["tokens to Canada: CAD and 5% tax", { product: { kind: "tokens", amount: 10 }, country: "CA" }, { currency: "CAD", taxCents: 50, totalCents: 1049 }],
    ["the bundle to a buyer holding Learn: pays for Practice", { product: { ...learn, packageType: "learn_practice_bundle" }, country: "US", heldPackage: "learn" }, { priceCents: 8300, ownedCents: 5900, ownedPackage: "learn", subtotalCents: 2400, totalCents: 2400 }],
    ["the bundle to a buyer holding Practice, in Canada", { product: { ...learn, packageType: "learn_practice_bundle" }, country: "CA", heldPackage: "practice" }, { ownedCents: 2400, subtotalCents: 5900, taxCents: 295, totalCents: 6195 }],
    ["a held package is no credit on another product", { product: learn, country: "US", heldPackage: "practice" }, { ownedCents: 0, ownedPackage: null, totalCents: 5900 }],
    ["a plan to the US: USD", { product: { kind: "subscription", plan: "plus", interval: "month" }, country: "US" }, { currency: "USD" }],
    ["a 25% code, then tax on the rest", { product: learn, country: "CA", discount: code() }, { discountCents: 1475, subtotalCents: 4425, taxCents: 221, totalCents: 4646 }],
    ["a 100% code: free", { product: learn, country: "CA", discount: code({ percentOff: 100 }) }, { discountCents: 5900, subtotalCents: 0, taxCents: 0, totalCents: 0 }],
    ["Plus members: 20% off Grade Boosters", { product: learn, country: "US", plusMember: true }, { perkCents: 1180, totalCents: 4720 }],
    ["the perk, then a code", { product: learn, country: "US", plusMember: true, discount: code({ percentOff: 50 }) }, { perkCents: 1180, discountCents: 2360, totalCents: 2360 }],
    ["no perk on tokens", { product: { kind: "tokens", amount: 10 }, country: "US", plusMember: true }, { perkCents: 0, totalCents: 999 }],
    ["no perk on a tutorial", { product: { ...learn, course: { ...course, courseType: "tutorial" } } as CheckoutProduct, country: "US", plusMember: true }, { perkCents: 0 }],
    ["credits when asked for (apply_credits)", { product: learn, country: "US", creditsAvailableCents: 1000, applyCredits: true }, { creditsCents: 1000, totalCents: 4900 }],
    ["credits not asked for", { product: learn, country: "US", creditsAvailableCents: 1000 }, { creditsCents: 0, totalCents: 5900 }],
    ["credits never beyond the price", { product: learn, country: "US", creditsAvailableCents: 99999, applyCredits: true }, { creditsCents: 5900, totalCents: 0 }],
    ["no credits on a subscription", { product: { kind: "subscription", plan: "plus", interval: "year" }, country: "US", creditsAvailableCents: 1000, applyCredits: true }, { creditsCents: 0, totalCents: 17940 }],
    ["a first subscription: 7-day trial, nothing due today", { product: { kind: "subscription", plan: "plus", interval: "year" }, country: "CA", trialEligible: true }, { trialDays: 7, dueTodayCents: 0, totalCents: 18837 }],
    ["a returning subscriber pays today", { product: { kind: "subscription", plan: "pre_med_plus", interval: "month" }, country: "US" }, { trialDays: 0, dueTodayCents: 4995 }],
  ])("%s", (_name, input, expected) => {
    expect(quote(input)).toMatchObject(expected);
  });

  it("keeps every figure in whole cents and adds up", () => {
    for (const percentOff of [1, 7, 13, 33, 99]) {
      for (const country of ["CA", "US"]) {
        const q = quote({ product: learn, country, discount: code({ percentOff }), plusMember: true, creditsAvailableCents: 123, applyCredits: true });
        if ("error" in q) throw new Error(q.error);
        for (const value of [q.perkCents, q.discountCents, q.creditsCents, q.subtotalCents, q.taxCents, q.totalCents]) expect(Number.isInteger(value) && value >= 0).toBe(true);
        expect(q.priceCents - q.ownedCents - q.perkCents - q.discountCents - q.creditsCents).toBe(q.subtotalCents);
        expect(q.subtotalCents + q.taxCents).toBe(q.totalCents);
      }
    }
  });

  it("knows a Grade Booster", () => {
    expect(isGradeBooster(course)).toBe(true);
    expect(isGradeBooster({ courseType: "exam_prep", purchaseType: "subscription" })).toBe(false);
  });
});

describe("live study sessions (SPEC §9: the discount is a percent; tax and currency as for courses)", () => {
  const session = { id: 7, title: "MATH 137 Midterm Exam Prep", priceCents: 3900, regularPriceCents: 4900, currency: "CAD" as const, dates: [] };
  const seat: CheckoutProduct = { kind: "study_session", session };
  const usdSeat: CheckoutProduct = { kind: "study_session", session: { ...session, currency: "USD", regularPriceCents: null } };

  it.each<[string, string, object]>([
    ["a session", "study_session_id=7", { kind: "study_session", studySessionId: 7 }],
    ["the session wins over other fields", "study_session_id=7&tokens=10", { kind: "study_session", studySessionId: 7 }],
  ])("reads the checkout link of %s", (_name, query, expected) => {
    expect(parseCheckoutQuery(new URLSearchParams(query))).toEqual(expected);
  });

  it.each(["study_session_id=", "study_session_id=abc", "study_session_id=0", "study_session_id=-3", "study_session_id=99999999999"])("refuses ?%s with a message", (query) => {
    expect(parseCheckoutQuery(new URLSearchParams(query))).toEqual({ error: "Choose a study session to buy." });
  });

  it.each<[string, { priceCents: number }, "upcoming" | "live" | "past", number | null]>([
    ["a paid upcoming session is sold", { priceCents: 3900 }, "upcoming", null],
    ["a paid session live now is still sold (latecomers join)", { priceCents: 3900 }, "live", null],
    ["a free session is joined from its page", { priceCents: 0 }, "upcoming", 409],
    ["a past session is over", { priceCents: 3900 }, "past", 410],
    ["a free past session: free first", { priceCents: 0 }, "past", 409],
  ])("%s", (_name, facts, timing, refused) => {
    const refusal = sessionSaleRefusal({ id: 7, ...facts }, timing);
    expect(refusal?.status ?? null).toBe(refused);
    if (refusal) expect(refusal.link).toEqual({ label: "Go to the session", href: "/study-sessions/7" });
  });

  it.each<[string, Parameters<typeof quote>[0], Partial<ReturnType<typeof quote>>]>([
    ["the regular price struck through when higher", { product: seat, country: "US" }, { name: "MATH 137 Midterm Exam Prep", priceCents: 3900, regularPriceCents: 4900, currency: "CAD", taxCents: 0, totalCents: 3900 }],
    ["no strike-through when the regular price is not higher", { product: { kind: "study_session", session: { ...session, regularPriceCents: 3900 } }, country: "US" }, { regularPriceCents: null }],
    ["a CAD session to Canada: CAD and 5% tax", { product: seat, country: "CA" }, { currency: "CAD", taxPercent: 5, taxCents: 195, totalCents: 4095 }],
    ["a USD session to Canada: still USD, 5% tax", { product: usdSeat, country: "CA" }, { currency: "USD", taxCents: 195, totalCents: 4095 }],
    ["a CAD session to a guest: CAD, no tax", { product: seat, country: null }, { currency: "CAD", taxCents: 0, totalCents: 3900 }],
    ["a 20% code, then tax", { product: seat, country: "CA", discount: code({ percentOff: 20, productKind: "study_session" }) }, { discountCents: 780, subtotalCents: 3120, taxCents: 156, totalCents: 3276 }],
    ["a 33% code rounds to the cent", { product: seat, country: "US", discount: code({ percentOff: 33 }) }, { discountCents: 1287, subtotalCents: 2613, totalCents: 2613 }],
    ["a 100% code: free", { product: seat, country: "CA", discount: code({ percentOff: 100 }) }, { discountCents: 3900, taxCents: 0, totalCents: 0 }],
    ["no Plus perk on a session", { product: seat, country: "US", plusMember: true }, { perkCents: 0, totalCents: 3900 }],
    ["referral credit when asked for", { product: seat, country: "US", creditsAvailableCents: 500, applyCredits: true }, { creditsCents: 500, totalCents: 3400 }],
  ])("%s", (_name, input, expected) => {
    expect(quote(input)).toMatchObject(expected);
  });

  it("refuses to price a free session", () => {
    expect(quote({ product: { kind: "study_session", session: { ...session, priceCents: 0 } }, country: "US" })).toHaveProperty("error");
  });

  it.each<[string, Partial<DiscountCodeFacts>, string | null]>([
    ["a code for any product", {}, null],
    ["a code for study sessions", { productKind: "study_session" }, null],
    ["a code for online courses", { productKind: "online_course" }, "This discount code does not apply to this product."],
    ["a code for one course", { onlineCourseId: 4 }, "This discount code does not apply to this product."],
    ["an expired study session code", { productKind: "study_session", endsAt: new Date("2026-06-01") }, "This discount code has expired."],
  ])("%s", (_name, overrides, error) => {
    const result = checkDiscountCode(code(overrides), seat, now);
    expect(result.ok ? null : result.error).toBe(error);
  });

  it("keeps one open checkout per buyer and session", () => {
    expect(productKey(seat)).toBe("study_session:7");
  });

  it("keeps every figure in whole cents and adds up", () => {
    for (const percentOff of [1, 7, 13, 20, 33, 99]) {
      for (const country of ["CA", "US"]) {
        const q = quote({ product: seat, country, discount: code({ percentOff }), creditsAvailableCents: 77, applyCredits: true });
        if ("error" in q) throw new Error(q.error);
        for (const value of [q.discountCents, q.creditsCents, q.subtotalCents, q.taxCents, q.totalCents]) expect(Number.isInteger(value) && value >= 0).toBe(true);
        expect(q.priceCents - q.discountCents - q.creditsCents).toBe(q.subtotalCents);
        expect(q.subtotalCents + q.taxCents).toBe(q.totalCents);
      }
    }
  });
});

describe("tutoring contracts paid by card (SPEC §4 tutoring: the student pays the contract's hours)", () => {
  const contract = { id: 12, tutorName: "Jordan Pham", courseLabel: "MATH 137: Calculus 2", minutes: 180, priceCents: 12_000, currency: "USD" as const, purchaseStatus: "unpaid" as const };
  const tutoring: CheckoutProduct = { kind: "tutoring", contract };

  it.each<[string, string, object]>([
    ["a contract", "student_tutor_contract_id=12", { kind: "tutoring", contractId: 12 }],
    ["the contract wins over other fields", "student_tutor_contract_id=12&study_session_id=7&tokens=10", { kind: "tutoring", contractId: 12 }],
    ["a bad id", "student_tutor_contract_id=abc", { error: "Choose a tutoring contract to pay for." }],
    ["an empty id", "student_tutor_contract_id=", { error: "Choose a tutoring contract to pay for." }],
    ["a zero id", "student_tutor_contract_id=0", { error: "Choose a tutoring contract to pay for." }],
  ])("reads the checkout link of %s", (_name, query, expected) => {
    expect(parseCheckoutQuery(new URLSearchParams(query))).toEqual(expected);
  });

  it.each<[string, CheckoutProduct, string]>([
    ["hours and course", tutoring, "Tutoring with Jordan Pham: 3 hours (MATH 137: Calculus 2)"],
    ["one hour, no course", { kind: "tutoring", contract: { ...contract, minutes: 60, courseLabel: null } }, "Tutoring with Jordan Pham: 1 hour"],
    ["half hours", { kind: "tutoring", contract: { ...contract, minutes: 90, courseLabel: null } }, "Tutoring with Jordan Pham: 1.5 hours"],
  ])("names the order by %s", (_name, product, name) => {
    expect(listPrice(product)).toMatchObject({ name, regularPriceCents: null });
  });

  it.each<[string, Parameters<typeof quote>[0], Partial<ReturnType<typeof quote>>]>([
    ["a USD contract to the US: no tax", { product: tutoring, country: "US" }, { currency: "USD", priceCents: 12_000, taxCents: 0, totalCents: 12_000 }],
    ["a USD contract to Canada: still USD, 5% tax", { product: tutoring, country: "CA" }, { currency: "USD", taxCents: 600, totalCents: 12_600 }],
    ["a CAD contract stays CAD", { product: { kind: "tutoring", contract: { ...contract, currency: "CAD" } }, country: "US" }, { currency: "CAD", totalCents: 12_000 }],
    ["no Plus perk on tutoring", { product: tutoring, country: "US", plusMember: true }, { perkCents: 0, totalCents: 12_000 }],
    ["a 10% code for any product", { product: tutoring, country: "US", discount: code({ percentOff: 10 }) }, { discountCents: 1200, totalCents: 10_800 }],
    ["referral credit when asked for", { product: tutoring, country: "US", creditsAvailableCents: 2500, applyCredits: true }, { creditsCents: 2500, totalCents: 9500 }],
  ])("%s", (_name, input, expected) => {
    expect(quote(input)).toMatchObject(expected);
  });

  it.each<[string, Partial<DiscountCodeFacts>, string | null]>([
    ["a code for any product", {}, null],
    ["a code for study sessions", { productKind: "study_session" }, "This discount code does not apply to this product."],
    ["a code for one course", { onlineCourseId: 4 }, "This discount code does not apply to this product."],
  ])("%s", (_name, overrides, error) => {
    const result = checkDiscountCode(code(overrides), tutoring, now);
    expect(result.ok ? null : result.error).toBe(error);
  });

  it("is bought once, in its own currency, with one open checkout per contract", () => {
    expect(productKey(tutoring)).toBe("tutoring:12");
    expect(isSingleUseProduct(tutoring)).toBe(true);
    expect(ownCurrency(tutoring)).toBe("USD");
    expect(isSingleUseProduct({ kind: "tokens", amount: 10 })).toBe(false);
    expect(ownCurrency({ kind: "tokens", amount: 10 })).toBeNull();
  });
});
