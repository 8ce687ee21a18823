import { formatDate } from "~/formatting/format";

/**
 * The Terms of Use and the Privacy Policy: data, rendered as pages (/terms-and-conditions,
 * /privacy-policy) and, with JavaScript, in dialogs that load the same data. Pure.
 */

export const LEGAL_DOCUMENT_IDS = ["terms-and-conditions", "privacy-policy"] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENT_IDS)[number];

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDocument {
  id: LegalDocumentId;
  title: string;
  /** ISO date of the last change. */
  updated: string;
  /** The same date as shown ("Nov 1, 2026"), formatted on the server. */
  updatedLabel: string;
  summary: string;
  sections: LegalSection[];
}

const SUPPORT_EMAIL = "support@marketplace.test";
const PRIVACY_EMAIL = "privacy@marketplace.test";

type LegalText = Omit<LegalDocument, "updatedLabel">;

const TERMS: LegalText = {
  id: "terms-and-conditions",
  title: "Terms of Use",
  updated: "2026-11-01",
  summary:
    "These terms govern your use of Marketplace: self-paced online courses, live study sessions, tutoring and subscriptions for K-8, high school, university, MCAT and LSAT students. By creating an account or buying anything on the site you agree to them.",
  sections: [
    {
      heading: "1. Your account",
      paragraphs: [
        "You need an account to enrol in courses, join live study sessions, book tutors or subscribe to a Plus plan. Give us your real name and an email address you can read: we send sign-in links, receipts and session reminders there.",
        "Keep your password to yourself. You are responsible for what happens under your account. If you think someone else has used it, change your password from My Account (which signs out your other devices) and write to " +
          SUPPORT_EMAIL +
          ".",
        "Students under 13 may only use Marketplace with a parent or guardian who agrees to these terms on their behalf and supervises their use.",
      ],
    },
    {
      heading: "2. Courses, sessions and tutoring",
      paragraphs: [
        "Online courses are available for the access period shown at checkout. Live study sessions open one hour before they start and their recordings stay available for 21 days after the last session of the course.",
        "Instructors and tutors are independent educators. They prepare their own material and answer for its accuracy; we review courses before they are published and remove content that breaks these terms.",
        "Course material helps you study; it is not affiliated with or endorsed by your school, the AAMC (MCAT) or LSAC (LSAT) unless a page says so. Do not submit course material as your own graded work.",
      ],
    },
    {
      heading: "3. Payments, subscriptions and refunds",
      paragraphs: [
        "Prices are shown in US or Canadian dollars according to your country; Canadian customers pay 5% sales tax, shown before you pay. Plus plans renew automatically at the end of each monthly or yearly period until you cancel from My Account; cancelling stops the next renewal and keeps access until the period ends.",
        "You can ask for a full refund of a course within 7 days of purchase if you have completed less than 20% of it. Live sessions that we cancel are refunded in full. Tokens and practice questions that have been used are not refundable.",
        "Grade Boosters are 20% off for Plus subscribers. Discounts cannot be combined unless the offer says so.",
      ],
    },
    {
      heading: "4. Acceptable use",
      paragraphs: [
        "Do not share your account, resell or redistribute course videos, notes, booklets or practice questions, record live sessions, scrape the site, or try to get around access controls.",
        "Be respectful in chats, study rooms and Q&A. We may remove messages and suspend accounts that harass others, post spam or share exam content you were asked to keep confidential.",
      ],
    },
    {
      heading: "5. Your content",
      paragraphs: [
        "You keep the rights to the notes, questions, essays and reviews you post. You give us permission to host and show them to the people you share them with, and, for reviews, to show them publicly next to the course or educator.",
      ],
    },
    {
      heading: "6. Ending your use",
      paragraphs: [
        "You can deactivate your account at any time from My Account. We may suspend or close accounts that break these terms; where that is not for fraud or abuse we refund the unused part of a prepaid subscription.",
      ],
    },
    {
      heading: "7. Liability and changes",
      paragraphs: [
        "We work to keep the site available and the content accurate, but we cannot promise a particular grade or exam score. To the extent the law allows, our liability for any claim is limited to what you paid us in the 12 months before it.",
        "We will tell you by email at least 14 days before a change to these terms takes effect. Questions: " + SUPPORT_EMAIL + ".",
      ],
    },
  ],
};

const PRIVACY: LegalText = {
  id: "privacy-policy",
  title: "Privacy Policy",
  updated: "2026-11-01",
  summary:
    "What we collect when you use Marketplace, why, who we share it with and how you control it. We never sell your personal information.",
  sections: [
    {
      heading: "What we collect",
      paragraphs: [
        "Account details you give us: name, email address, password (stored only as a salted hash), school, year, faculty, degree, country and, if you add them, a profile picture and bio.",
        "What you do on the site: the courses you enrol in, your progress, quiz answers and scores, time spent watching lessons, sessions you join, messages you send in chats and study rooms, and the pages you visit.",
        "Payment details are handled by our payment processor; we keep only the last four digits of your card, its expiry and your billing country, so we can show receipts and charge the right tax.",
      ],
    },
    {
      heading: "Why we use it",
      paragraphs: [
        "To run your account and the courses you pay for; to remember your progress and open the right lesson when you come back; to send receipts, session reminders and password resets; to show your instructors how their students are doing in their own courses; and to understand which pages and courses help students, so we can improve them.",
        "We send marketing email only if you have agreed to it, and every such email has a link to stop.",
      ],
    },
    {
      heading: "Who sees it",
      paragraphs: [
        "Instructors and tutors see the names and progress of students in their own courses and sessions. Class reps see the names of classmates who sign up through their links. Other students see only your display name and picture in shared study rooms, chats and reviews.",
        "Service providers that host the site, send email, process payments and deliver live video handle data for us under contract and only for those purposes. We disclose information to authorities only when the law requires it.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use a session cookie to keep you signed in, a security cookie that protects forms, and small preference cookies that remember dark mode and banners you dismissed. We do not use advertising cookies.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        "We keep your account data while your account is open. When you deactivate your account we delete or anonymise your personal information within 90 days, except receipts and records we must keep for tax law (usually seven years).",
      ],
    },
    {
      heading: "Your choices and rights",
      paragraphs: [
        "You can see and correct your details from My Account, download a copy of your data, or ask us to delete it, by writing to " +
          PRIVACY_EMAIL +
          ". Students under 13 use the site only with a parent or guardian, who may exercise these rights for them.",
        "If you are in Canada, you may also complain to the Office of the Privacy Commissioner of Canada.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: ["Questions about this policy or your data: " + PRIVACY_EMAIL + ". We answer within 30 days."],
    },
  ],
};

const DOCUMENTS: Record<LegalDocumentId, LegalText> = { "terms-and-conditions": TERMS, "privacy-policy": PRIVACY };

export function legalDocument(id: LegalDocumentId): LegalDocument {
  const document = DOCUMENTS[id];
  return { ...document, updatedLabel: formatDate(document.updated) };
}

export function isLegalDocumentId(value: string): value is LegalDocumentId {
  return (LEGAL_DOCUMENT_IDS as readonly string[]).includes(value);
}
