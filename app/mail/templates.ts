import { escapeHtml } from "~/formatting/html";
import { sessionDateLine } from "~/study-sessions/date-labels";
import { timeZoneName, tutoringSessionLine } from "~/tutoring/reminders";

/**
 * The text of every mail the app sends. Pure: each template returns the subject, a plain-text
 * body and an HTML body in which every value from outside (names, links) is escaped.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A name fit for a greeting: one line (a name with a line break could fake a paragraph), at most 80 characters. */
function greetingName(name: string | null | undefined) {
  const oneLine = (name ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
  return oneLine.slice(0, 80);
}

function greeting(name: string | null | undefined) {
  const cleaned = greetingName(name);
  return cleaned ? `Hi ${cleaned},` : "Hi,";
}

interface ActionMail {
  subject: string;
  name: string | null | undefined;
  lead: string;
  actionLabel: string;
  url: string;
  footer: string[];
  /** Lines listed under the lead (e.g. a session's dates), before the button. */
  details?: string[];
}

/** One mail with one button: the text body carries the bare link so every mail client can follow it. */
function actionMail({ subject, name, lead, actionLabel, url, footer, details = [] }: ActionMail): MailContent {
  const detailText = details.length > 0 ? [...details.map((line) => `- ${line}`), ""] : [];
  const text = [greeting(name), "", lead, "", ...detailText, `${actionLabel}: ${url}`, "", ...footer, "", "— The Marketplace team", ""].join("\n");
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${content}</p>`;
  const html = [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1c2024;max-width:560px;margin:0 auto;padding:24px">`,
    paragraph(escapeHtml(greeting(name))),
    paragraph(escapeHtml(lead)),
    ...(details.length > 0 ? [`<ul style="margin:0 0 16px;padding-left:20px">${details.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`] : []),
    paragraph(
      `<a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#3e63dd;color:#fff;text-decoration:none">${escapeHtml(actionLabel)}</a>`,
    ),
    paragraph(`If the button does not work, copy this address into your browser:<br>${escapeHtml(url)}`),
    ...footer.map((line) => paragraph(escapeHtml(line))),
    paragraph("— The Marketplace team"),
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}

export function passwordResetMail(input: { name?: string | null; url: string; validForHours: number }): MailContent {
  return actionMail({
    subject: "Reset your Marketplace password",
    name: input.name,
    lead: "Someone (hopefully you) asked to reset the password of your Marketplace account.",
    actionLabel: "Choose a new password",
    url: input.url,
    footer: [
      `The link works once and expires in ${input.validForHours} ${input.validForHours === 1 ? "hour" : "hours"}.`,
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ],
  });
}

export function confirmationMail(input: { name?: string | null; url: string; validForDays: number }): MailContent {
  return actionMail({
    subject: "Confirm your Marketplace email address",
    name: input.name,
    lead: "Please confirm that this is your email address so we can keep your Marketplace account safe.",
    actionLabel: "Confirm my email address",
    url: input.url,
    footer: [
      `The link expires in ${input.validForDays} ${input.validForDays === 1 ? "day" : "days"}.`,
      "If you did not create an account, ignore this mail.",
    ],
  });
}

/** To a student who pre-registered for a course that has just opened. */
export function coursePublishedMail(input: { name?: string | null; courseName: string; url: string }): MailContent {
  const courseName = greetingName(input.courseName);
  return actionMail({
    subject: `${courseName} is open`,
    name: input.name,
    lead: `You pre-registered for ${courseName}. It is open now: you can register and start learning.`,
    actionLabel: "See the course",
    url: input.url,
    footer: ["You get this mail once, because you asked to hear when this course opens."],
  });
}

/** Invite a Friend: a member's invitation to someone who has no account yet. */
export function friendInvitationMail(input: { inviterName: string; url: string }): MailContent {
  const inviter = greetingName(input.inviterName) || "A friend";
  return actionMail({
    subject: `${inviter} invited you to Marketplace`,
    name: null,
    lead: `${inviter} studies with Marketplace and invited you to join: online courses, live study sessions and tutors for your exact courses, free to sign up.`,
    actionLabel: "Create your free account",
    url: input.url,
    footer: [`You get this mail because ${inviter} entered your address. We do not keep mailing you: only another invitation from a member would reach you.`],
  });
}

/** A teacher's invitation to join their class: the code, and a link that fills it in. */
export function classInvitationMail(input: { teacherName: string; className: string; code: string; url: string }): MailContent {
  const teacher = greetingName(input.teacherName) || "Your teacher";
  return actionMail({
    subject: `${teacher} invited you to ${greetingName(input.className)}`,
    name: null,
    lead: `${teacher} invited you to join the class ${greetingName(input.className)} on Marketplace, where you will find its assignments and grades. The class code is ${input.code}.`,
    actionLabel: "Join the class",
    url: input.url,
    footer: [`You get this mail because ${teacher} entered your address. Sign in (or create a free account) with this address, then join with the code.`],
  });
}

/** To a student enrolled in a live study session (free registration or a paid enrolment). */
export function studySessionConfirmationMail(input: {
  name?: string | null;
  sessionTitle: string;
  dates: readonly { start_time: Date; end_time: Date }[];
  url: string;
  calendarUrl: string;
}): MailContent {
  const title = greetingName(input.sessionTitle);
  const dates = [...input.dates].sort((a, b) => a.start_time.getTime() - b.start_time.getTime());
  return actionMail({
    subject: `You are registered for ${title}`,
    name: input.name,
    lead:
      dates.length === 0
        ? `You are registered for the live study session ${title}. Its dates are not set yet: we will tell you when they are.`
        : `You are registered for the live study session ${title}. ${dates.length === 1 ? "It takes place on" : "It meets on these dates"} (times in UTC):`,
    details: dates.map(sessionDateLine),
    actionLabel: "See the session",
    url: input.url,
    footer: [
      "The join link opens on the session's page an hour before each date starts.",
      `Add the dates to your calendar with the attached file, or from ${input.calendarUrl}`,
    ],
  });
}

/** A booked tutoring session, to the student and to the tutor (each reads the other's name). */
export function tutoringSessionBookedMail(input: {
  name?: string | null;
  withName: string;
  courseCode: string | null;
  date: { start_time: Date; end_time: Date };
  url: string;
}): MailContent {
  const withName = greetingName(input.withName);
  const about = input.courseCode ? ` for ${greetingName(input.courseCode)}` : "";
  return actionMail({
    subject: `Tutoring session booked with ${withName}`,
    name: input.name,
    lead: `Your tutoring session with ${withName}${about} is booked (time in UTC):`,
    details: [sessionDateLine(input.date)],
    actionLabel: "See the session",
    url: input.url,
    footer: [
      "The student may cancel free of charge until 24 hours before the start; the tutor may cancel any time before it starts.",
      "Add it to your calendar with the attached file.",
    ],
  });
}

/** A reminder that a session date starts soon (24 hours or 1 hour before). */
export function studySessionReminderMail(input: {
  name?: string | null;
  sessionTitle: string;
  date: { start_time: Date; end_time: Date };
  lead: "24h" | "1h";
  url: string;
}): MailContent {
  const title = greetingName(input.sessionTitle);
  const when = input.lead === "24h" ? "within a day" : "within the hour";
  return actionMail({
    subject: `Reminder: ${title} starts ${when}`,
    name: input.name,
    lead: `Your live study session ${title} starts ${when}:`,
    details: [sessionDateLine(input.date)],
    actionLabel: "Open the session",
    url: input.url,
    footer: ["The join link opens on the session's page an hour before the start.", "You get this mail because you are registered for this session."],
  });
}

/** A reminder that a tutoring session starts soon, to the student and to the tutor (each reads the other's name), in their own time zone. */
export function tutoringSessionReminderMail(input: {
  name?: string | null;
  withName: string;
  courseCode: string | null;
  date: { start_time: Date; end_time: Date };
  /** The reader's zone; UTC when none is known. */
  timeZone: string;
  lead: "24h" | "1h";
  url: string;
}): MailContent {
  const withName = greetingName(input.withName);
  const about = input.courseCode ? ` for ${greetingName(input.courseCode)}` : "";
  const when = input.lead === "24h" ? "within a day" : "within the hour";
  return actionMail({
    subject: `Reminder: tutoring with ${withName} starts ${when}`,
    name: input.name,
    lead: `Your tutoring session with ${withName}${about} starts ${when} (time in ${timeZoneName(input.timeZone)}):`,
    details: [tutoringSessionLine(input.date, input.timeZone)],
    actionLabel: "See the session",
    url: input.url,
    footer: ["Your sessions under this contract are listed on its page.", "You get this mail because this session is booked under your tutoring contract."],
  });
}

/** To a student whose class-rep application staff approved: the link to their set-up wizard. */
export function classRepApprovedMail(input: { name?: string | null; courseLabel: string; url: string }): MailContent {
  const course = greetingName(input.courseLabel);
  return actionMail({
    subject: `You are the class rep of ${course}`,
    name: input.name,
    lead: `Your application to be the class rep of ${course} is approved. Set up your rep workspace in four short steps: your school and year, the course's schedule, your referral link and a first announcement to your classmates.`,
    actionLabel: "Set up your class rep workspace",
    url: input.url,
    footer: ["Afterwards you work from the Class Rep tab of your dashboard, where you also file your reports."],
  });
}

/** To a student whose class-rep application staff declined. */
export function classRepDeclinedMail(input: { name?: string | null; courseLabel: string; url: string }): MailContent {
  const course = greetingName(input.courseLabel);
  return actionMail({
    subject: `Your class rep application for ${course}`,
    name: input.name,
    lead: `Thank you for applying to be the class rep of ${course}. We are not taking your application further this time.`,
    actionLabel: "See other courses looking for a class rep",
    url: input.url,
    footer: ["You are welcome to apply for another course, or for this one again later."],
  });
}

/** To an entrant staff picked as a winner of a contest, once the winners are announced. */
export function contestWinnerMail(input: { name?: string | null; contestName: string; entryTitle: string; url: string }): MailContent {
  const contest = greetingName(input.contestName);
  return actionMail({
    subject: `You are a winner of the ${contest}`,
    name: input.name,
    lead: `Congratulations: your entry “${greetingName(input.entryTitle)}” is one of the winners of the ${contest}. We will be in touch about your prize.`,
    actionLabel: "See the winners",
    url: input.url,
    footer: ["Your name and your entry's title are shown on the contest page with the other winners."],
  });
}

/** To a student whose scholarship application staff decided: the decision, never a score or a staff note. */
export function scholarshipDecisionMail(input: { name?: string | null; scholarshipName: string; accepted: boolean; url: string }): MailContent {
  const scholarship = greetingName(input.scholarshipName);
  return actionMail({
    subject: input.accepted ? `You were awarded the ${scholarship}` : `Your application for the ${scholarship}`,
    name: input.name,
    lead: input.accepted
      ? `Congratulations: your application for the ${scholarship} is accepted. We will write to you about the award's next steps.`
      : `Thank you for applying for the ${scholarship}. Your application was not selected this time.`,
    actionLabel: "See your application",
    url: input.url,
    footer: ["You get this mail because you applied for this scholarship."],
  });
}
