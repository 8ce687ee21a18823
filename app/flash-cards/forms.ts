import { z } from "zod";
import { MAX_CARD_SIDE, parseTags } from "~/flash-cards/deck-csv";

/** The forms of /flash-cards, a deck's study page and its edit page, as their actions parse them. */

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

const title = z.string({ error: "Name the deck" }).trim().min(1, "Name the deck").max(120, "Keep the name to 120 characters");
const description = z.string().trim().max(2000, "Keep the description to 2,000 characters").default("");
const side = (name: string) =>
  z
    .string({ error: `Write the card's ${name}` })
    .trim()
    .min(1, `Write the card's ${name}`)
    .max(MAX_CARD_SIDE, `Keep the ${name} to ${MAX_CARD_SIDE.toLocaleString("en-US")} characters`);
const tags = z
  .string()
  .max(500, "Keep the tags short")
  .default("")
  .transform((text) => parseTags(text));

export const CSV_MAX_BYTES = 1024 * 1024;

export const newDeckSchema = z.object({ title, description });

export const CARD_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** A picture sent with a card (an empty file field is none), and the side it goes on. */
const picture = {
  picture: z
    .instanceof(File)
    .optional()
    .refine((file) => !file || file.size <= CARD_PICTURE_MAX_BYTES, "The picture is too large (at most 5 MB)")
    .transform((file) => (file && file.size > 0 ? file : undefined)),
  picture_side: z.enum(["front", "back"], { error: "Put the picture on the front or the back" }).default("back"),
};

export const deckEditSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("deck"),
    title,
    description,
    shared: z.literal("on").optional(),
    subject: z.string().trim().max(80, "Keep the subject to 80 characters").default(""),
  }),
  z.object({ intent: z.literal("add_card"), front: side("front"), back: side("back"), tags, ...picture }),
  z.object({ intent: z.literal("edit_card"), card_id: id("Choose a card"), front: side("front"), back: side("back"), tags, ...picture }),
  z.object({ intent: z.literal("delete_card"), card_id: id("Choose a card") }),
  z.object({ intent: z.literal("move_card"), card_id: id("Choose a card"), direction: z.enum(["up", "down"], { error: "Move the card up or down" }) }),
  z.object({
    intent: z.literal("import"),
    file: z
      .instanceof(File, { error: "Choose a CSV file to import" })
      .refine((file) => file.size > 0, "Choose a CSV file to import")
      .refine((file) => file.size <= CSV_MAX_BYTES, "The file is too large (at most 1 MB)"),
  }),
  z.object({ intent: z.literal("delete_deck") }),
]);

const GRADE_MESSAGE = "Grade the card: Again, Hard, Good or Easy";

export const gradeSchema = z.object({
  card_id: id("Choose a card"),
  grade: z.coerce.number({ error: GRADE_MESSAGE }).pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: GRADE_MESSAGE })),
  seen_reps: z.coerce.number({ error: "Reload the page and grade the card again" }).int().min(0).max(1_000_000),
  /** Where to go after grading, when the card was studied elsewhere (the in-course flash-cards page). */
  next: z.string().max(500).optional(),
});

/** Where "Back" goes after studying: a path on this site only (no other host, no protocol). */
export function safeReturnPath(value: string | null): string | null {
  if (!value || value.length > 500 || !value.startsWith("/") || value.startsWith("//") || value.includes("\\") || /[\u0000-\u001f]/.test(value)) return null;
  return value;
}
