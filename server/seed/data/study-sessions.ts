import type { Currency, StudySessionType } from "../../../app/db/schema";

/** A meeting relative to the seed's "now": days from today (UTC), start hour in UTC, length in hours. */
export interface SessionDateSeed {
  dayOffset: number;
  startHourUtc: number;
  hours: number;
}

export interface StudySessionSeed {
  /** Unique among the seeded sessions: the seed maps inserted ids back by title. */
  title: string;
  description: string;
  sessionType: StudySessionType;
  instructorEmail: string;
  priceCents: number;
  regularPriceCents: number | null;
  currency: Currency;
  mcatType?: string;
  mcatSubtype?: string;
  disableZoom?: boolean;
  recordingExcluded?: boolean;
  /** Slugs of the school courses it is offered for. */
  courses: string[];
  dates: SessionDateSeed[];
}

// Start hours are in UTC: 22:00–01:00 UTC is an evening session in Eastern and Pacific time.
export const studySessions: readonly StudySessionSeed[] = [
  {
    title: "MATH 137 Midterm Exam Prep",
    description: "A three-hour walkthrough of past MATH 137 midterms: limits, the derivative rules, implicit differentiation and related rates. Includes a booklet of practice problems with full solutions.",
    sessionType: "exam_prep",
    instructorEmail: "instructor@demo.test",
    priceCents: 3900,
    regularPriceCents: 4900,
    currency: "CAD",
    courses: ["waterloo-math-137"],
    dates: [{ dayOffset: 9, startHourUtc: 23, hours: 3 }],
  },
  {
    title: "MATH 137 Final Exam Review",
    description: "Two evenings covering the whole term, with extra time on curve sketching and Taylor polynomials. Bring your questions from the practice final.",
    sessionType: "exam_review",
    instructorEmail: "instructor@demo.test",
    priceCents: 5900,
    regularPriceCents: 6900,
    currency: "CAD",
    courses: ["waterloo-math-137"],
    dates: [
      { dayOffset: 30, startHourUtc: 22, hours: 3 },
      { dayOffset: 32, startHourUtc: 22, hours: 3 },
    ],
  },
  {
    title: "CHEM 110 Weekly Problem Sessions",
    description: "Every week we work through the current problem set together, then tackle exam-style questions on the same topics. Recordings are posted within a day.",
    sessionType: "weekly_tutorial",
    instructorEmail: "ss_instructor@demo.test",
    priceCents: 2900,
    regularPriceCents: null,
    currency: "CAD",
    courses: ["mcgill-chem-110", "ubc-chem-121"],
    dates: [
      { dayOffset: -6, startHourUtc: 23, hours: 2 },
      { dayOffset: 1, startHourUtc: 23, hours: 2 },
      { dayOffset: 8, startHourUtc: 23, hours: 2 },
      { dayOffset: 15, startHourUtc: 23, hours: 2 },
    ],
  },
  {
    title: "Organic Chemistry Drop-In Office Hours",
    description: "Free drop-in help with mechanisms, stereochemistry and synthesis problems. Come with a specific question and we will work it out on the whiteboard.",
    sessionType: "office_hours",
    instructorEmail: "daniel.okafor@demo.test",
    priceCents: 0,
    regularPriceCents: null,
    currency: "USD",
    recordingExcluded: true,
    courses: ["mcgill-chem-212", "umich-chem-210"],
    dates: [
      { dayOffset: 3, startHourUtc: 0, hours: 2 },
      { dayOffset: 10, startHourUtc: 0, hours: 2 },
    ],
  },
  {
    title: "CHEM 212 Final Exam Review",
    description: "A full review of substitution, elimination and addition reactions, finishing with a timed mini-exam and a walkthrough of every answer.",
    sessionType: "exam_review",
    instructorEmail: "daniel.okafor@demo.test",
    priceCents: 4900,
    regularPriceCents: 5900,
    currency: "CAD",
    courses: ["mcgill-chem-212"],
    dates: [{ dayOffset: 26, startHourUtc: 18, hours: 3 }],
  },
  {
    title: "CS 135 Racket Bootcamp",
    description: "An intensive Saturday session on the design recipe, list recursion and higher-order functions, with live coding and assignment-style exercises.",
    sessionType: "general",
    instructorEmail: "marcus.bell@demo.test",
    priceCents: 2500,
    regularPriceCents: 3500,
    currency: "CAD",
    courses: ["waterloo-cs-135", "ubc-cpsc-110"],
    dates: [{ dayOffset: 5, startHourUtc: 18, hours: 3 }],
  },
  {
    title: "CPSC 110 Midterm 1 Review",
    description: "In-person review of the first midterm: data definitions, templates and self-referential data. The booklet and solutions remain available to registered students.",
    sessionType: "exam_review",
    instructorEmail: "marcus.bell@demo.test",
    priceCents: 2900,
    regularPriceCents: null,
    currency: "CAD",
    disableZoom: true,
    courses: ["ubc-cpsc-110"],
    dates: [{ dayOffset: -20, startHourUtc: 1, hours: 3 }],
  },
  {
    title: "STATS 250 Exam 2 Review",
    description: "Sampling distributions, confidence intervals and hypothesis tests, with a focus on choosing the right procedure and interpreting software output.",
    sessionType: "exam_review",
    instructorEmail: "carlos.ramirez@demo.test",
    priceCents: 2900,
    regularPriceCents: 3900,
    currency: "USD",
    courses: ["umich-stats-250"],
    dates: [{ dayOffset: 17, startHourUtc: 23, hours: 2.5 }],
  },
  {
    title: "MCAT CARS Strategy Workshop",
    description: "A free live workshop on reading CARS passages for the argument, with three timed passages and a breakdown of every answer choice.",
    sessionType: "general",
    instructorEmail: "mcat_instructor@demo.test",
    priceCents: 0,
    regularPriceCents: null,
    currency: "USD",
    mcatType: "cars",
    mcatSubtype: "strategy",
    courses: [],
    dates: [
      { dayOffset: -2, startHourUtc: 23, hours: 2 },
      { dayOffset: 12, startHourUtc: 23, hours: 2 },
    ],
  },
  {
    title: "MCAT Biochemistry High-Yield Review",
    description: "Amino acids, enzyme kinetics and metabolism in two focused evenings, with MCAT-style passages after each block.",
    sessionType: "exam_prep",
    instructorEmail: "amira.saleh@demo.test",
    priceCents: 4900,
    regularPriceCents: 6900,
    currency: "USD",
    mcatType: "bio_biochem",
    mcatSubtype: "content_review",
    courses: ["uoft-bch-210"],
    dates: [
      { dayOffset: 6, startHourUtc: 22, hours: 3 },
      { dayOffset: 13, startHourUtc: 22, hours: 3 },
    ],
  },
  {
    title: "Advanced Functions After-School Help",
    description: "Free weekly help for Grade 12 Advanced Functions students: bring homework questions on polynomials, logarithms or trigonometry.",
    sessionType: "office_hours",
    instructorEmail: "teacher@demo.test",
    priceCents: 0,
    regularPriceCents: null,
    currency: "CAD",
    courses: ["lakeview-secondary-mhf4u"],
    dates: [
      { dayOffset: 2, startHourUtc: 20, hours: 2 },
      { dayOffset: 9, startHourUtc: 20, hours: 2 },
    ],
  },
  {
    title: "AP Calculus AB Exam Cram",
    description: "Two Saturday sessions before the AP exam: one on multiple choice pacing, one on free-response questions scored with the official rubrics.",
    sessionType: "exam_prep",
    instructorEmail: "sofia.lindqvist@demo.test",
    priceCents: 3400,
    regularPriceCents: 4900,
    currency: "USD",
    courses: ["jefferson-high-ap-calc-ab"],
    dates: [
      { dayOffset: 20, startHourUtc: 16, hours: 3 },
      { dayOffset: 27, startHourUtc: 16, hours: 3 },
    ],
  },
  {
    title: "LSAT Logical Reasoning Live Drills",
    description: "Weekly timed drills of ten Logical Reasoning questions, followed by a line-by-line review of the hardest ones.",
    sessionType: "weekly_tutorial",
    instructorEmail: "lsat_instructor@demo.test",
    priceCents: 1900,
    regularPriceCents: null,
    currency: "USD",
    courses: ["northeastern-phil-1115"],
    dates: [
      { dayOffset: -13, startHourUtc: 0, hours: 2 },
      { dayOffset: -6, startHourUtc: 0, hours: 2 },
      { dayOffset: 1, startHourUtc: 0, hours: 2 },
      { dayOffset: 8, startHourUtc: 0, hours: 2 },
    ],
  },
];
