import { describe, expect, it } from "vitest";
import { loader as productPlusLoader } from "~/routes/$productPlus";
import { loader as highSchoolLoader } from "~/routes/high-school";
import { loader as preMedPlusLoader } from "~/routes/pre-med-plus";
import { loader as pricingLoader } from "~/routes/pricing";
import { loader as universityLoader } from "~/routes/university";
import { useTestDatabase } from "../../support/database";
import { routeVisitor } from "../../support/route-visitor";

useTestDatabase();

describe("plan pages", () => {
  it("price in the interval and country of the query, yearly in USD by default", async () => {
    const guest = routeVisitor();
    const byDefault = await guest.get(pricingLoader, "/pricing");
    expect(byDefault.status).toBe(200);
    expect(byDefault.data).toMatchObject({ interval: "year", country: null });
    expect(byDefault.data.offers.map((offer: { plan: string; currency: string }) => [offer.plan, offer.currency])).toEqual([
      ["plus", "USD"],
      ["pre_med_plus", "USD"],
    ]);

    const chosen = await guest.get(pricingLoader, "/pricing?interval=month&country=CA");
    expect(chosen.data).toMatchObject({ interval: "month", country: "CA" });
    expect(chosen.data.offers[0]).toMatchObject({ interval: "month", currency: "CAD", checkoutHref: "/checkout?plan=plus&interval=month" });

    const preMed = await guest.get(preMedPlusLoader, "/pre-med-plus?interval=month");
    expect(preMed.data.offers).toMatchObject([{ plan: "pre_med_plus", interval: "month" }]);

    const product = await guest.get(productPlusLoader, "/mcat-plus?country=CA", { params: { productPlus: "mcat-plus" } });
    expect(product.data.offers).toMatchObject([{ plan: "plus", name: "MCAT Plus", currency: "CAD", interval: "year" }]);
  });

  it("ignore a malformed query", async () => {
    const answer = await routeVisitor().get(pricingLoader, "/pricing?interval=weekly&country=FR");
    expect(answer.data).toMatchObject({ interval: "year", country: null });
  });
});

describe("school type landing pages", () => {
  it.each([
    ["/high-school", highSchoolLoader, "high_school"],
    ["/university", universityLoader, "university"],
  ] as const)("%s shows its page, its online courses and its schools", async (path, loader, schoolType) => {
    const answer = await routeVisitor().get(loader, path);
    expect(answer.status).toBe(200);
    expect(answer.data.page.slug).toBe(path.slice(1));
    expect(answer.data.schools.length).toBeGreaterThan(0);
    expect(answer.data.schools.every((school: { school_type: string }) => school.school_type === schoolType)).toBe(true);
  });
});
