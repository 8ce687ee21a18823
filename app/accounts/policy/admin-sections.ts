import { decideAccess, routeRule, type RouteId } from "~/accounts/policy/route-rules";
import type { Viewer } from "~/accounts/roles";

/**
 * The back office's sections as the home /admin lists them (SPEC §2: the home of admins and
 * managers). Pure. Each is shown only to whoever its route's rule lets in, so the home never
 * offers a link that answers 403.
 */

export interface AdminSection {
  route: RouteId;
  path: string;
  label: string;
  description: string;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { route: "routes/admin+/reports", path: "/admin/reports", label: "Reports", description: "Signups, revenue, active students, landing-page views and conversions by month, with CSV downloads." },
  { route: "routes/admin+/online-courses", path: "/admin/online-courses", label: "Online courses", description: "Every online course by status; change its status or instructor." },
  { route: "routes/admin+/study-sessions", path: "/admin/study-sessions", label: "Study sessions", description: "Every live study session; confirm or change its instructor." },
  { route: "routes/admin+/schools", path: "/admin/schools", label: "Schools", description: "Create and edit schools, and merge duplicates." },
  { route: "routes/admin+/courses", path: "/admin/courses", label: "Courses", description: "Create and edit catalogue courses, and merge duplicates." },
  { route: "routes/admin+/class-reps", path: "/admin/class-reps", label: "Class reps", description: "Class-rep applications to approve or decline, and the reps' reports to review." },
  { route: "routes/admin+/scholarships._index", path: "/admin/scholarships", label: "Scholarships", description: "Scholarship applications: essay, answers and transcript; score, staff notes, accept or decline." },
  { route: "routes/admin+/contests._index", path: "/admin/contests", label: "Contest", description: "Contest entries: read them, mark winners and announce them." },
  { route: "routes/admin+/notes", path: "/admin/notes", label: "Uploaded notes", description: "Notes students uploaded for their courses: approve (the student earns tokens) or reject with a reason." },
  { route: "routes/admin+/site-tours._index", path: "/admin/site-tours", label: "Site tours", description: "The steps of each site tour: add, edit, remove and reorder them." },
  { route: "routes/admin+/writing-templates", path: "/admin/writing-templates", label: "Writing templates", description: "The essay templates students start from in the writing tool: write, edit and publish them." },
  { route: "routes/admin+/faqs", path: "/admin/faqs", label: "FAQs", description: "The questions of the pricing, product and help pages." },
  { route: "routes/admin+/discount-codes._index", path: "/admin/discount-codes", label: "Discount codes", description: "Percent off, validity window, usage limit and product; deactivate a code." },
  { route: "routes/admin+/subscriptions._index", path: "/admin/subscriptions", label: "Subscriptions", description: "Find a subscription, see its invoices, cancel it." },
  { route: "routes/admin+/invoices._index", path: "/admin/invoices", label: "Invoices and refunds", description: "Every purchase; refund all or part of one." },
  { route: "routes/admin+/stripe-products", path: "/admin/stripe-products", label: "Stripe products", description: "What checkout sells through Stripe; set the Stripe price of each plan." },
  { route: "routes/admin+/hiring._index", path: "/admin/hiring", label: "Hiring", description: "Positions, applicants by stage, notes and mail to applicants." },
  { route: "routes/admin+/audit-log", path: "/admin/audit-log", label: "Audit log", description: "Staff actions: who did what, to whom, when." },
];

export function adminSectionsFor(viewer: Viewer): AdminSection[] {
  return ADMIN_SECTIONS.filter((section) => decideAccess(viewer, routeRule(section.route).access) === "allow");
}
