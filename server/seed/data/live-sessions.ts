import type { Currency, StudySessionAttachmentKind, StudySessionType } from "../../../app/db/schema";
import { DEMO_EMAIL_DOMAIN } from "../demo-accounts";

/**
 * The demo live sessions (server/seed/study-sessions.ts inserts them): every state of the session
 * page on first start, dated relative to when the seed runs. Titles are unique.
 */

export type DemoAttachment = { kind: StudySessionAttachmentKind; name: string };

export interface DemoSession {
  title: string;
  description: string;
  sessionType: StudySessionType;
  instructorEmail: string | null;
  priceCents: number;
  regularPriceCents: number | null;
  currency: Currency;
  courses: string[];
  /** Start, in minutes from the seed's now, and length in minutes. */
  dates: { startMinutes: number; minutes: number }[];
  attachments: DemoAttachment[];
  studentEnrolled: boolean;
  disableZoom?: boolean;
}

const ALL_MATERIAL: DemoAttachment[] = [
  { kind: "booklet", name: "Practice booklet" },
  { kind: "solution", name: "Booklet solutions" },
  { kind: "recording", name: "Session recording" },
  { kind: "preview", name: "What we will cover" },
];

export const demoLiveSessions: readonly DemoSession[] = [
  {
    title: "MATH 137 Drop-in Office Hours (Live Now)",
    description: "Bring your MATH 137 questions: limits, derivatives, the assignment due this week. Drop in any time during the session.",
    sessionType: "office_hours",
    instructorEmail: `instructor@${DEMO_EMAIL_DOMAIN}`,
    priceCents: 0,
    regularPriceCents: null,
    currency: "CAD",
    courses: ["waterloo-math-137"],
    dates: [{ startMinutes: -30, minutes: 120 }],
    attachments: [
      { kind: "booklet", name: "Office hours worksheet" },
      { kind: "preview", name: "What we will cover" },
    ],
    studentEnrolled: true,
  },
  {
    title: "Free Calculus Study Skills Workshop",
    description: "A free hour on studying for calculus exams: how to use past papers, build a formula sheet and check your work under time pressure.",
    sessionType: "general",
    instructorEmail: `ss_instructor@${DEMO_EMAIL_DOMAIN}`,
    priceCents: 0,
    regularPriceCents: null,
    currency: "CAD",
    courses: ["waterloo-math-137", "waterloo-math-138"],
    dates: [{ startMinutes: 5 * 24 * 60, minutes: 60 }],
    attachments: [{ kind: "preview", name: "Workshop outline" }],
    studentEnrolled: false,
  },
  {
    title: "CS 135 Weekly Tutorial",
    description: "Every week: the design recipe applied to this week's assignment topics, then exam-style tracing questions.",
    sessionType: "weekly_tutorial",
    instructorEmail: `ss_instructor@${DEMO_EMAIL_DOMAIN}`,
    priceCents: 0,
    regularPriceCents: null,
    currency: "CAD",
    courses: ["waterloo-cs-135"],
    dates: [
      { startMinutes: 2 * 24 * 60, minutes: 90 },
      { startMinutes: 9 * 24 * 60, minutes: 90 },
    ],
    attachments: [{ kind: "booklet", name: "Tutorial problems" }],
    studentEnrolled: true,
  },
  {
    title: "ECON 101 Exam Prep Crash Course",
    description: "Three hours covering supply and demand, elasticity and market structures, with a full practice exam.",
    sessionType: "exam_prep",
    instructorEmail: null,
    priceCents: 2900,
    regularPriceCents: 3900,
    currency: "CAD",
    courses: ["waterloo-econ-101"],
    dates: [{ startMinutes: 12 * 24 * 60, minutes: 180 }],
    attachments: [{ kind: "preview", name: "Crash course outline" }],
    studentEnrolled: false,
  },
  {
    title: "CHEM 212 Mock Exam Walkthrough",
    description: "We write a mock midterm together and go through every question: stereochemistry, SN1/SN2 and elimination mechanisms.",
    sessionType: "exam_review",
    instructorEmail: `instructor@${DEMO_EMAIL_DOMAIN}`,
    priceCents: 1900,
    regularPriceCents: 2500,
    currency: "USD",
    courses: ["mcgill-chem-212"],
    dates: [{ startMinutes: -5 * 24 * 60, minutes: 150 }],
    attachments: ALL_MATERIAL,
    studentEnrolled: true,
  },
  {
    title: "MATH 135 Midterm Review (Archived)",
    description: "Proofs, modular arithmetic and complex numbers reviewed before the midterm. Access to the recording has ended.",
    sessionType: "exam_review",
    instructorEmail: `instructor@${DEMO_EMAIL_DOMAIN}`,
    priceCents: 2400,
    regularPriceCents: null,
    currency: "USD",
    courses: ["waterloo-math-135"],
    dates: [{ startMinutes: -40 * 24 * 60, minutes: 120 }],
    attachments: [
      { kind: "booklet", name: "Review booklet" },
      { kind: "recording", name: "Session recording" },
    ],
    studentEnrolled: true,
  },
];

