import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AccessLevel, guestViewer, type Viewer } from "~/accounts/roles";
import type { EnrolmentStatus, OnlineCourseStatus, PackageType, PurchaseType, ReadAccess } from "~/db/schema";
import {
  canEditCourse,
  canSeeCourse,
  courseAccessLevel,
  fullContentAccess,
  holdsEnrolment,
  itemAccess,
  lockExplanation,
  practiceAccess,
  previewAllowed,
  registration,
  type AccessInput,
  type CourseFacts,
  type EnrolmentFacts,
  type ItemFacts,
  type LockReason,
} from "~/online-courses/access";
import { courseFacts, student } from "./fixtures";

const now = new Date("2026-06-01T12:00:00Z");
const past = new Date("2026-05-01T00:00:00Z");
const future = new Date("2026-07-01T00:00:00Z");

const instructorOfCourse: Viewer = { id: 20, roles: ["instructor"], userType: "educator" };
const otherInstructor: Viewer = { id: 21, roles: ["instructor"], userType: "educator" };
const admin: Viewer = { id: 30, roles: ["admin"], userType: "staff" };
const manager: Viewer = { id: 31, roles: ["manager"], userType: "staff" };
const qa: Viewer = { id: 32, roles: ["content_qa_specialist"], userType: "staff" };
const partner: Viewer = { id: 33, roles: ["partner_member"], userType: "partner" };

const course = courseFacts;

const enrolment = (overrides: Partial<EnrolmentFacts> = {}): EnrolmentFacts => ({
  status: "active",
  packageType: "learn",
  elitePaymentStatus: null,
  expiresAt: null,
  extendedAccessDate: null,
  ...overrides,
});

function input(overrides: Partial<AccessInput> & { course?: CourseFacts } = {}): AccessInput {
  const viewer = overrides.viewer ?? student;
  const c = overrides.course ?? course();
  const e = overrides.enrolment === undefined ? null : overrides.enrolment;
  return {
    viewer,
    course: c,
    enrolment: e,
    subscription: overrides.subscription ?? null,
    accessLevel: overrides.accessLevel ?? courseAccessLevel(viewer, c, e),
    now,
  };
}

const coreItem: ItemFacts = { activityId: 100, chapterKind: "chapter", sectionType: "core", canPreview: false };
const practiceItem: ItemFacts = { activityId: 101, chapterKind: "chapter", sectionType: "additional", canPreview: false };
const introItem: ItemFacts = { activityId: 102, chapterKind: "intro", sectionType: "core", canPreview: false };
const previewableItem: ItemFacts = { activityId: 103, chapterKind: "chapter", sectionType: "core", canPreview: true };

describe("course access level (SPEC §4 ladder, §4 statuses, §6 read access)", () => {
  it.each<[string, Viewer, Partial<CourseFacts>, EnrolmentFacts | null, AccessLevel]>([
    ["admin, any course", admin, { status: "hidden", readAccess: "private" }, null, AccessLevel.ADMIN],
    ["the course's instructor", instructorOfCourse, { status: "hidden" }, null, AccessLevel.EDIT],
    ["a manager", manager, { status: "closed" }, null, AccessLevel.EDIT],
    // As the manager pages decide (managesOnlineCourse): owning the course is not enough without an instructor role.
    ["the course's owner who is a content creator, published", { id: 20, roles: ["content_creator"], userType: "educator" }, {}, null, AccessLevel.LIMITED_VIEW],
    ["the course's owner who is a teacher, hidden", { id: 20, roles: ["teacher"], userType: "educator" }, { status: "hidden" }, null, AccessLevel.NONE],
    ["an MCAT instructor owning the course", { id: 20, roles: ["mcat_instructor"], userType: "educator" }, { status: "hidden" }, null, AccessLevel.EDIT],
    ["a content QA specialist", qa, { status: "hidden" }, null, AccessLevel.FULL_VIEW],
    ["a student, published public", student, {}, null, AccessLevel.LIMITED_VIEW],
    ["a guest, published public", guestViewer, {}, null, AccessLevel.LIMITED_VIEW],
    ["a student, preparing", student, { status: "preparing" }, null, AccessLevel.OVERVIEW],
    ["a student, hidden (invisible to students)", student, { status: "hidden" }, null, AccessLevel.NONE],
    ["an enrolled student, closed (no viewing)", student, { status: "closed" }, enrolment(), AccessLevel.NONE],
    ["a student, wize_profs", student, { readAccess: "wize_profs" }, null, AccessLevel.NONE],
    ["another instructor, wize_profs", otherInstructor, { readAccess: "wize_profs" }, null, AccessLevel.LIMITED_VIEW],
    ["a guest, wize_profs", guestViewer, { readAccess: "wize_profs" }, null, AccessLevel.NONE],
    ["a student, partner_members", student, { readAccess: "partner_members" }, null, AccessLevel.NONE],
    ["a partner member, partner_members", partner, { readAccess: "partner_members" }, null, AccessLevel.LIMITED_VIEW],
    ["a student, private, not enrolled", student, { readAccess: "private" }, null, AccessLevel.NONE],
    ["a student, private, invited", student, { readAccess: "private" }, enrolment({ status: "invited" }), AccessLevel.LIMITED_VIEW],
    ["a student, private, invite rejected", student, { readAccess: "private" }, enrolment({ status: "invite_rejected" }), AccessLevel.NONE],
    ["another instructor, private, preparing", otherInstructor, { readAccess: "private", status: "preparing" }, null, AccessLevel.NONE],
  ])("%s → %i", (_name, viewer, overrides, e, level) => {
    expect(courseAccessLevel(viewer, course(overrides), e)).toBe(level);
  });

  it.each<[OnlineCourseStatus, AccessLevel, boolean, "pre-register" | "register" | null, boolean]>([
    ["hidden", AccessLevel.NONE, false, null, false],
    ["preparing", AccessLevel.OVERVIEW, true, "pre-register", false],
    ["published", AccessLevel.LIMITED_VIEW, true, "register", false],
    ["closed", AccessLevel.NONE, false, null, false],
    ["hidden", AccessLevel.EDIT, true, null, true],
    ["preparing", AccessLevel.EDIT, true, "pre-register", true],
    ["published", AccessLevel.ADMIN, true, "register", true],
    ["closed", AccessLevel.ADMIN, true, null, false],
  ])("%s at level %i: visible %s, registration %s, editable %s", (status, level, visible, reg, editable) => {
    expect(canSeeCourse(level)).toBe(visible);
    expect(registration({ status }, level)).toBe(reg);
    expect(canEditCourse({ status }, level)).toBe(editable);
  });
});

describe("holding an enrolment (SPEC §4: active or pending payment)", () => {
  it.each<[string, Partial<EnrolmentFacts>, boolean]>([
    ["active", {}, true],
    ["pending payment (Action Required)", { status: "pending_payment" }, true],
    ["trialing", { status: "trialing" }, false],
    ["refunded", { status: "refunded" }, false],
    ["expired", { status: "expired" }, false],
    ["invited", { status: "invited" }, false],
    ["invite rejected", { status: "invite_rejected" }, false],
    ["active, expires in the future", { expiresAt: future }, true],
    ["active, expired date passed", { expiresAt: past }, false],
    ["active, expired but extended", { expiresAt: past, extendedAccessDate: future }, true],
    ["active, extension also passed", { expiresAt: past, extendedAccessDate: past }, false],
  ])("%s → %s", (_name, overrides, held) => {
    expect(holdsEnrolment(enrolment(overrides), now)).toBe(held);
  });

  it("no enrolment holds nothing", () => {
    expect(holdsEnrolment(null, now)).toBe(false);
  });
});

type Row = [string, Partial<AccessInput> & { course?: CourseFacts }, true | LockReason];

const expectDecision = (decision: ReturnType<typeof fullContentAccess>, expected: true | LockReason) => {
  if (expected === true) expect(decision).toMatchObject({ allowed: true });
  else expect(decision).toEqual({ allowed: false, reason: expected });
};

describe("full content (SPEC §5)", () => {
  const free = course({ packages: { pro: { enabled: true, price_cents: 0, regular_price_cents: null } } });
  const subscriptionCourse = course({ purchaseType: "subscription" });
  const bundle = course({ purchaseType: "course_bundle" });
  it.each<Row>([
    // The ladder first.
    ["FULL_VIEW and above give access", { accessLevel: AccessLevel.FULL_VIEW }, true],
    ["the instructor (EDIT)", { viewer: instructorOfCourse }, true],
    ["an admin on a hidden course", { viewer: admin, course: course({ status: "hidden" }) }, true],
    ["below LIMITED_VIEW none, even with a package", { accessLevel: AccessLevel.OVERVIEW, enrolment: enrolment() }, "not-open-yet"],
    // A pre-registration is not an enrolment: the access facts never include it, so it opens nothing.
    ["pre-registered, course preparing", { course: course({ status: "preparing" }), enrolment: null }, "not-open-yet"],
    ["pre-registered, course now published, no package yet", { enrolment: null }, "needs-learn"],
    ["NONE: not visible", { course: course({ status: "hidden" }), enrolment: enrolment() }, "not-visible"],
    ["a guest on a course for instructors", { viewer: guestViewer, course: course({ readAccess: "wize_profs" }) }, "sign-in"],
    // Standard.
    ["standard: an active Learn package", { enrolment: enrolment() }, true],
    ["standard: a Learn package pending payment", { enrolment: enrolment({ status: "pending_payment" }) }, true],
    ["standard: the Learn-Practice Bundle", { enrolment: enrolment({ packageType: "learn_practice_bundle" }) }, true],
    ["standard: only Practice", { enrolment: enrolment({ packageType: "practice" }) }, "needs-learn"],
    ["standard: a trialing Learn package", { enrolment: enrolment({ status: "trialing" }) }, "enrolment-inactive"],
    ["standard: an expired Learn package", { enrolment: enrolment({ status: "expired" }) }, "enrolment-inactive"],
    ["standard: a refunded Learn package", { enrolment: enrolment({ status: "refunded" }) }, "enrolment-inactive"],
    ["standard: Learn past its end date", { enrolment: enrolment({ expiresAt: past }) }, "enrolment-inactive"],
    ["standard: not enrolled", {}, "needs-learn"],
    ["standard: a guest", { viewer: guestViewer }, "sign-in"],
    ["standard, pro price 0: enrolled with no package", { course: free, enrolment: enrolment({ packageType: "none" }) }, true],
    ["standard, pro price 0: not enrolled", { course: free }, "needs-learn"],
    ["standard, pro price 0: invited only", { course: free, enrolment: enrolment({ packageType: "none", status: "invited" }) }, "enrolment-inactive"],
    ["standard: a subscription does not open it", { subscription: { status: "active" } }, "needs-learn"],
    // Subscription.
    ["subscription: an active subscription", { course: subscriptionCourse, subscription: { status: "active" } }, true],
    ["subscription: a trialing subscription", { course: subscriptionCourse, subscription: { status: "trialing" } }, true],
    ["subscription: canceled", { course: subscriptionCourse, subscription: { status: "canceled" } }, "needs-subscription"],
    ["subscription: paused", { course: subscriptionCourse, subscription: { status: "paused" } }, "needs-subscription"],
    ["subscription: expired", { course: subscriptionCourse, subscription: { status: "expired" } }, "needs-subscription"],
    ["subscription: incomplete", { course: subscriptionCourse, subscription: { status: "incomplete" } }, "needs-subscription"],
    ["subscription: none, even with a Learn package", { course: subscriptionCourse, enrolment: enrolment() }, "needs-subscription"],
    ["subscription: a guest", { course: subscriptionCourse, viewer: guestViewer }, "sign-in"],
    // Bundle.
    ["bundle: an active course subscription", { course: bundle, subscription: { status: "active" } }, true],
    ["bundle: a trialing subscription is not enough", { course: bundle, subscription: { status: "trialing" } }, "needs-bundle"],
    ["bundle: MCAT Elite paid in full", { course: bundle, enrolment: enrolment({ elitePaymentStatus: "full_paid" }) }, true],
    ["bundle: MCAT Elite deposit only", { course: bundle, enrolment: enrolment({ elitePaymentStatus: "deposit_paid" }) }, "needs-full-payment"],
    ["bundle: paid in full but expired", { course: bundle, enrolment: enrolment({ status: "expired", elitePaymentStatus: "full_paid" }) }, "enrolment-inactive"],
    ["bundle: a Learn package alone", { course: bundle, enrolment: enrolment() }, "needs-bundle"],
    ["bundle: nothing", { course: bundle }, "needs-bundle"],
    ["bundle: a guest", { course: bundle, viewer: guestViewer }, "sign-in"],
  ])("%s", (_name, overrides, expected) => {
    expectDecision(fullContentAccess(input(overrides)), expected);
  });
});

describe("practice (SPEC §5)", () => {
  const freePractice = course({
    packages: { pro: { enabled: true, price_cents: 4900, regular_price_cents: null }, practice: { enabled: true, price_cents: 0, regular_price_cents: null } },
  });
  const noPractice = course({ packages: { pro: { enabled: true, price_cents: 4900, regular_price_cents: null }, practice: { enabled: false, price_cents: 0, regular_price_cents: null } } });
  it.each<Row>([
    ["FULL_VIEW and above", { accessLevel: AccessLevel.FULL_VIEW, course: noPractice }, true],
    ["below LIMITED_VIEW", { course: course({ status: "hidden" }), enrolment: enrolment({ packageType: "practice" }) }, "not-visible"],
    ["the Practice package", { enrolment: enrolment({ packageType: "practice" }) }, true],
    ["the Learn-Practice Bundle", { enrolment: enrolment({ packageType: "learn_practice_bundle" }) }, true],
    ["Learn only", { enrolment: enrolment({ packageType: "learn" }) }, "needs-practice"],
    ["an expired Practice package", { enrolment: enrolment({ packageType: "practice", status: "expired" }) }, "enrolment-inactive"],
    ["not enrolled", {}, "needs-practice"],
    ["a guest", { viewer: guestViewer }, "sign-in"],
    ["practice price 0 and enrolled", { course: freePractice, enrolment: enrolment({ packageType: "none" }) }, true],
    ["practice price 0, not enrolled", { course: freePractice }, "needs-practice"],
    ["practice not enabled, even with the package", { course: noPractice, enrolment: enrolment({ packageType: "practice" }) }, "practice-not-offered"],
    ["practice not enabled", { course: course({ packages: {} }) }, "practice-not-offered"],
    ["subscription course: active subscription", { course: course({ purchaseType: "subscription" }), subscription: { status: "active" } }, true],
    ["subscription course: none", { course: course({ purchaseType: "subscription" }) }, "needs-subscription"],
    ["bundle course: paid in full", { course: course({ purchaseType: "course_bundle" }), enrolment: enrolment({ elitePaymentStatus: "full_paid" }) }, true],
  ])("%s", (_name, overrides, expected) => {
    expectDecision(practiceAccess(input(overrides)), expected);
  });
});

describe("preview (SPEC §5)", () => {
  it.each<[string, Partial<AccessInput> & { course?: CourseFacts }, ItemFacts, readonly number[], boolean]>([
    ["the intro of a published course, to a guest", { viewer: guestViewer }, introItem, [], true],
    ["the intro of a preparing course", { course: course({ status: "preparing" }) }, introItem, [], false],
    ["the intro of a preparing instructor-intro course", { course: course({ status: "preparing", instructorIntro: true }) }, introItem, [], true],
    ["the intro of a hidden instructor-intro course", { course: course({ status: "hidden", instructorIntro: true }) }, introItem, [], false],
    ["an item marked can_preview", {}, previewableItem, [], true],
    ["an item marked can_preview on a preparing course", { course: course({ status: "preparing" }) }, previewableItem, [], false],
    ["an item marked can_preview on a closed course", { course: course({ status: "closed" }) }, previewableItem, [], false],
    ["an item in the granted list", {}, coreItem, [100], true],
    ["an item not in the granted list", {}, coreItem, [999], false],
    ["an ordinary lesson", {}, coreItem, [], false],
    ["a previewable item on a course for instructors, to a student", { course: course({ readAccess: "wize_profs" }) }, previewableItem, [], false],
  ])("%s → %s", (_name, overrides, item, granted, expected) => {
    expect(previewAllowed(input(overrides), item, granted)).toBe(expected);
  });
});

describe("one item of the curriculum", () => {
  it.each<[string, Partial<AccessInput> & { course?: CourseFacts }, ItemFacts, true | LockReason]>([
    ["a guest previews the intro", { viewer: guestViewer }, introItem, true],
    ["a guest is stopped at a core lesson", { viewer: guestViewer }, coreItem, "sign-in"],
    ["a previewable lesson opens without a package", {}, previewableItem, true],
    ["Learn opens core lessons", { enrolment: enrolment() }, coreItem, true],
    ["Learn does not open additional practice", { enrolment: enrolment() }, practiceItem, "needs-practice"],
    ["Practice opens additional practice", { enrolment: enrolment({ packageType: "practice" }) }, practiceItem, true],
    ["Practice does not open core lessons", { enrolment: enrolment({ packageType: "practice" }) }, coreItem, "needs-learn"],
    ["the bundle opens both", { enrolment: enrolment({ packageType: "learn_practice_bundle" }) }, practiceItem, true],
    ["a subscription opens additional practice of a subscription course", { course: course({ purchaseType: "subscription" }), subscription: { status: "trialing" } }, practiceItem, true],
    ["the instructor opens everything", { viewer: instructorOfCourse, course: course({ status: "hidden" }) }, practiceItem, true],
  ])("%s", (_name, overrides, item, expected) => {
    expectDecision(itemAccess(input(overrides), item), expected);
  });
});

describe("lock explanations", () => {
  const reasons: LockReason[] = [
    "not-visible",
    "not-open-yet",
    "sign-in",
    "enrolment-inactive",
    "needs-learn",
    "needs-practice",
    "needs-subscription",
    "needs-bundle",
    "needs-full-payment",
    "practice-not-offered",
  ];
  it.each(reasons)("%s says why, and where to go when something can be done", (reason) => {
    const { message, action } = lockExplanation(reason, 7);
    expect(message.length).toBeGreaterThan(10);
    if (action) expect(action.href.startsWith("/")).toBe(true);
    else expect(reason).toBe("practice-not-offered");
  });
});

// ── Laws ────────────────────────────────────────────────────────────────────────────────────

const levels = fc.constantFrom(...Object.values(AccessLevel));
const statuses = fc.constantFrom<EnrolmentStatus>("trialing", "active", "pending_payment", "refunded", "expired", "invited", "invite_rejected");
const packageTypes = fc.constantFrom<PackageType>("none", "learn", "practice", "learn_practice_bundle");
const dates = fc.option(fc.constantFrom(past, future), { nil: null });
const arbEnrolment = fc.option(
  fc.record({
    status: statuses,
    packageType: packageTypes,
    elitePaymentStatus: fc.constantFrom(null, "deposit_paid" as const, "full_paid" as const),
    expiresAt: dates,
    extendedAccessDate: dates,
  }),
  { nil: null },
);
const arbPackage = fc.option(fc.record({ enabled: fc.boolean(), price_cents: fc.constantFrom(0, 1900), regular_price_cents: fc.constant(null) }), {
  nil: undefined,
});
const arbCourse = fc.record({
  id: fc.constant(7),
  status: fc.constantFrom<OnlineCourseStatus>("hidden", "preparing", "published", "closed"),
  purchaseType: fc.constantFrom<PurchaseType>("standard", "subscription", "course_bundle"),
  readAccess: fc.constantFrom<ReadAccess>("private", "wize_profs", "public", "partner_members"),
  instructorId: fc.constantFrom(20, null),
  instructorIntro: fc.boolean(),
  packages: fc.record({ pro: arbPackage, practice: arbPackage }, { requiredKeys: [] }),
});
const arbViewer = fc.constantFrom(guestViewer, student, instructorOfCourse, otherInstructor, admin, manager, qa, partner);
const arbSubscription = fc.option(fc.record({ status: fc.constantFrom("active", "trialing", "incomplete", "canceled", "paused", "expired", "past_due") }), {
  nil: null,
});
const arbInput = fc.record({ viewer: arbViewer, course: arbCourse, enrolment: arbEnrolment, subscription: arbSubscription, accessLevel: levels, now: fc.constant(now) });
const arbItem = fc.record({
  activityId: fc.constantFrom(100, 101),
  chapterKind: fc.constantFrom("intro" as const, "chapter" as const, "mock_exam" as const),
  sectionType: fc.constantFrom("core" as const, "additional" as const),
  canPreview: fc.boolean(),
});

describe("laws of access", () => {
  it("raising the access level never removes access", () => {
    fc.assert(
      fc.property(arbInput, levels, arbItem, (base, higher, item) => {
        fc.pre(higher >= base.accessLevel);
        const raised = { ...base, accessLevel: higher };
        for (const decide of [fullContentAccess, practiceAccess]) {
          if (decide(base).allowed) expect(decide(raised).allowed).toBe(true);
        }
        if (previewAllowed(base, item)) expect(previewAllowed(raised, item)).toBe(true);
        if (itemAccess(base, item).allowed) expect(itemAccess(raised, item).allowed).toBe(true);
      }),
    );
  });

  it("FULL_VIEW and above open everything; below OVERVIEW nothing", () => {
    fc.assert(
      fc.property(arbInput, arbItem, (base, item) => {
        if (base.accessLevel >= AccessLevel.FULL_VIEW) expect(itemAccess(base, item).allowed).toBe(true);
        if (base.accessLevel < AccessLevel.OVERVIEW) expect(itemAccess(base, item, [item.activityId]).allowed).toBe(false);
      }),
    );
  });

  it("a previewable item is open whenever a locked one is, and full content opens every core item", () => {
    fc.assert(
      fc.property(arbInput, arbItem, (base, item) => {
        const locked = { ...item, canPreview: false };
        const open = { ...item, canPreview: true };
        if (itemAccess(base, locked).allowed) expect(itemAccess(base, open).allowed).toBe(true);
        if (fullContentAccess(base).allowed && item.sectionType === "core") expect(itemAccess(base, item).allowed).toBe(true);
      }),
    );
  });

  it("losing the enrolment never grants access, and an enrolment that stops holding never adds any", () => {
    fc.assert(
      fc.property(arbInput, (base) => {
        fc.pre(base.enrolment !== null);
        const lapsed = { ...base, enrolment: { ...base.enrolment!, status: "expired" as const } };
        if (fullContentAccess(lapsed).allowed) expect(fullContentAccess(base).allowed).toBe(true);
        if (practiceAccess(lapsed).allowed) expect(practiceAccess(base).allowed).toBe(true);
      }),
    );
  });

  it("every refusal carries a reason with an explanation", () => {
    fc.assert(
      fc.property(arbInput, arbItem, (base, item) => {
        const decision = itemAccess(base, item);
        if (!decision.allowed) expect(lockExplanation(decision.reason, base.course.id).message).not.toBe("");
      }),
    );
  });
});
