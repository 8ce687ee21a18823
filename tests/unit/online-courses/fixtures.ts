import type { Viewer } from "~/accounts/roles";
import type { CourseFacts } from "~/online-courses/access";

/** A signed-in student with no other role. */
export const student: Viewer = { id: 10, roles: [], userType: "student" };

/** A published, public, standard course taught by user 20, selling Learn ($49) and Practice ($19). */
export const courseFacts = (overrides: Partial<CourseFacts> = {}): CourseFacts => ({
  id: 7,
  status: "published",
  purchaseType: "standard",
  readAccess: "public",
  instructorId: 20,
  instructorIntro: false,
  packages: {
    pro: { enabled: true, price_cents: 4900, regular_price_cents: null },
    practice: { enabled: true, price_cents: 1900, regular_price_cents: null },
  },
  ...overrides,
});
