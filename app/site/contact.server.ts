import { config } from "~/config/env.server";
import { db } from "~/db/db.server";
import { sendMail } from "~/mail/mailer.server";
import { contactMail, type ContactInput } from "./contact";

/** Stores a contact-us message, then emails it to support (SUPPORT_EMAIL) without waiting for delivery. */
export async function submitContactMessage(input: ContactInput, userId: number | null) {
  const { id } = await db()
    .insertInto("contact_messages")
    .values({ user_id: userId, name: input.name, email: input.email, topic: input.topic, body: input.body })
    .returning("id")
    .executeTakeFirstOrThrow();
  const mail = contactMail({ ...input, id });
  await sendMail({ to: config().SUPPORT_EMAIL, ...mail, kind: "contact_message" }, { waitForDelivery: false });
  return { id };
}
