import { z } from "zod";
import type { ContactTopic } from "~/db/schema";

export type { ContactTopic };
import { tryAgainInMessage } from "~/errors/messages";
import { escapeHtml } from "~/formatting/html";
import type { MailContent } from "~/mail/templates";

export const CONTACT_TOPICS: Record<ContactTopic, string> = {
  general: "General question",
  courses: "Courses and sessions",
  billing: "Billing and subscriptions",
  tutoring: "Tutoring",
  partnerships: "Partnerships",
  technical: "Technical problem",
};

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === "string" && Object.hasOwn(CONTACT_TOPICS, value);
}

/** The contact-us form, checked in the browser and always on the server. */
export const contactSchema = z.object({
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(120, "Use at most 120 characters"),
  email: z.email({ error: "Enter a valid email address" }).trim().max(254),
  topic: z.enum(Object.keys(CONTACT_TOPICS) as [ContactTopic, ...ContactTopic[]], { error: "Choose a topic" }),
  body: z.string({ error: "Write your message" }).trim().min(10, "Write at least 10 characters").max(5000, "Use at most 5,000 characters"),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** Sent from the contact dialog: the page to go back to, where a toast confirms the message. */
export const CONTACT_RETURN_FIELD = "return_to";
export const CONTACT_SENT_MESSAGE = "Thanks — your message is on its way to our support team. We reply by email within one business day.";

/** Past the hourly limit: the message was not sent, and when the form takes messages again. */
export function contactLimitMessage(retryAfterSeconds: number) {
  return tryAgainInMessage("We have received several messages from your network this hour, so this one was not sent.", retryAfterSeconds);
}

/** The mail support receives for a contact message; replying goes to the sender. */
export function contactMail(message: ContactInput & { id: number }): MailContent {
  const subject = `[${CONTACT_TOPICS[message.topic]}] Contact message #${message.id} from ${message.name.replace(/[\r\n]+/g, " ").slice(0, 80)}`;
  const text = [`From: ${message.name} <${message.email}>`, `Topic: ${CONTACT_TOPICS[message.topic]}`, "", message.body, ""].join("\n");
  const html = [
    `<p>From: ${escapeHtml(message.name)} &lt;${escapeHtml(message.email)}&gt;<br>Topic: ${escapeHtml(CONTACT_TOPICS[message.topic])}</p>`,
    ...message.body.split(/\n{2,}/).map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`),
  ].join("\n");
  return { subject, text, html };
}
