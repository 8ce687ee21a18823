import type { CountryCode, Currency, DiscountCodesTable, OnlineCourseStatus, OnlineCourseType, PackagesConfig, PaidPackageType, PurchaseType } from "~/db/schema";
import {
  isBillingInterval,
  isPlanKey,
  PLANS,
  planPrice,
  PLUS_GRADE_BOOSTER_DISCOUNT_PERCENT,
  withSalesTax,
  type BillingInterval,
  type PlanKey,
} from "~/pricing/plans";
import { parseRecordId } from "~/utils/record-id";

/**
 * What a checkout costs (SPEC §9), pure: the product a checkout link names, its price and regular
 * price, the Plus perk, a discount code, referral credits and sales tax, in integer cents. The
 * server computes every figure it charges with this module; the page shows the same figures.
 */

// ── Products ─────────────────────────────────────────────────────────────────────────────────

export interface CourseForSale {
  id: number;
  name: string;
  courseType: OnlineCourseType;
  purchaseType: PurchaseType;
  priceCents: number;
  regularPriceCents: number | null;
  packages: PackagesConfig;
  /** A course is priced and charged in its own currency, whoever buys it (tax follows the buyer). */
  currency: Currency;
}

/**
 * Only a published course is sold (SPEC §4): a preparing one takes pre-registrations, and hidden
 * and closed ones are not offered at all, whatever a typed checkout link asks for.
 */
export function courseSaleRefusal(status: OnlineCourseStatus): { error: string; status: number } | null {
  switch (status) {
    case "published":
      return null;
    case "preparing":
      return { error: "This course is not open yet. Pre-register on its page and we will tell you when it opens.", status: 409 };
    case "hidden":
    case "closed":
      return { error: "This course is not for sale.", status: 404 };
  }
}

/** A live study session on sale: priced and charged in its own currency, like a course. */
export interface SessionForSale {
  id: number;
  title: string;
  priceCents: number;
  regularPriceCents: number | null;
  currency: Currency;
  /** Its meetings, for the order summary (ISO times, so the product travels to the page as it is). */
  dates: { startTime: string; endTime: string }[];
}

/**
 * Only a paid session still to come (or live now: latecomers may still join) is sold; a free one
 * is joined from its page, and a past one is over. Who already holds a seat is the buyer's fact.
 */
export function sessionSaleRefusal(session: { id: number; priceCents: number }, timing: "upcoming" | "live" | "past"): { error: string; status: number; link: { label: string; href: string } } | null {
  const link = { label: "Go to the session", href: `/study-sessions/${session.id}` };
  if (session.priceCents <= 0) return { error: "This session is free: register for it on its page.", status: 409, link };
  if (timing === "past") return { error: "This session has already taken place and is no longer for sale.", status: 410, link };
  return null;
}

/** A tutoring contract its student pays by card: its hours at its rate, in its own currency. */
export interface ContractForSale {
  id: number;
  tutorName: string;
  /** "MATH 137: Calculus 2", when the contract is for a course. */
  courseLabel: string | null;
  minutes: number;
  priceCents: number;
  currency: Currency;
  /** A paid (or refunded) contract is not sold again. */
  purchaseStatus: "unpaid" | "paid" | "refunded";
}

export type CheckoutProduct =
  | { kind: "online_course"; course: CourseForSale; packageType: PaidPackageType }
  | { kind: "study_session"; session: SessionForSale }
  | { kind: "tutoring"; contract: ContractForSale }
  | { kind: "subscription"; plan: PlanKey; interval: BillingInterval }
  | { kind: "tokens"; amount: TokenPack["amount"] }
  | { kind: "elite_deposit"; course: CourseForSale }
  | { kind: "elite_full"; course: CourseForSale };

export const PACKAGE_QUERY_VALUES = { learn: "learn", practice: "practice", bundle: "learn_practice_bundle" } as const;
export const PACKAGE_NAMES: Record<PaidPackageType, string> = { learn: "Learn", practice: "Practice", learn_practice_bundle: "Learn-Practice Bundle" };

/** Activity token packs (SPEC §9: tokens can be purchased). */
export const TOKEN_PACKS = [
  { amount: 10, priceCents: 999 },
  { amount: 25, priceCents: 2249 },
  { amount: 50, priceCents: 3999 },
] as const;
export type TokenPack = (typeof TOKEN_PACKS)[number];

/** MCAT Elite 515: a deposit secures the place; the balance completes the payment. */
export const ELITE_DEPOSIT_CENTS = 50_000;

/** Days a first-time subscriber tries a plan for free (SPEC §9: trial price 0). */
export const TRIAL_DAYS = 7;

/** What the checkout link's query asks for, before the course is loaded. */
export type CheckoutRequest =
  | { kind: "online_course"; onlineCourseId: number; packageType: PaidPackageType }
  | { kind: "subscription"; plan: PlanKey; interval: BillingInterval }
  | { kind: "tokens"; amount: number }
  | { kind: "elite_deposit" | "elite_full"; onlineCourseId: number }
  | { kind: "study_session"; studySessionId: number }
  | { kind: "tutoring"; contractId: number };

/**
 * Reads the checkout link contracts: `?online_course_id={id}&package=learn|practice|bundle`,
 * `?plan=plus|premed_plus&interval=month|year` (yearly when left out), `?tokens=10|25|50`,
 * `?online_course_id={id}&elite=deposit|full`, `?study_session_id={id}`,
 * `?student_tutor_contract_id={id}`. Anything else is an error message for a 400.
 */
export function parseCheckoutQuery(params: URLSearchParams): CheckoutRequest | { error: string } {
  const contract = params.get("student_tutor_contract_id");
  if (contract !== null) {
    const id = parseRecordId(contract);
    return id === null ? { error: "Choose a tutoring contract to pay for." } : { kind: "tutoring", contractId: id };
  }
  const studySession = params.get("study_session_id");
  if (studySession !== null) {
    const id = parseRecordId(studySession);
    return id === null ? { error: "Choose a study session to buy." } : { kind: "study_session", studySessionId: id };
  }
  const plan = params.get("plan");
  if (plan !== null) {
    const key = plan === "premed_plus" ? "pre_med_plus" : plan;
    if (!isPlanKey(key)) return { error: "Choose the Plus or Pre-Med Plus plan." };
    const interval = params.get("interval") ?? "year";
    if (!isBillingInterval(interval)) return { error: "Choose monthly or yearly billing." };
    return { kind: "subscription", plan: key, interval };
  }
  const tokens = params.get("tokens");
  if (tokens !== null) {
    const amount = Number(tokens);
    if (!TOKEN_PACKS.some((pack) => pack.amount === amount)) return { error: `Tokens come in packs of ${TOKEN_PACKS.map((pack) => pack.amount).join(", ")}.` };
    return { kind: "tokens", amount };
  }
  const courseId = params.get("online_course_id");
  if (parseRecordId(courseId) === null) return { error: "Choose something to buy: a course package, a plan or tokens." };
  const elite = params.get("elite");
  if (elite !== null) {
    if (elite !== "deposit" && elite !== "full") return { error: "Choose the deposit or the full payment." };
    return { kind: elite === "deposit" ? "elite_deposit" : "elite_full", onlineCourseId: Number(courseId) };
  }
  const pkg = params.get("package") ?? "learn";
  if (!Object.hasOwn(PACKAGE_QUERY_VALUES, pkg)) return { error: "Choose the Learn, Practice or Bundle package." };
  return { kind: "online_course", onlineCourseId: Number(courseId), packageType: PACKAGE_QUERY_VALUES[pkg as keyof typeof PACKAGE_QUERY_VALUES] };
}

export interface ListPrice {
  name: string;
  priceCents: number;
  /** Shown struck through when higher than the price. */
  regularPriceCents: number | null;
}

/** The price of a product, or an error message when it is not for sale. */
export function listPrice(product: CheckoutProduct, elitePaidCents = 0): ListPrice | { error: string } {
  switch (product.kind) {
    case "subscription": {
      const plan = PLANS[product.plan];
      return { name: `${plan.name} (${product.interval === "year" ? "yearly" : "monthly"})`, priceCents: planPrice(product.plan, product.interval), regularPriceCents: product.interval === "year" ? plan.prices.month * 12 : null };
    }
    case "study_session": {
      const { session } = product;
      if (session.priceCents <= 0) return { error: "This session is free: register for it on its page." };
      return { name: session.title, priceCents: session.priceCents, regularPriceCents: session.regularPriceCents };
    }
    case "tutoring": {
      const { contract } = product;
      const hours = contract.minutes / 60;
      return { name: `Tutoring with ${contract.tutorName}: ${hours} ${hours === 1 ? "hour" : "hours"}${contract.courseLabel ? ` (${contract.courseLabel})` : ""}`, priceCents: contract.priceCents, regularPriceCents: null };
    }
    case "tokens": {
      const pack = TOKEN_PACKS.find((candidate) => candidate.amount === product.amount)!;
      return { name: `${pack.amount} activity tokens`, priceCents: pack.priceCents, regularPriceCents: null };
    }
    case "elite_deposit":
    case "elite_full": {
      const { course } = product;
      if (course.purchaseType !== "course_bundle") return { error: "This course is not sold with a deposit." };
      const full = course.packages.pro?.price_cents ?? course.priceCents;
      if (product.kind === "elite_deposit") return { name: `${course.name}: deposit`, priceCents: Math.min(ELITE_DEPOSIT_CENTS, full), regularPriceCents: null };
      return { name: `${course.name}: ${elitePaidCents > 0 ? "remaining balance" : "full payment"}`, priceCents: Math.max(0, full - elitePaidCents), regularPriceCents: elitePaidCents > 0 ? null : course.packages.pro?.regular_price_cents ?? course.regularPriceCents };
    }
    case "online_course": {
      const { course, packageType } = product;
      if (course.purchaseType === "subscription") return { error: "This course comes with a Plus subscription." };
      const { pro, practice } = course.packages;
      const name = `${course.name}: ${PACKAGE_NAMES[packageType]} package`;
      if (packageType === "learn") {
        if (!pro?.enabled) return { error: "The Learn package is not offered for this course." };
        return { name, priceCents: pro.price_cents, regularPriceCents: pro.regular_price_cents };
      }
      if (packageType === "practice") {
        if (!practice?.enabled) return { error: "The Practice package is not offered for this course." };
        return { name, priceCents: practice.price_cents, regularPriceCents: practice.regular_price_cents };
      }
      if (!pro?.enabled || !practice?.enabled) return { error: "The Learn-Practice Bundle is not offered for this course." };
      const regular = (pro.regular_price_cents ?? pro.price_cents) + (practice.regular_price_cents ?? practice.price_cents);
      const price = pro.price_cents + practice.price_cents;
      return { name, priceCents: price, regularPriceCents: regular > price ? regular : null };
    }
  }
}

/** The currency a product is priced in whoever buys it; null when it follows the buyer (plans, tokens). */
export function ownCurrency(product: CheckoutProduct): Currency | null {
  if ("course" in product) return product.course.currency;
  if (product.kind === "study_session") return product.session.currency;
  if (product.kind === "tutoring") return product.contract.currency;
  return null;
}

/**
 * Bought once and never at two prices: a seat, a tutoring contract. Its open checkout is replaced
 * when the price changes, so two payment pages for it can never both be paid.
 */
export function isSingleUseProduct(product: CheckoutProduct): boolean {
  return product.kind === "study_session" || product.kind === "tutoring";
}

/** A stable key naming what is bought (one open checkout per user and key). */
export function productKey(product: CheckoutProduct): string {
  switch (product.kind) {
    case "online_course":
      return `online_course:${product.course.id}:${product.packageType}`;
    case "subscription":
      return `subscription:${product.plan}:${product.interval}`;
    case "tokens":
      return `tokens:${product.amount}`;
    case "study_session":
      return `study_session:${product.session.id}`;
    case "tutoring":
      return `tutoring:${product.contract.id}`;
    default:
      return `${product.kind}:${product.course.id}`;
  }
}

// ── Discount codes ───────────────────────────────────────────────────────────────────────────

export interface DiscountCodeFacts {
  id: number;
  code: string;
  percentOff: number;
  productKind: DiscountCodesTable["product_kind"];
  onlineCourseId: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  /** Paid and open checkouts (an open checkout claims its use), less the buyer's own open one. */
  timesUsed: number;
  /** Switched off by staff. */
  deactivated?: boolean;
}

export const DISCOUNT_CODE_UNKNOWN = "This discount code does not exist.";
export const DISCOUNT_CODE_DEACTIVATED = "This discount code is no longer valid.";
export const DISCOUNT_CODE_USED_UP = "This discount code has been used up.";

/** Whether the code applies to the product now; an error message says why not. */
export function checkDiscountCode(code: DiscountCodeFacts, product: CheckoutProduct, now: Date): { ok: true } | { ok: false; error: string } {
  if (code.deactivated) return { ok: false, error: DISCOUNT_CODE_DEACTIVATED };
  if (code.startsAt && now.getTime() < code.startsAt.getTime()) return { ok: false, error: "This discount code is not valid yet." };
  if (code.endsAt && now.getTime() >= code.endsAt.getTime()) return { ok: false, error: "This discount code has expired." };
  if (code.usageLimit !== null && code.timesUsed >= code.usageLimit) return { ok: false, error: DISCOUNT_CODE_USED_UP };
  const kind = product.kind === "elite_deposit" || product.kind === "elite_full" ? "online_course" : product.kind;
  if (code.productKind && code.productKind !== kind) return { ok: false, error: "This discount code does not apply to this product." };
  if (code.onlineCourseId !== null && !("course" in product)) return { ok: false, error: "This discount code does not apply to this product." };
  if (code.onlineCourseId !== null && !("course" in product && product.course.id === code.onlineCourseId)) {
    return { ok: false, error: "This discount code does not apply to this course." };
  }
  return { ok: true };
}

// ── The quote ────────────────────────────────────────────────────────────────────────────────

/** SPEC §9: the Plus perk takes 20% off Grade Boosters (exam prep courses sold per course). */
export function isGradeBooster(course: Pick<CourseForSale, "courseType" | "purchaseType">): boolean {
  return course.courseType === "exam_prep" && course.purchaseType === "standard";
}

export interface QuoteInput {
  product: CheckoutProduct;
  country: CountryCode | string | null;
  /** A code that passed checkDiscountCode. */
  discount?: DiscountCodeFacts | null;
  /** The buyer holds an active or trialing Plus plan. */
  plusMember?: boolean;
  /** Referral credit available, and whether the buyer asked to use it (`apply_credits`). */
  creditsAvailableCents?: number;
  applyCredits?: boolean;
  /** What was already paid towards MCAT Elite (the deposit). */
  elitePaidCents?: number;
  /** The first period of a new subscriber is a free trial. */
  trialEligible?: boolean;
  /** The half of the bundle the buyer already holds: the bundle costs them only the other half. */
  heldPackage?: "learn" | "practice" | null;
}

export interface Quote {
  name: string;
  currency: Currency;
  regularPriceCents: number | null;
  priceCents: number;
  /** What the package the buyer already holds is worth, off the bundle (an upgrade). */
  ownedCents: number;
  /** Which package that is. */
  ownedPackage: "learn" | "practice" | null;
  perkCents: number;
  discountCents: number;
  creditsCents: number;
  subtotalCents: number;
  taxPercent: number;
  taxCents: number;
  totalCents: number;
  /** Free trial days before the first charge (subscriptions). */
  trialDays: number;
  /** What is due today (0 during a trial). */
  dueTodayCents: number;
}

const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

/** The list price of the half of the bundle a buyer holds. */
function heldPackageCents(course: CourseForSale, held: "learn" | "practice"): number {
  return (held === "learn" ? course.packages.pro?.price_cents : course.packages.practice?.price_cents) ?? 0;
}

export function quote(input: QuoteInput): Quote | { error: string } {
  const listed = listPrice(input.product, input.elitePaidCents ?? 0);
  if ("error" in listed) return listed;
  const ownedPackage = input.product.kind === "online_course" && input.product.packageType === "learn_practice_bundle" ? (input.heldPackage ?? null) : null;
  const ownedCents = ownedPackage && input.product.kind === "online_course" ? Math.min(listed.priceCents, heldPackageCents(input.product.course, ownedPackage)) : 0;
  const afterOwned = listed.priceCents - ownedCents;
  const perkCents = input.plusMember && input.product.kind === "online_course" && isGradeBooster(input.product.course) ? percentOf(afterOwned, PLUS_GRADE_BOOSTER_DISCOUNT_PERCENT) : 0;
  const afterPerk = afterOwned - perkCents;
  const discountCents = input.discount ? Math.min(afterPerk, percentOf(afterPerk, input.discount.percentOff)) : 0;
  const afterDiscount = afterPerk - discountCents;
  // Credits pay for one-off purchases; a subscription's renewals are charged in full.
  const creditsCents = input.applyCredits && input.product.kind !== "subscription" ? Math.max(0, Math.min(afterDiscount, input.creditsAvailableCents ?? 0)) : 0;
  const subtotal = afterDiscount - creditsCents;
  const taxed = withSalesTax(subtotal, input.country);
  const trialDays = input.product.kind === "subscription" && input.trialEligible ? TRIAL_DAYS : 0;
  return {
    name: listed.name,
    // Courses, sessions and tutoring are charged in their own currency, plans and tokens in the buyer's.
    currency: ownCurrency(input.product) ?? taxed.currency,
    regularPriceCents: listed.regularPriceCents !== null && listed.regularPriceCents > listed.priceCents ? listed.regularPriceCents : null,
    priceCents: listed.priceCents,
    ownedCents,
    ownedPackage,
    perkCents,
    discountCents,
    creditsCents,
    subtotalCents: subtotal,
    taxPercent: taxed.taxPercent,
    taxCents: taxed.taxCents,
    totalCents: taxed.totalCents,
    trialDays,
    dueTodayCents: trialDays > 0 ? 0 : taxed.totalCents,
  };
}
