import type { CountryCode, Currency } from "../../../app/db/schema";
import type { Role } from "../demo-accounts";

export interface TutorSeed {
  headline: string;
  hourlyRateCents: number;
  currency: Currency;
  sessionsTaught: number;
  acceptingStudents: boolean;
  /** Slugs of the courses they tutor. */
  courses: string[];
}

/** Seeded educators beyond the one-per-role demo accounts (they share the demo domain and password). */
export interface PersonSeed {
  firstName: string;
  lastName: string;
  role: Extract<Role, "instructor" | "ss_instructor" | "mcat_instructor" | "tutor">;
  countryCode: CountryCode;
  bio: string;
  tutor?: TutorSeed;
}

export function personEmail(person: Pick<PersonSeed, "firstName" | "lastName">) {
  const part = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, "");
  return `${part(person.firstName)}.${part(person.lastName)}@demo.test`;
}

/** The tutor profile of the tutor@demo.test account. */
export const demoTutorProfile: TutorSeed = {
  headline: "Biochemistry and first-year chemistry, explained step by step",
  hourlyRateCents: 4500,
  currency: "CAD",
  sessionsTaught: 142,
  acceptingStudents: true,
  courses: ["mcgill-chem-110", "mcgill-biol-112", "uoft-bch-210"],
};

export const people: readonly PersonSeed[] = [
  {
    firstName: "Daniel",
    lastName: "Okafor",
    role: "instructor",
    countryCode: "CA",
    bio: "Organic chemistry instructor who has helped thousands of students survive their first mechanisms course. MSc in synthetic chemistry from UBC.",
  },
  {
    firstName: "Sofia",
    lastName: "Lindqvist",
    role: "instructor",
    countryCode: "US",
    bio: "Former high school math teacher turned online instructor; specialises in AP Calculus and first-year university calculus.",
  },
  {
    firstName: "Marcus",
    lastName: "Bell",
    role: "ss_instructor",
    countryCode: "US",
    bio: "Leads weekly problem-solving sessions in programming and statistics. Software engineer by day.",
  },
  {
    firstName: "Amira",
    lastName: "Saleh",
    role: "mcat_instructor",
    countryCode: "CA",
    bio: "Scored in the 99th percentile on the MCAT and teaches the Biological and Biochemical Foundations section.",
  },
  {
    firstName: "Jordan",
    lastName: "Pham",
    role: "tutor",
    countryCode: "CA",
    bio: "Waterloo pure maths graduate; patient with proofs and good at finding where an argument goes wrong.",
    tutor: { headline: "Calculus and proofs tutor for first-year Waterloo math", hourlyRateCents: 5000, currency: "CAD", sessionsTaught: 210, acceptingStudents: true, courses: ["waterloo-math-137", "waterloo-math-138", "waterloo-math-135"] },
  },
  {
    firstName: "Grace",
    lastName: "Whitaker",
    role: "tutor",
    countryCode: "US",
    bio: "Teaching assistant for organic chemistry at the University of Michigan for three years.",
    tutor: { headline: "Organic chemistry mechanisms without the memorising", hourlyRateCents: 6500, currency: "USD", sessionsTaught: 187, acceptingStudents: true, courses: ["umich-chem-210", "mcgill-chem-212", "umich-chem-130"] },
  },
  {
    firstName: "Arjun",
    lastName: "Mehta",
    role: "tutor",
    countryCode: "CA",
    bio: "Computer science co-op student who enjoys helping beginners build good program design habits.",
    tutor: { headline: "Intro programming in Racket, Python and C++", hourlyRateCents: 4000, currency: "CAD", sessionsTaught: 96, acceptingStudents: true, courses: ["waterloo-cs-135", "ubc-cpsc-110", "umich-eecs-183"] },
  },
  {
    firstName: "Emily",
    lastName: "Fournier",
    role: "tutor",
    countryCode: "CA",
    bio: "Physiology honours student at McGill and a former peer tutor with the Tutorial Service.",
    tutor: { headline: "Physiology and cell biology for pre-med students", hourlyRateCents: 4500, currency: "CAD", sessionsTaught: 74, acceptingStudents: true, courses: ["mcgill-phgy-209", "mcgill-biol-112", "uoft-bio-130"] },
  },
  {
    firstName: "Carlos",
    lastName: "Ramirez",
    role: "tutor",
    countryCode: "US",
    bio: "Statistics graduate student at UT Austin who tutors probability, inference and regression.",
    tutor: { headline: "Statistics that finally makes sense", hourlyRateCents: 5500, currency: "USD", sessionsTaught: 133, acceptingStudents: true, courses: ["umich-stats-250", "ubc-stat-200", "waterloo-stat-230"] },
  },
  {
    firstName: "Hye-jin",
    lastName: "Kim",
    role: "tutor",
    countryCode: "US",
    bio: "Four years of tutoring AP and honours math; now studying mathematics at UCLA.",
    tutor: { headline: "AP Calculus and Algebra II, from basics to a 5", hourlyRateCents: 4500, currency: "USD", sessionsTaught: 158, acceptingStudents: true, courses: ["jefferson-high-ap-calc-ab", "jefferson-high-alg-2", "ucla-math-31a"] },
  },
  {
    firstName: "Nathan",
    lastName: "Cho",
    role: "tutor",
    countryCode: "CA",
    bio: "Ontario Certified Teacher who tutors Grade 11 and 12 math and chemistry in the evenings.",
    tutor: { headline: "Grade 11 and 12 math and chemistry tutor (Ontario curriculum)", hourlyRateCents: 4000, currency: "CAD", sessionsTaught: 265, acceptingStudents: false, courses: ["lakeview-secondary-mcr3u", "lakeview-secondary-mhf4u", "lakeview-secondary-sch4u"] },
  },
  {
    firstName: "Olivia",
    lastName: "Martin",
    role: "tutor",
    countryCode: "US",
    bio: "Economics and accounting tutor; CPA candidate and former Northeastern teaching assistant.",
    tutor: { headline: "Accounting and microeconomics, with plenty of practice problems", hourlyRateCents: 6000, currency: "USD", sessionsTaught: 88, acceptingStudents: true, courses: ["northeastern-acct-1201", "umich-econ-101", "waterloo-afm-101"] },
  },
];

/** Courses the demo student is enrolled in. */
export const demoStudentCourses = ["waterloo-math-137", "waterloo-cs-135", "waterloo-econ-101"];
