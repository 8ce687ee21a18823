import type { DiscountCodesTable } from "../../../app/db/schema";

export interface DiscountCodeSeed {
  code: string;
  percentOff: number;
  productKind: DiscountCodesTable["product_kind"];
}

/** Demo discount codes: typed at checkout (SPEC §9: a study session's discount is a percent). */
export const discountCodes: readonly DiscountCodeSeed[] = [{ code: "LIVE20", percentOff: 20, productKind: "study_session" }];
