import type { Role } from "../../app/accounts/roles";
import type { CountryCode } from "../../app/db/schema";

export { ROLES, type Role } from "../../app/accounts/roles";

/** Every demo account signs in with this password (see the README). */
export const DEMO_PASSWORD = "demo-password";

/** Seeded users all live under this domain; its presence tells the seed that it already ran. */
export const DEMO_EMAIL_DOMAIN = "demo.test";

/** "student" is not a stored role: a student is a user with no roles. */
export type DemoRole = Role | "student";
export type UserType = "student" | "educator" | "staff" | "partner";

const STUDENT_ROLES: readonly DemoRole[] = ["student", "class_rep", "brand_ambassador", "job_applicant", "mcat_rep", "marketing_rep"];
const EDUCATOR_ROLES: readonly DemoRole[] = ["instructor", "ss_instructor", "mcat_instructor", "lsat_instructor", "tutor", "teacher"];

export function userTypeForRole(role: DemoRole): UserType {
  if (STUDENT_ROLES.includes(role)) return "student";
  if (EDUCATOR_ROLES.includes(role)) return "educator";
  if (role === "partner_member") return "partner";
  return "staff";
}

export interface DemoAccount {
  email: string;
  role: DemoRole;
  /** Full name, as shown in the app. */
  name: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  countryCode: CountryCode;
  /** Slug of the school (students, and the teacher). */
  schoolSlug?: string;
  year?: string;
  faculty?: string;
  degree?: string;
  bio?: string;
}

type DemoProfile = Omit<DemoAccount, "email" | "name" | "userType">;

const profiles: DemoProfile[] = [
  {
    role: "student",
    firstName: "Maya",
    lastName: "Thompson",
    countryCode: "CA",
    schoolSlug: "waterloo",
    year: "2",
    faculty: "Mathematics",
    degree: "Bachelor of Mathematics",
  },
  { role: "admin", firstName: "Alicia", lastName: "Moreau", countryCode: "CA" },
  { role: "manager", firstName: "Greg", lastName: "Hollister", countryCode: "CA" },
  {
    role: "instructor",
    firstName: "Priya",
    lastName: "Raman",
    countryCode: "CA",
    bio: "Taught first-year calculus and linear algebra for eight years; PhD in applied mathematics from the University of Waterloo.",
  },
  {
    role: "ss_instructor",
    firstName: "Jonah",
    lastName: "Feldman",
    countryCode: "CA",
    bio: "Runs our live exam prep sessions for chemistry and physics. Former teaching assistant at McGill.",
  },
  {
    role: "tutor",
    firstName: "Leah",
    lastName: "Okonkwo",
    countryCode: "CA",
    bio: "Fourth-year biochemistry student who has tutored first- and second-year science courses since 2021.",
  },
  { role: "study_buddy_admin", firstName: "Ravi", lastName: "Chandran", countryCode: "CA" },
  { role: "content_creator", firstName: "Elena", lastName: "Vasquez", countryCode: "US" },
  {
    role: "job_applicant",
    firstName: "Tyler",
    lastName: "Brooks",
    countryCode: "US",
    schoolSlug: "northeastern",
    year: "3",
    faculty: "Khoury College of Computer Sciences",
    degree: "BS Computer Science",
  },
  {
    role: "class_rep",
    firstName: "Chloe",
    lastName: "Tremblay",
    countryCode: "CA",
    schoolSlug: "mcgill",
    year: "2",
    faculty: "Faculty of Science",
    degree: "BSc Biology",
  },
  { role: "school_manager", firstName: "Patricia", lastName: "Nguyen", countryCode: "CA" },
  {
    role: "marketing_rep",
    firstName: "Ethan",
    lastName: "MacLeod",
    countryCode: "CA",
    schoolSlug: "ubc",
    year: "3",
    faculty: "Sauder School of Business",
    degree: "Bachelor of Commerce",
  },
  { role: "forum_moderator", firstName: "Samir", lastName: "Haddad", countryCode: "CA" },
  { role: "partner_member", firstName: "Olivia", lastName: "Grant", countryCode: "US" },
  { role: "content_qa_specialist", firstName: "Noah", lastName: "Bergstrom", countryCode: "CA" },
  {
    role: "teacher",
    firstName: "Karen",
    lastName: "Whitfield",
    countryCode: "CA",
    schoolSlug: "lakeview-secondary",
    bio: "Mathematics department head at Lakeview Secondary School; teaches Grade 11 Functions and Grade 12 Advanced Functions.",
  },
  {
    role: "brand_ambassador",
    firstName: "Isabella",
    lastName: "Reyes",
    countryCode: "US",
    schoolSlug: "ucla",
    year: "2",
    faculty: "College of Letters and Science",
    degree: "BS Psychobiology",
  },
  { role: "marketing_manager", firstName: "Daniel", lastName: "Kowalski", countryCode: "CA" },
  { role: "jobs_manager", firstName: "Aisha", lastName: "Bello", countryCode: "CA" },
  { role: "blog_manager", firstName: "Hannah", lastName: "Lee", countryCode: "US" },
  {
    role: "mcat_rep",
    firstName: "Marcus",
    lastName: "Johnson",
    countryCode: "US",
    schoolSlug: "umich",
    year: "3",
    faculty: "College of Literature, Science, and the Arts",
    degree: "BS Neuroscience",
  },
  {
    role: "mcat_instructor",
    firstName: "Sarah",
    lastName: "Goldberg",
    countryCode: "US",
    bio: "Scored 522 on the MCAT and now in her third year of medical school; has coached more than 300 pre-med students.",
  },
  { role: "mcat_sales_rep", firstName: "Kevin", lastName: "O'Brien", countryCode: "US" },
  {
    role: "lsat_instructor",
    firstName: "Rachel",
    lastName: "Adeyemi",
    countryCode: "US",
    bio: "Scored 175 on the LSAT and spent five years teaching logical reasoning before law school.",
  },
];

export const demoAccounts: readonly DemoAccount[] = profiles.map((profile) => ({
  ...profile,
  email: `${profile.role}@${DEMO_EMAIL_DOMAIN}`,
  name: `${profile.firstName} ${profile.lastName}`,
  userType: userTypeForRole(profile.role),
}));
