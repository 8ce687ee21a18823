import { parseAnswers, type QuizAnswers } from "~/assessments/engine";
import { answerSection, attemptHistory, attemptReview, settleAttempt, startAttempt, startSection, type PracticeTest } from "~/practice-tests/attempts.server";
import { parseRecordId } from "~/utils/record-id";
import type { z } from "zod";
import type { practiceTestSchema } from "~/practice-tests/forms";

/**
 * A practice test's page as one student (or a guest) has it now, and what their posts do: shared
 * by /lsat-practice-tests/{testId} and /cars-passages/{weekSlug}. Takes plain values.
 */
export async function practiceTestView(test: PracticeTest, userId: number | null, now: Date, attemptParam: string | null) {
  const sections = test.sections.map((section) => ({ id: section.id, title: section.title, timeLimitMinutes: section.timeLimitMinutes, questionCount: section.questions.length }));
  const base = { test: { id: test.id, kind: test.kind, title: test.title, description: test.description, discipline: test.discipline, weekStart: test.weekStart }, sections };
  if (userId === null) return { ...base, signedIn: false, progress: { kind: "not-started" } as const, running: null, review: null, history: [] };
  // Settled first: a section whose time ran out is handed in, and may finish the attempt the history lists.
  const { attempt, progress } = await settleAttempt(userId, test, now);
  const history = await attemptHistory(userId, test.id);
  let running = null;
  if (progress.kind === "in-section" && attempt) {
    const section = test.sections.find((candidate) => candidate.id === progress.sectionId)!;
    const row = attempt.sections.find((candidate) => candidate.section_id === section.id)!;
    running = {
      sectionId: section.id,
      title: section.title,
      passage: section.passage,
      remainingSeconds: progress.remainingSeconds,
      // The questions without their answers: those stay on the server until the section is submitted.
      questions: section.questions.map((question) => ({ id: question.id, prompt: question.prompt, choices: question.choices })),
      saved: row.answers,
    };
  }
  // The attempt to review: the one the address names, else the latest finished; only ever the student's own.
  const wanted = parseRecordId(attemptParam ?? undefined);
  const reviewed = wanted ?? (progress.kind === "not-started" ? history[0]?.id ?? null : null);
  const sectionsReviewed = reviewed === null ? null : await attemptReview(userId, test, reviewed);
  const summary = history.find((entry) => entry.id === reviewed) ?? null;
  return {
    ...base,
    signedIn: true,
    progress,
    running,
    review: sectionsReviewed && summary ? { ...summary, sections: sectionsReviewed } : null,
    history,
  };
}

export type PracticeCommand = z.infer<typeof practiceTestSchema>;

export const PRACTICE_MESSAGES = {
  saved: "Your answers are saved. The clock keeps running.",
  submitted: "Section submitted.",
  finished: "Done: your score and every answer explained are below.",
  timeUp: "Time was up: the section was submitted with the answers saved before the deadline.",
} as const;

/** What a student's post does to their attempt: the message to show, or why nothing changed. */
export async function actOnPracticeTest(userId: number, test: PracticeTest, command: PracticeCommand, now: Date) {
  const { handedIn } = await settleAttempt(userId, test, now);
  // Answers for a section whose time ran out: it was just handed in with those saved in time.
  if ((command.intent === "save" || command.intent === "submit") && handedIn === command.section_id) return { kind: "done", message: PRACTICE_MESSAGES.timeUp } as const;
  if (command.intent === "start") return outcomeMessage(await startAttempt(userId, test, now));
  if (command.intent === "start_section") {
    if (!test.sections.some((section) => section.id === command.section_id)) return { kind: "refused", status: 404, message: "This test has no such section." } as const;
    return outcomeMessage(await startSection(userId, test, command.section_id, now));
  }
  const section = test.sections.find((candidate) => candidate.id === command.section_id);
  if (!section) return { kind: "refused", status: 404, message: "This test has no such section." } as const;
  const parsed = parseAnswers(section.questions, (name) => (typeof command[name] === "string" ? (command[name] as string) : null));
  if (!parsed.ok) return { kind: "refused", status: 400, message: parsed.message } as const;
  return outcomeMessage(await answerSection({ userId, test, sectionId: section.id, answers: parsed.answers as QuizAnswers, submit: command.intent === "submit", now }));
}

function outcomeMessage(outcome: Awaited<ReturnType<typeof answerSection>>) {
  switch (outcome.kind) {
    case "refused":
      return outcome;
    case "started":
      return { kind: "done", message: null } as const;
    case "saved":
      return { kind: "done", message: PRACTICE_MESSAGES.saved } as const;
    case "submitted":
      return { kind: "done", message: !outcome.inTime ? PRACTICE_MESSAGES.timeUp : outcome.finished ? PRACTICE_MESSAGES.finished : PRACTICE_MESSAGES.submitted } as const;
  }
}
