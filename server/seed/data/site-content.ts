import type { Currency } from "../../../app/db/schema";

export const blogCategories = [
  { slug: "free_resources", name: "Free Resources", description: "Cheat sheets, practice sets and guides you can use without an account." },
  { slug: "study_tips", name: "Study Tips", description: "Evidence-based ways to study less and remember more." },
  { slug: "mcat", name: "MCAT", description: "Planning, strategy and content review for the MCAT." },
  { slug: "university_life", name: "University Life", description: "First year, course selection and everything between lectures." },
  { slug: "high_school", name: "High School", description: "Getting the most out of Grades 9 to 12 and AP courses." },
] as const;

/** Blog authors: an existing seeded user (by email) with the slug of their /blog/@{slug} page. */
export const blogAuthors = [
  { email: "blog_manager@demo.test", slug: "hannah-lee", headline: "Editor of the blog; writes about study habits and student life." },
  { email: "content_creator@demo.test", slug: "elena-vasquez", headline: "Learning designer who turns research on memory into study plans." },
  { email: "mcat_instructor@demo.test", slug: "sarah-goldberg", headline: "MCAT instructor (522) and third-year medical student." },
  { email: "instructor@demo.test", slug: "priya-raman", headline: "Calculus and linear algebra instructor." },
  { email: "daniel.okafor@demo.test", slug: "daniel-okafor", headline: "Organic chemistry instructor." },
  { email: "amira.saleh@demo.test", slug: "amira-saleh", headline: "Lead instructor of MCAT Elite 515." },
  { email: "sofia.lindqvist@demo.test", slug: "sofia-lindqvist", headline: "AP Calculus and first-year calculus instructor." },
  { email: "teacher@demo.test", slug: "karen-whitfield", headline: "High school mathematics department head." },
] as const;

export interface JobPositionSeed {
  title: string;
  department: string;
  location: string;
  employmentType: "full_time" | "part_time" | "contract" | "internship";
  summary: string;
  responsibilities: string[];
  qualifications: string[];
  open: boolean;
  postedDaysAgo: number;
}

export const jobPositions: readonly JobPositionSeed[] = [
  {
    title: "MCAT Content Instructor (Chemistry and Physics)",
    department: "Teaching",
    location: "Remote, Canada or US",
    employmentType: "contract",
    summary: "Record lessons and write practice questions for the chemical and physical foundations section of our MCAT courses.",
    responsibilities: ["Record 10-15 minute video lessons from our outlines", "Write and review practice questions with full explanations", "Lead two live review sessions a month in exam season"],
    qualifications: ["MCAT score of 515 or higher", "Experience tutoring or teaching science", "Clear, patient explanations on camera"],
    open: true,
    postedDaysAgo: 5,
  },
  {
    title: "Full-Stack Engineer",
    department: "Engineering",
    location: "Remote, Canada",
    employmentType: "full_time",
    summary: "Build the course player, live study rooms and checkout used by thousands of students every exam season.",
    responsibilities: ["Ship features across our TypeScript web app and PostgreSQL database", "Keep pages fast on slow phones and usable without JavaScript", "Review code and pair with other engineers"],
    qualifications: ["Three or more years building web applications", "Comfortable with SQL and server-rendered apps", "Care for accessibility and performance"],
    open: true,
    postedDaysAgo: 12,
  },
  {
    title: "Student Marketing Representative",
    department: "Marketing",
    location: "On campus, any school we serve",
    employmentType: "part_time",
    summary: "Tell students at your school about our study sessions and free resources, online and on campus.",
    responsibilities: ["Share session dates and resources in course groups", "Run two campus events a term", "Report what students ask for"],
    qualifications: ["Currently enrolled at a school we serve", "Active in clubs or course communities", "Five hours a week during the term"],
    open: true,
    postedDaysAgo: 20,
  },
  {
    title: "Customer Support Specialist",
    department: "Operations",
    location: "Remote, US",
    employmentType: "full_time",
    summary: "Help students, parents and educators by email and chat, especially in the busy weeks before exams.",
    responsibilities: ["Answer questions about courses, billing and accounts", "Write help center articles", "Pass product feedback to the team"],
    qualifications: ["Two years in a customer-facing role", "Calm and kind under pressure", "Excellent written English"],
    open: true,
    postedDaysAgo: 33,
  },
  {
    title: "Summer Learning Design Intern",
    department: "Teaching",
    location: "Toronto, ON",
    employmentType: "internship",
    summary: "Help turn course outlines into lesson plans and practice sets for next year's high school courses.",
    responsibilities: ["Draft lesson outlines", "Check practice questions against curricula"],
    qualifications: ["Studying education, math or science"],
    open: false,
    postedDaysAgo: 200,
  },
];

export interface AnnouncementSeed {
  title: string;
  body: string;
  audience: ("class_rep" | "marketing_rep")[];
  daysAgo: number;
}

export const announcements: readonly AnnouncementSeed[] = [
  {
    title: "Midterm season kit is ready",
    body: "The midterm kit for this term is ready: session dates for every course with a class rep, a free practice set per course, and suggested posts for your course groups. Reply to tell us whether you can share it this week.",
    audience: ["class_rep"],
    daysAgo: 2,
  },
  {
    title: "Campus tabling weeks",
    body: "We are running campus tabling in the second and third weeks of the month. Let us know whether you can host a two-hour table at your school; we ship banners and flyers to you.",
    audience: ["marketing_rep"],
    daysAgo: 4,
  },
  {
    title: "New commission rates for the winter term",
    body: "From the winter term, commission on Plus subscriptions rises from 10% to 15% for the first year of each referred subscription. Reply if you have questions about how it is calculated.",
    audience: ["class_rep", "marketing_rep"],
    daysAgo: 9,
  },
];

export interface ScholarshipSeed {
  slug: string;
  name: string;
  amountCents: number;
  currency: Currency;
  summary: string;
  eligibility: string[];
  howToApply: string;
  /** Days after the seed's "now". */
  deadlineInDays: number;
  winners: number;
}

export const scholarships: readonly ScholarshipSeed[] = [
  {
    slug: "peer-tutor-award",
    name: "Peer Tutor Award",
    amountCents: 100000,
    currency: "CAD",
    summary: "For university students who tutor or mentor classmates without pay.",
    eligibility: ["Full-time undergraduate at a Canadian university", "At least one term of volunteer tutoring or mentoring", "Good academic standing"],
    howToApply: "Write up to 800 words about a student you helped and what you learned, with a reference from someone who saw your work.",
    deadlineInDays: 45,
    winners: 3,
  },
  {
    slug: "future-physicians-scholarship",
    name: "Future Physicians Scholarship",
    amountCents: 150000,
    currency: "USD",
    summary: "For pre-med students from communities underrepresented in medicine, toward MCAT preparation and application fees.",
    eligibility: ["Undergraduate planning to write the MCAT within 18 months", "Resident of Canada or the US", "Demonstrated financial need"],
    howToApply: "Send a personal statement of up to 1,000 words and an unofficial transcript.",
    deadlineInDays: 60,
    winners: 2,
  },
  {
    slug: "high-school-stem-prize",
    name: "High School STEM Prize",
    amountCents: 50000,
    currency: "USD",
    summary: "For Grade 11 and 12 students who started a math or science club, study group or tutoring program.",
    eligibility: ["Enrolled in Grade 11 or 12", "Founded or led a school STEM activity"],
    howToApply: "Describe your activity in up to 500 words with a letter from a teacher.",
    deadlineInDays: 30,
    winners: 5,
  },
  {
    slug: "community-builder-award",
    name: "Community Builder Award",
    amountCents: 75000,
    currency: "CAD",
    summary: "For students who started a study group, club or peer-support network on campus. This year's round is closed.",
    eligibility: ["Enrolled full time at a college or university", "Started or ran a student group for at least one term"],
    howToApply: "Tell us about the group you built in up to 600 words.",
    deadlineInDays: -14,
    winners: 2,
  },
];

export interface PartnerSeed {
  slug: string;
  name: string;
  partnerType: "student_association" | "school" | "nonprofit" | "company";
  summary: string;
  description: string;
  memberBenefit: string;
  websiteUrl: string | null;
  schoolSlug?: string;
}

export const partners: readonly PartnerSeed[] = [
  {
    slug: "waterloo-math-society",
    name: "Waterloo Mathematics Society",
    partnerType: "student_association",
    summary: "The student society of the Faculty of Mathematics at the University of Waterloo.",
    description: "MathSoc runs exam review sessions, clubs and events for more than 8,000 math students. Together we run free reviews for first-year calculus and algebra every term.",
    memberBenefit: "15% off every Waterloo math course and a free MATH 137 midterm review each fall.",
    websiteUrl: "https://mathsoc.uwaterloo.ca",
    schoolSlug: "waterloo",
  },
  {
    slug: "mcgill-pre-med-society",
    name: "McGill Pre-Med Society",
    partnerType: "student_association",
    summary: "McGill's association of students planning to apply to medical school.",
    description: "The society hosts MCAT information nights and mock interviews. Members get early access to our MCAT workshops in Montreal.",
    memberBenefit: "20% off MCAT Self-Paced and a free CARS strategy workshop each term.",
    websiteUrl: null,
    schoolSlug: "mcgill",
  },
  {
    slug: "first-gen-scholars-network",
    name: "First-Gen Scholars Network",
    partnerType: "nonprofit",
    summary: "A nonprofit supporting first-generation university students in Canada and the US.",
    description: "The network pairs first-generation students with mentors. We give their students free access to exam prep in their first year.",
    memberBenefit: "A free year of Plus for every first-year member.",
    websiteUrl: null,
  },
];

export interface TextbookChapterSeed {
  title: string;
  /** Catalogue courses that use the chapter, by slug (courseSlug in ./courses.ts). */
  courses?: readonly string[];
  /** Online courses that use it, by slug (./online-courses.ts). */
  onlineCourses?: readonly string[];
}

export interface TextbookSeed {
  slug: string;
  title: string;
  level: "undergrad" | "high_school" | "ap";
  subject: string;
  summary: string;
  authors: string;
  edition: string;
  publisher: string;
  publicationYear: number;
  /** Valid ISBN-13s of made-up books: the demo's publishers and authors are invented. */
  isbn13: string;
  chapters: readonly TextbookChapterSeed[];
  /** The online course that is this textbook's interactive edition. */
  onlineCourseSlug?: string;
}

export const textbooks: readonly TextbookSeed[] = [
  {
    slug: "introductory-psychology",
    title: "Introductory Psychology",
    level: "undergrad",
    subject: "psychology",
    summary: "The topics of a first-year psychology course, from research methods to social psychology, with a quiz after every section.",
    authors: "Hannah Okafor and Daniel Reyes",
    edition: "3rd edition",
    publisher: "Northfield Academic Press",
    publicationYear: 2023,
    isbn13: "9781990150128",
    chapters: [
      { title: "Research methods", courses: ["uoft-psy-100", "mcgill-psyc-100"], onlineCourses: ["introductory-psychology-textbook"] },
      { title: "The brain and behaviour", courses: ["uoft-psy-100", "ucla-psych-10"], onlineCourses: ["introductory-psychology-textbook"] },
      { title: "Sensation and perception", courses: ["mcgill-psyc-100"], onlineCourses: ["introductory-psychology-textbook"] },
      { title: "Learning and memory", courses: ["ucla-psych-10", "westbrook-academy-ap-psych"], onlineCourses: ["introductory-psychology-textbook"] },
      { title: "Development", courses: ["uoft-psy-100"] },
      { title: "Social psychology", courses: ["ucla-psych-10", "mcgill-psyc-100"], onlineCourses: ["introductory-psychology-textbook"] },
    ],
    onlineCourseSlug: "introductory-psychology-textbook",
  },
  {
    slug: "calculus-one",
    title: "Calculus I: Limits to Integrals",
    level: "undergrad",
    subject: "mathematics",
    summary: "Limits, derivatives, applications of derivatives and an introduction to integration.",
    authors: "Margaret Liu",
    edition: "9th edition",
    publisher: "Northfield Academic Press",
    publicationYear: 2021,
    isbn13: "9781990150197",
    chapters: [
      { title: "Limits and continuity", courses: ["waterloo-math-137", "mcgill-math-140", "uoft-mat-135"], onlineCourses: ["waterloo-math-137-exam-prep"] },
      { title: "Derivatives", courses: ["waterloo-math-137", "ubc-math-100", "umich-math-115"], onlineCourses: ["waterloo-math-137-exam-prep"] },
      { title: "Applications of derivatives", courses: ["ubc-math-100", "northeastern-math-1341"], onlineCourses: ["waterloo-math-137-exam-prep"] },
      { title: "Integrals", courses: ["waterloo-math-138", "ucla-math-31a"] },
      { title: "The fundamental theorem", courses: ["umich-math-115", "ut-austin-m-408c"] },
    ],
  },
  {
    slug: "general-chemistry",
    title: "General Chemistry",
    level: "undergrad",
    subject: "chemistry",
    summary: "Atomic structure, bonding, stoichiometry, gases, thermochemistry and equilibrium.",
    authors: "Samuel Adeyemi, Claire Dubois and Ravi Menon",
    edition: "4th edition",
    publisher: "Lakeshore University Press",
    publicationYear: 2022,
    isbn13: "9781990150265",
    chapters: [
      { title: "Atoms and the periodic table", courses: ["mcgill-chem-110", "ubc-chem-121"], onlineCourses: ["general-chemistry-1-complete"] },
      { title: "Bonding", courses: ["ubc-chem-121", "mcgill-chem-110"], onlineCourses: ["general-chemistry-1-complete"] },
      { title: "Stoichiometry", courses: ["waterloo-chem-120", "northeastern-chem-1211"], onlineCourses: ["general-chemistry-1-complete"] },
      { title: "Gases", courses: ["waterloo-chem-120", "umich-chem-130"] },
      { title: "Thermochemistry", courses: ["umich-chem-130", "uoft-chm-135"] },
      { title: "Equilibrium", courses: ["uoft-chm-135", "ucla-chem-14a"] },
    ],
  },
  {
    slug: "grade-11-functions",
    title: "Grade 11 Functions",
    level: "high_school",
    subject: "mathematics",
    summary: "Functions, quadratics, exponentials, trigonometry and sequences for Grade 11.",
    authors: "Priya Natarajan and Tom Whitaker",
    edition: "2nd edition",
    publisher: "Maple Grove Education",
    publicationYear: 2020,
    isbn13: "9781990150333",
    chapters: [
      { title: "Introduction to functions", courses: ["lakeview-secondary-mcr3u"] },
      { title: "Quadratic functions", courses: ["lakeview-secondary-mcr3u", "jefferson-high-alg-2"] },
      { title: "Exponential functions", courses: ["jefferson-high-alg-2", "lakeview-secondary-mhf4u"], onlineCourses: ["advanced-functions-mhf4u"] },
      { title: "Trigonometric ratios", courses: ["lakeview-secondary-mcr3u", "westbrook-academy-geometry"] },
      { title: "Sequences and series", courses: ["lakeview-secondary-mcr3u"] },
    ],
  },
  {
    slug: "grade-12-biology",
    title: "Grade 12 Biology",
    level: "high_school",
    subject: "biology",
    summary: "Biochemistry, metabolism, molecular genetics, homeostasis and population dynamics.",
    authors: "Elena Marquez",
    edition: "1st edition",
    publisher: "Maple Grove Education",
    publicationYear: 2024,
    isbn13: "9781990150401",
    chapters: [
      { title: "Biochemistry" },
      { title: "Metabolic processes" },
      { title: "Molecular genetics", courses: ["riverside-collegiate-biology-30"] },
      { title: "Homeostasis", courses: ["riverside-collegiate-biology-30"] },
      { title: "Population dynamics", courses: ["riverside-collegiate-biology-30"] },
    ],
  },
  {
    slug: "ap-calculus-ab",
    title: "AP Calculus AB",
    level: "ap",
    subject: "mathematics",
    summary: "Every unit of the AP Calculus AB course description, with free-response practice.",
    authors: "Margaret Liu and Jordan Ellis",
    edition: "5th edition",
    publisher: "Northfield Academic Press",
    publicationYear: 2024,
    isbn13: "9781990150470",
    chapters: [
      { title: "Limits and continuity", courses: ["jefferson-high-ap-calc-ab"], onlineCourses: ["ap-calculus-ab-review"] },
      { title: "Differentiation", courses: ["jefferson-high-ap-calc-ab"], onlineCourses: ["ap-calculus-ab-review"] },
      { title: "Applications of differentiation", courses: ["jefferson-high-ap-calc-ab"], onlineCourses: ["ap-calculus-ab-review"] },
      { title: "Integration", courses: ["jefferson-high-ap-calc-ab"], onlineCourses: ["ap-calculus-ab-review"] },
      { title: "Differential equations", courses: ["jefferson-high-ap-calc-ab"] },
      { title: "Applications of integration", courses: ["jefferson-high-ap-calc-ab"], onlineCourses: ["ap-calculus-ab-review"] },
    ],
    onlineCourseSlug: "ap-calculus-ab-review",
  },
  {
    slug: "ap-biology",
    title: "AP Biology",
    level: "ap",
    subject: "biology",
    summary: "The eight units of AP Biology, from the chemistry of life to ecology.",
    authors: "Grace Holloway and Kwame Mensah",
    edition: "2nd edition",
    publisher: "Lakeshore University Press",
    publicationYear: 2022,
    isbn13: "9781990150548",
    chapters: [
      { title: "Chemistry of life", courses: ["jefferson-high-ap-bio"] },
      { title: "Cell structure", courses: ["jefferson-high-ap-bio", "ucla-ls-7a"] },
      { title: "Cellular energetics", courses: ["jefferson-high-ap-bio"] },
      { title: "Cell communication", courses: ["jefferson-high-ap-bio"] },
      { title: "Heredity", courses: ["jefferson-high-ap-bio"] },
      { title: "Gene expression", courses: ["jefferson-high-ap-bio", "mcgill-biol-112"] },
      { title: "Natural selection", courses: ["jefferson-high-ap-bio"] },
      { title: "Ecology", courses: ["jefferson-high-ap-bio"] },
    ],
  },
];

export interface McatEventSeed {
  eventType: "webinar" | "workshop" | "practice-exam" | "info-session";
  title: string;
  description: string;
  hostEmail: string;
  /** Days after the seed's "now". */
  dayOffset: number;
  startHourUtc: number;
  hours: number;
}

export const mcatEvents: readonly McatEventSeed[] = [
  { eventType: "webinar", title: "How to Plan Your MCAT Year", description: "When to write, how long to study and how to fit it around courses.", hostEmail: "mcat_instructor@demo.test", dayOffset: 4, startHourUtc: 23, hours: 1 },
  { eventType: "workshop", title: "CARS Passage Mapping Workshop", description: "Map three passages live and learn to find the author's argument in under four minutes.", hostEmail: "amira.saleh@demo.test", dayOffset: 8, startHourUtc: 22, hours: 2 },
  { eventType: "practice-exam", title: "Free Full-Length MCAT Practice Exam", description: "Write a timed full-length exam with other students, then review it with an instructor.", hostEmail: "mcat_instructor@demo.test", dayOffset: 13, startHourUtc: 13, hours: 8 },
  { eventType: "info-session", title: "MCAT Elite 515 Information Session", description: "What the program includes, who it suits and how the score goal works.", hostEmail: "amira.saleh@demo.test", dayOffset: 6, startHourUtc: 0, hours: 1 },
  { eventType: "webinar", title: "Psychology and Sociology in Two Weeks", description: "A high-yield plan for the behavioural section.", hostEmail: "mcat_instructor@demo.test", dayOffset: 20, startHourUtc: 23, hours: 1 },
];

/** MCAT test dates as offsets from the seed's "now", with their scheduling and score dates. */
export const mcatExamDateOffsets: readonly number[] = [18, 32, 46, 67, 81, 95, 130, 144];

export interface MedSchoolSeed {
  name: string;
  city: string;
  regionCode: string;
  countryCode: "CA" | "US";
  medianGpa: number;
  medianMcat: number;
  classSize: number;
}

export const medSchools: readonly MedSchoolSeed[] = [
  { name: "University of Toronto Temerty Faculty of Medicine", city: "Toronto", regionCode: "ON", countryCode: "CA", medianGpa: 3.95, medianMcat: 517, classSize: 259 },
  { name: "McGill University Faculty of Medicine", city: "Montreal", regionCode: "QC", countryCode: "CA", medianGpa: 3.9, medianMcat: 514, classSize: 185 },
  { name: "UBC Faculty of Medicine", city: "Vancouver", regionCode: "BC", countryCode: "CA", medianGpa: 3.88, medianMcat: 513, classSize: 288 },
  { name: "McMaster Michael G. DeGroote School of Medicine", city: "Hamilton", regionCode: "ON", countryCode: "CA", medianGpa: 3.93, medianMcat: 512, classSize: 203 },
  { name: "University of Calgary Cumming School of Medicine", city: "Calgary", regionCode: "AB", countryCode: "CA", medianGpa: 3.86, medianMcat: 511, classSize: 155 },
  { name: "University of Michigan Medical School", city: "Ann Arbor", regionCode: "MI", countryCode: "US", medianGpa: 3.9, medianMcat: 518, classSize: 170 },
  { name: "UCLA David Geffen School of Medicine", city: "Los Angeles", regionCode: "CA", countryCode: "US", medianGpa: 3.88, medianMcat: 516, classSize: 175 },
  { name: "University of Texas Dell Medical School", city: "Austin", regionCode: "TX", countryCode: "US", medianGpa: 3.82, medianMcat: 512, classSize: 50 },
  { name: "Wayne State University School of Medicine", city: "Detroit", regionCode: "MI", countryCode: "US", medianGpa: 3.72, medianMcat: 510, classSize: 290 },
  { name: "University of Illinois College of Medicine", city: "Chicago", regionCode: "IL", countryCode: "US", medianGpa: 3.78, medianMcat: 511, classSize: 300 },
];
