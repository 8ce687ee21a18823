import type { McatEventType } from "~/db/schema";

export const MCAT_EVENT_TYPES: Record<McatEventType, string> = {
  webinar: "Webinars",
  workshop: "Workshops",
  "practice-exam": "Practice exams",
  "info-session": "Information sessions",
};

export function isMcatEventType(value: string): value is McatEventType {
  return Object.hasOwn(MCAT_EVENT_TYPES, value);
}
