/** Actions recorded in audit_events: one list for the log's writers and the audit log's filter. */
export const AUDIT_ACTIONS = [
  "impersonation.start",
  "impersonation.stop",
  "impersonated.request",
  "user.change",
  "user.confirmation_resent",
  "catalogue.change",
  "catalogue.merge",
  "online_course.change",
  "study_session.change",
  "discount_code.create",
  "discount_code.update",
  "discount_code.deactivate",
  "discount_code.reactivate",
  "subscription.admin_cancel",
  "purchase.refund",
  "notes.approve",
  "notes.reject",
  "scholarship_application.accept",
  "scholarship_application.decline",
  "stripe_product.update",
  "contest.announce",
  "site_tours.start_all",
  "site_tours.end_all",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
