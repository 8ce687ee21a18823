import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  COURSE_NEEDS_ONLINE_COURSES_MESSAGE,
  DISCOUNT_CODE_FORMAT_MESSAGE,
  discountCodeSchema,
  discountCodeStatus,
  discountCodeValues,
  windowDays,
  WINDOW_ORDER_MESSAGE,
} from "~/payments/discount-code-rules";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries({ code: "SPRING25", percent_off: "25", product_kind: "any", ...fields })) data.set(name, value);
  return parseWithZod(data, { schema: discountCodeSchema });
};

describe("the discount-code form", () => {
  it.each<[string, Record<string, string>, string | null, string | null]>([
    ["a plain code", {}, null, null],
    ["lower case and dashes", { code: "back-to_school" }, null, null],
    ["a code too short", { code: "AB" }, "code", DISCOUNT_CODE_FORMAT_MESSAGE],
    ["a code too long", { code: "A".repeat(33) }, "code", DISCOUNT_CODE_FORMAT_MESSAGE],
    ["a code with a space", { code: "SPRING 25" }, "code", DISCOUNT_CODE_FORMAT_MESSAGE],
    ["a code with other signs", { code: "50%OFF" }, "code", DISCOUNT_CODE_FORMAT_MESSAGE],
    ["no code", { code: "" }, "code", null],
    ["0 percent", { percent_off: "0" }, "percent_off", "Percent off must be at least 1"],
    ["1 percent", { percent_off: "1" }, null, null],
    ["100 percent", { percent_off: "100" }, null, null],
    ["101 percent", { percent_off: "101" }, "percent_off", "Percent off must be at most 100"],
    ["a fraction of a percent", { percent_off: "12.5" }, "percent_off", "Percent off must be a whole number"],
    ["words for a percent", { percent_off: "ten" }, "percent_off", null],
    ["a window in order", { starts_on: "2026-06-01", ends_on: "2026-06-07" }, null, null],
    ["a one-day window", { starts_on: "2026-06-01", ends_on: "2026-06-01" }, null, null],
    ["a window that ends before it starts", { starts_on: "2026-06-07", ends_on: "2026-06-01" }, "ends_on", WINDOW_ORDER_MESSAGE],
    ["only a start", { starts_on: "2026-06-01" }, null, null],
    ["only an end", { ends_on: "2026-06-01" }, null, null],
    ["a date that is not one", { starts_on: "2026-13-45" }, "starts_on", "The first valid day must be a date (YYYY-MM-DD)"],
    ["a usage limit", { usage_limit: "10" }, null, null],
    ["a usage limit of 0", { usage_limit: "0" }, "usage_limit", "The usage limit must be at least 1"],
    ["one course of online courses", { product_kind: "online_course", online_course_id: "4" }, null, null],
    ["one course of subscriptions", { product_kind: "subscription", online_course_id: "4" }, "online_course_id", COURSE_NEEDS_ONLINE_COURSES_MESSAGE],
    ["an unknown product", { product_kind: "textbooks" }, "product_kind", null],
  ])("%s", (_name, fields, field, message) => {
    const submission = form(fields);
    if (field === null) {
      expect(submission.status).toBe("success");
      return;
    }
    expect(submission.status).toBe("error");
    const errors = submission.reply().error?.[field];
    expect(errors?.length).toBeGreaterThan(0);
    if (message) expect(errors).toContain(message);
  });

  it("keeps codes upper-case and turns the days into a window from the first day's start to the last day's end (UTC)", () => {
    const submission = form({ code: "spring25", product_kind: "online_course", online_course_id: "4", starts_on: "2026-06-01", ends_on: "2026-06-07", usage_limit: "3" });
    if (submission.status !== "success") throw new Error("expected a valid form");
    const values = discountCodeValues(submission.value);
    expect(values).toEqual({
      code: "SPRING25",
      percent_off: 25,
      product_kind: "online_course",
      online_course_id: 4,
      starts_at: new Date("2026-06-01T00:00:00Z"),
      ends_at: new Date("2026-06-08T00:00:00Z"),
      usage_limit: 3,
    });
    expect(windowDays(values.starts_at, values.ends_at)).toEqual({ starts_on: "2026-06-01", ends_on: "2026-06-07" });
  });

  it("applies to any product when no product is chosen", () => {
    const submission = form({});
    if (submission.status !== "success") throw new Error("expected a valid form");
    expect(discountCodeValues(submission.value)).toMatchObject({ product_kind: null, online_course_id: null, starts_at: null, ends_at: null, usage_limit: null });
  });
});

describe("a code's status in the list", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  type Facts = Parameters<typeof discountCodeStatus>[0];
  const base: Facts = { deactivatedAt: null, startsAt: null, endsAt: null, usageLimit: null, timesUsed: 0 };
  it.each<[string, Partial<Facts>, string]>([
    ["no limits", {}, "active"],
    ["switched off", { deactivatedAt: new Date("2026-06-01") }, "deactivated"],
    ["switched off and expired", { deactivatedAt: new Date("2026-06-01"), endsAt: new Date("2026-06-02") }, "deactivated"],
    ["past its window", { endsAt: new Date("2026-06-15T00:00:00Z") }, "expired"],
    ["ends exactly now", { endsAt: now }, "expired"],
    ["before its window", { startsAt: new Date("2026-06-16") }, "scheduled"],
    ["all uses taken", { usageLimit: 2, timesUsed: 2 }, "used up"],
    ["uses left", { usageLimit: 2, timesUsed: 1 }, "active"],
  ])("%s → %s", (_name, overrides, status) => {
    expect(discountCodeStatus({ ...base, ...overrides }, now)).toBe(status);
  });
});
