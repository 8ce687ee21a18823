import PDFDocument from "pdfkit";
import { ACTIVITY_TYPE_LABELS, SECTION_TYPE_LABELS } from "~/online-courses/editor-forms";
import type { PrintableCourse } from "~/online-courses/printable.server";

const LETTERS = "ABCDEFGHIJ";

/** Renders the course as a printable PDF booklet: title page, curriculum with content, and the answer key of the answers it is given. */
export function renderBookletPdf(printable: PrintableCourse, generatedAt: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: 56,
      info: { Title: `${printable.course.name} — booklet`, Subject: printable.course.course_code, CreationDate: generatedAt },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    doc.font("Helvetica-Bold").fontSize(26).text(printable.course.name);
    doc.moveDown(0.3).font("Helvetica").fontSize(13).fillColor("#444").text(printable.course.course_code);
    if (printable.instructorName) doc.text(`Instructor: ${printable.instructorName}`);
    if (printable.course.description) doc.moveDown().fillColor("#000").fontSize(11).text(printable.course.description);

    const answerKey: { title: string; answers: string[] }[] = [];
    printable.chapters.forEach((chapter, chapterIndex) => {
      doc.addPage().fillColor("#000").font("Helvetica-Bold").fontSize(20).text(`${chapterIndex + 1}. ${chapter.title}`);
      for (const section of chapter.sections) {
        doc.moveDown().font("Helvetica-Bold").fontSize(15).text(section.title);
        doc.font("Helvetica-Oblique").fontSize(9).fillColor("#555").text(SECTION_TYPE_LABELS[section.type]).fillColor("#000");
        for (const activity of section.activities) {
          doc.moveDown(0.6).font("Helvetica-Bold").fontSize(12).text(`${activity.title}  (${ACTIVITY_TYPE_LABELS[activity.type]})`);
          doc.font("Helvetica").fontSize(10.5);
          if (activity.body) doc.moveDown(0.2).text(activity.body);
          for (const card of activity.cards) doc.moveDown(0.2).text(`• ${card.front} — ${card.back}`);
          activity.questions.forEach((question, index) => {
            doc.moveDown(0.3).text(`${index + 1}. ${question.prompt}`);
            question.choices.forEach((choice, choiceIndex) => doc.text(`    ${LETTERS[choiceIndex] ?? choiceIndex + 1}) ${choice}`));
          });
          // The students' edition has no answers to print (studentEdition), so no answer key.
          const answered = activity.questions.flatMap((question, index) => (question.answerIndex === null ? [] : [`${index + 1}. ${LETTERS[question.answerIndex] ?? question.answerIndex + 1}`]));
          if (answered.length) answerKey.push({ title: activity.title, answers: answered });
        }
      }
    });
    if (answerKey.length) {
      doc.addPage().font("Helvetica-Bold").fontSize(20).text("Answer key");
      for (const entry of answerKey) {
        doc.moveDown(0.5).font("Helvetica-Bold").fontSize(11).text(entry.title);
        doc.font("Helvetica").fontSize(10).text(entry.answers.join("   "));
      }
    }
    doc.end();
  });
}
