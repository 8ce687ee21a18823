import type { ActivityType, ChaptersTable } from "../../app/db/schema";
import type { ChapterSeed, OnlineCourseSeed, QuizQuestion } from "./data/online-courses";
import { practiceQuestions } from "./data/practice-questions";
import type { DemoClip } from "./lesson-media";

/** The chapters > sections > activities tree of one online course; positions are array indexes. */
export interface PlannedActivity {
  activityType: ActivityType;
  title: string;
  canPreview: boolean;
  durationSeconds: number;
  content: Record<string, unknown>;
  /** Quiz questions go to their own table, never into the activity's content. */
  questions: readonly QuizQuestion[];
  /** A flash-card activity's cards: they go into the course's deck for it (flash_card_decks). */
  cards: readonly { front: string; back: string }[];
}

export interface PlannedSection {
  sectionType: "core" | "additional";
  title: string;
  activities: PlannedActivity[];
}

export interface PlannedChapter {
  kind: ChaptersTable["kind"];
  title: string;
  sections: PlannedSection[];
}

const MOCK_EXAM_REVIEW =
  "Review your mock exam within a day of taking it. For every question you missed or guessed, note whether the cause was a content gap, a misread question or timing, then redo the question without looking at the explanation.";

/**
 * Expands a course's chapter list into its full curriculum: an intro chapter first, then each
 * chapter's core lessons, a checkpoint section and (for exam prep, or every second chapter)
 * additional practice, and a mock exam chapter last when the course has one. Video lessons take
 * the demo clips in turn (server/seed/lesson-media.ts), each with its captions.
 */
export function planCurriculum(course: OnlineCourseSeed, clips: readonly DemoClip[]): PlannedChapter[] {
  const durations = varied(course.slug);
  let videos = 0;
  const videoContent = (): Record<string, unknown> => {
    const clip = clips[videos++ % Math.max(clips.length, 1)];
    return clip ? { video_files: { webm: clip.webm, mp4: clip.mp4 }, captions_file: clip.vtt } : {};
  };
  const isExamPrep = course.courseType === "exam_prep";

  const introActivities: PlannedActivity[] = [
    activity("video", `Welcome to ${course.name}`, durations.next(180, 300), videoContent(), true),
    activity("reading", "How this course is organised", 300, { body: course.welcome }, true),
  ];
  if (isExamPrep) {
    // The diagnostic quiz samples the first question of every chapter.
    const questions = course.chapters.map((chapter) => chapter.quiz[0]).filter((question): question is QuizQuestion => !!question);
    introActivities.push({ ...activity("quiz", "Diagnostic quiz", questions.length * 90, { question_count: questions.length }, true), questions });
  }
  const intro: PlannedChapter = {
    kind: "intro",
    title: "Introduction",
    sections: [{ sectionType: "core", title: "Start here", activities: introActivities }],
  };

  const chapters = course.chapters.map((chapter, index): PlannedChapter => {
    // The first lesson of the first chapter is a free sample for published courses.
    const previewFirstLesson = index === 0 && course.status === "published";
    const lessons = chapter.lessons.slice(0, 4).map((title, n) =>
      n % 2 === 0
        ? activity("video", title, durations.next(420, 1200), videoContent(), previewFirstLesson && n === 0)
        : activity("reading", title, durations.next(300, 720), { body: chapter.summary }),
    );
    const sections: PlannedSection[] = [
      { sectionType: "core", title: "Core lessons", activities: lessons },
      {
        sectionType: "core",
        title: "Checkpoint",
        activities: [
          {
            ...activity("checkpoint_quiz", `Checkpoint quiz: ${chapter.title}`, chapter.quiz.length * 120, { question_count: chapter.quiz.length }),
            questions: chapter.quiz,
          },
          { ...activity("flash_card_deck", `Key ideas: ${chapter.title}`, 600, {}), cards: flashCards(chapter) },
        ],
      },
    ];
    if (isExamPrep || index % 2 === 1) {
      sections.push({
        sectionType: "additional",
        title: "Additional practice",
        activities: [
          practiceSet(`Practice problems: ${chapter.title}`, durations.next(1200, 2700), "mixed", chapterPracticeQuestions(course, chapter)),
          activity("video", `Worked solutions: ${chapter.title}`, durations.next(600, 1500), videoContent()),
        ],
      });
    }
    return { kind: "chapter", title: chapter.title, sections };
  });

  const result = [intro, ...chapters];
  if (course.mockExam) {
    const exam = course.mockExam;
    // The exam asks every chapter's quiz questions again, each pointing back to its chapter.
    const examQuestions = course.chapters.flatMap((chapter) => chapter.quiz.map((question) => ({ ...question, explanation: `Covered in “${chapter.title}”. ${chapter.summary}` })));
    result.push({
      kind: "mock_exam",
      title: exam.title,
      sections: [
        {
          sectionType: "core",
          title: "Mock exam",
          activities: [
            {
              ...activity("mock_exam", exam.title, exam.timeLimitMinutes * 60, {
                question_count: examQuestions.length,
                time_limit_minutes: exam.timeLimitMinutes,
                ...(exam.scale ? { scale: exam.scale } : {}),
              }),
              questions: examQuestions,
            },
            activity("reading", "How to review your mock exam", 300, { body: MOCK_EXAM_REVIEW }),
          ],
        },
        {
          sectionType: "additional",
          title: "Answer explanations",
          activities: [
            activity("video", "Walkthrough of the hardest questions", durations.next(1500, 2700), videoContent()),
            practiceSet(
              "Missed-question review set",
              1800,
              "hard",
              course.chapters.flatMap((chapter) => chapter.quiz.map((question) => ({ ...question, topic: chapter.title, explanation: question.explanation ?? chapter.summary }))),
            ),
          ],
        },
      ],
    });
  }
  return result;
}

function activity(
  activityType: ActivityType,
  title: string,
  durationSeconds: number,
  content: Record<string, unknown>,
  canPreview = false,
): PlannedActivity {
  return { activityType, title, canPreview, durationSeconds, content, questions: [], cards: [] };
}

/** A practice question set: its questions (each with a topic) in the quiz questions table, like a quiz's. */
function practiceSet(title: string, durationSeconds: number, difficulty: string, questions: readonly QuizQuestion[]): PlannedActivity {
  return { ...activity("practice_question_set", title, durationSeconds, { question_count: questions.length, difficulty }), questions };
}

/** A chapter's practice problems: written for the course where there are some, else its checkpoint questions again, under the chapter's name. */
function chapterPracticeQuestions(course: OnlineCourseSeed, chapter: ChapterSeed): QuizQuestion[] {
  const written = practiceQuestions[course.slug]?.[chapter.title];
  if (written) return written.map((question) => ({ prompt: question.prompt, choices: question.choices, answer_index: question.answerIndex, explanation: question.explanation, topic: question.topic }));
  return chapter.quiz.map((question) => ({ ...question, topic: chapter.title, explanation: question.explanation ?? chapter.summary }));
}

function flashCards(chapter: ChapterSeed) {
  return chapter.quiz.map((question) => ({ front: question.prompt, back: question.choices[question.answer_index] ?? "" }));
}

/** Deterministic, varied durations (whole minutes in a range), so every seed gives the same data. */
function varied(seed: string) {
  let state = [...seed].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 7);
  return {
    next(minSeconds: number, maxSeconds: number) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      const minutes = Math.floor((maxSeconds - minSeconds) / 60);
      return minSeconds + (state % (minutes + 1)) * 60;
    },
  };
}
