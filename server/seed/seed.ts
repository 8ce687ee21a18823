import argon2 from "argon2";
import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { CountryCode, Currency, Database, UsersTable } from "../../app/db/schema";
import { planCurriculum } from "./curriculum";
import { demoClips } from "./lesson-media";
import { seedPartnerMemberships } from "./partner-memberships";
import { seedReferrals } from "./referrals";
import { seedReviews } from "./reviews";
import { seedWorkShifts } from "./work-shifts";
import { seedStudyRooms } from "./study-rooms";
import { seedFlashCards } from "./flash-cards";
import { seedForums } from "./forums";
import { seedQuestions } from "./questions";
import { seedCommunity } from "./community";
import { seedPolls } from "./polls";
import { seedClasses } from "./classes";
import { seedClassReps } from "./class-reps";
import { seedPracticeSets } from "./practice-sets";
import { seedPracticeTests } from "./practice-tests";
import { seedTutoring } from "./tutoring";
import { seedPublicSite } from "./public-site";
import { seedDemoStudySessions } from "./study-sessions";
import { seedOnlineCourseLearning, type SeededActivity } from "./online-courses";
import { blogPosts } from "./data/blog-posts";
import { courses, courseSlug } from "./data/courses";
import { onlineCourses } from "./data/online-courses";
import { demoStudentCourses, demoTutorProfile, people, personEmail, type TutorSeed } from "./data/people";
import { seedBackOffice } from "./back-office";
import { seedContest } from "./contest";
import { seedHiring } from "./hiring";
import { seedNotes } from "./notes";
import { seedShares } from "./shares";
import { seedBooklets } from "./booklets";
import { seedScholarshipApplications } from "./scholarships";
import { seedWriting } from "./writing";
import { schools } from "./data/schools";
import { studySessions } from "./data/study-sessions";
import { discountCodes } from "./data/discount-codes";
import { seedMoney } from "./money";
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, demoAccounts } from "./demo-accounts";

const SEEDED_TABLES = [
  // The class-rep programme (migration 0036; server/seed/class-reps.ts): an approved rep with a report, an application waiting.
  "class_rep_applications",
  "class_rep_courses",
  "class_rep_course_reports",
  "schools",
  "users",
  "courses",
  "user_courses",
  "tutor_profiles",
  // Tutoring (migration 0018; server/seed/tutoring.ts): weekly hours of the demo tutors, an open
  // request, a paid contract with a past and an upcoming session.
  "tutor_availabilities",
  "tutor_requests",
  "student_tutor_contracts",
  "tutoring_sessions",
  "tutoring_session_feedbacks",
  "online_courses",
  "online_course_courses",
  "chapters",
  "sections",
  "activities",
  "study_sessions",
  "study_session_dates",
  "study_session_courses",
  // Enrolments and material of the demo live sessions (migration 0017; server/seed/study-sessions.ts).
  "study_session_users",
  "study_session_attachments",
  "discount_codes",
  // The back office's money screens (migration 0032; server/seed/money.ts): codes valid, expired
  // and used up, and the demo student's invoice the admin refunded, in the audit log; with paid
  // token packs for the revenue report (server/seed/back-office.ts, which also adds a duplicate school to merge).
  "purchases",
  "discount_redemptions",
  "purchase_refunds",
  "audit_events",
  "blog_posts",
  "quiz_questions",
  "online_course_users",
  "activity_completions",
  // Public site (migration 0006).
  "site_pages",
  "blog_categories",
  "blog_authors",
  "job_positions",
  "announcements",
  "announcement_responses",
  "scholarships",
  "partners",
  "textbooks",
  "mcat_events",
  "mcat_exam_dates",
  "med_schools",
  // Partner memberships (migration 0011).
  "partner_memberships",
  // Referrals (migration 0014).
  "friend_invitations",
  "referral_credits",
  // Textbook pages (migration 0015).
  "textbook_chapters",
  "textbook_chapter_courses",
  // Work shifts and their signups (migration 0018; server/seed/work-shifts.ts).
  "work_shifts",
  "work_shift_users",
  // Students' reviews of educators, one hidden by staff (migration 0018; server/seed/reviews.ts).
  "tutor_feedbacks",
  // A study group's room with a drawn board (migration 0019; server/seed/study-rooms.ts).
  "study_rooms",
  "study_room_members",
  "study_room_whiteboards",
  // Time billed by the minute in the demo tutoring session's room, still owed (server/seed/tutoring.ts).
  "study_room_billings",
  // The demo student's flash-card decks, partly studied (server/seed/flash-cards.ts).
  "flash_card_decks",
  "flash_cards",
  "flash_card_users",
  "flash_card_reviews",
  "practice_tests",
  "practice_test_sections",
  "practice_test_questions",
  "practice_test_attempts",
  "practice_section_attempts",
  // The demo student's practice set bought with tokens and practised (server/seed/practice-sets.ts).
  "practice_set_unlocks",
  "practice_set_attempts",
  // MATH 137's board: an answered question, an open one and a reported one (server/seed/forums.ts).
  "forum_posts",
  "forum_replies",
  "votes",
  "forum_subscriptions",
  "reports",
  // MATH 137 questions to the instructor and a study-buddy question (server/seed/questions.ts).
  "questions",
  "question_replies",
  // Comments and reactions under a blog post, and the pricing, product and help pages' FAQs (server/seed/community.ts).
  "comments",
  "resource_reactions",
  "reaction_counts",
  "faqs",
  // Polls on a demo blog post and on MATH 137's page, with a few answers (server/seed/polls.ts).
  "polls",
  "poll_questions",
  "poll_responses",
  "poll_answers",
  // The demo teacher's MATH 137 class with three demo students, two assignments and a grade book (server/seed/classes.ts).
  "course_sections",
  "course_section_users",
  "course_assignments",
  "course_assignment_users",
  "course_assessments",
  "course_assessment_grades",
  // The demo job applicant invited to interview, two other applicants, and staff notes (server/seed/hiring.ts).
  "job_applications",
  "job_applicant_notes",
  // Two contest entries, one marked a winner and not announced (server/seed/contest.ts).
  "contest_entries",
  // MATH7K2's planner: a few lessons and events this term (server/seed/classes.ts).
  "course_lessons",
  "course_schedules",
  "course_schedule_events",
  // MATH 137's approved notes from the class rep and the demo student's notes waiting for review (server/seed/notes.ts).
  "course_notes_packages",
  // The demo student's shared link to a deck, opened by the demo tutor and a guest, and a turned-off one (server/seed/shares.ts).
  "shares",
  "resource_views",
  // The demo student's scholarship application in review (server/seed/scholarships.ts).
  "scholarship_applications",
  // MATH 137 Exam Prep's students' booklet, ready for the demo student (server/seed/booklets.ts).
  "online_course_booklets",
  // Writing templates in every category and the demo student's essay in three versions, shared
  // with the demo tutor, who left an open comment (server/seed/writing.ts).
  "ej_templates",
  "ej_essays",
  "ej_essay_versions",
  "ej_essay_collaborators",
  "ej_essay_comments",
] as const satisfies readonly (keyof Database)[];

/** How many rows the seed inserted, per table (all zero when the demo data was already there). */
export type SeedSummary = Record<(typeof SEEDED_TABLES)[number], number>;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Serialises concurrent seeds (several app machines starting at once) on PostgreSQL. */
const SEED_LOCK_KEY = 7_310_415;

const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Loads the demo catalogue, accounts and content in one transaction with a fixed number of
 * bulk inserts. Does nothing if any demo account (an address under @demo.test) exists.
 */
export async function seedDemoData(db: Kysely<Database>, options: { now?: Date } = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const existing = await trx
      .selectFrom("users")
      .select("id")
      .where(sql<string>`lower(email)`, "like", `%@${DEMO_EMAIL_DOMAIN}`)
      .limit(1)
      .executeTakeFirst();
    if (existing) return emptySummary();
    // One hash for every account: hashing is deliberately slow and the password is public anyway.
    const passwordHash = await argon2.hash(DEMO_PASSWORD, ARGON2_OPTIONS);
    return insertDemoData(trx, now, passwordHash);
  });
}

async function insertDemoData(trx: Transaction<Database>, now: Date, passwordHash: string): Promise<SeedSummary> {
  const summary = emptySummary();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

  // Schools and courses.
  const schoolRows = await trx
    .insertInto("schools")
    .values(
      schools.map((school) => ({
        name: school.name,
        short_name: school.shortName,
        slug: school.slug,
        school_type: school.schoolType,
        country_code: school.countryCode,
        region_code: school.regionCode,
        city: school.city,
      })),
    )
    .returning(["id", "slug"])
    .execute();
  const schoolIds = idsBy(schoolRows, (row) => row.slug);
  const schoolCountry = new Map(schools.map((school) => [school.slug, school.countryCode]));
  summary.schools = schoolRows.length;

  const courseRows = await trx
    .insertInto("courses")
    .values(
      courses.map((course) => ({
        code: course.code,
        name: course.name,
        slug: courseSlug(course.schoolSlug, course.code),
        school_id: need(schoolIds, course.schoolSlug, "school"),
        subject: course.subject,
        grade_level: course.gradeLevel ?? null,
        description: course.description,
        high_priority: course.highPriority ?? false,
        has_class_rep: course.hasClassRep ?? false,
        price_cents: course.priceCents,
        currency: currencyOf(need(schoolCountry, course.schoolSlug, "school")),
      })),
    )
    .returning(["id", "slug"])
    .execute();
  const courseIds = idsBy(courseRows, (row) => row.slug);
  summary.courses = courseRows.length;

  // People: one account per role, then the extra instructors and tutors.
  const userValues: Insertable<UsersTable>[] = [
    ...demoAccounts.map((account, index) => {
      const joined = daysAgo(400 - index * 9);
      return {
        email: account.email,
        password_hash: passwordHash,
        first_name: account.firstName,
        last_name: account.lastName,
        display_name: `${account.firstName} ${account.lastName.charAt(0)}.`,
        roles: account.role === "student" ? [] : [account.role],
        user_type: account.userType,
        school_id: account.schoolSlug ? need(schoolIds, account.schoolSlug, "school") : null,
        year: account.year ?? null,
        faculty: account.faculty ?? null,
        degree: account.degree ?? null,
        country_code: account.countryCode,
        bio: account.bio ?? null,
        confirmed_at: joined,
        created_at: joined,
        updated_at: joined,
      };
    }),
    ...people.map((person, index) => {
      const joined = daysAgo(300 - index * 11);
      return {
        email: personEmail(person),
        password_hash: passwordHash,
        first_name: person.firstName,
        last_name: person.lastName,
        display_name: `${person.firstName} ${person.lastName.charAt(0)}.`,
        roles: [person.role],
        user_type: "educator" as const,
        country_code: person.countryCode,
        bio: person.bio,
        school_id: null,
        year: null,
        faculty: null,
        degree: null,
        confirmed_at: joined,
        created_at: joined,
        updated_at: joined,
      };
    }),
  ];
  const userRows = await trx.insertInto("users").values(userValues).returning(["id", "email"]).execute();
  const userIds = idsBy(userRows, (row) => row.email);
  const userId = (email: string) => need(userIds, email, "user");
  summary.users = userRows.length;

  const tutors: { email: string; profile: TutorSeed }[] = [
    { email: `tutor@${DEMO_EMAIL_DOMAIN}`, profile: demoTutorProfile },
    ...people.flatMap((person) => (person.tutor ? [{ email: personEmail(person), profile: person.tutor }] : [])),
  ];
  const tutorProfileValues = tutors.map(({ email, profile }) => ({
    user_id: userId(email),
    headline: profile.headline,
    hourly_rate_cents: profile.hourlyRateCents,
    currency: profile.currency,
    accepting_students: profile.acceptingStudents,
    sessions_taught: profile.sessionsTaught,
  }));
  await trx.insertInto("tutor_profiles").values(tutorProfileValues).execute();
  summary.tutor_profiles = tutorProfileValues.length;
  // Every demo tutor is open on weekday evenings and Saturday mornings (in their own time zone,
  // America/Toronto), so a profile shows open times on first start.
  const availabilityValues = tutorProfileValues.flatMap(({ user_id }) => [
    ...[1, 2, 3, 4, 5].map((weekday) => ({ tutor_id: user_id, weekday, start_minute: 16 * 60, end_minute: 20 * 60 })),
    { tutor_id: user_id, weekday: 6, start_minute: 10 * 60, end_minute: 14 * 60 },
  ]);
  await trx.insertInto("tutor_availabilities").values(availabilityValues).execute();
  summary.tutor_availabilities = availabilityValues.length;

  const userCourseValues = [
    ...tutors.flatMap(({ email, profile }) =>
      profile.courses.map((slug) => ({ user_id: userId(email), course_id: need(courseIds, slug, "course"), relation: "tutored" as const })),
    ),
    ...demoStudentCourses.map((slug) => ({
      user_id: userId(`student@${DEMO_EMAIL_DOMAIN}`),
      course_id: need(courseIds, slug, "course"),
      relation: "enrolled" as const,
    })),
  ];
  await trx.insertInto("user_courses").values(userCourseValues).execute();
  summary.user_courses = userCourseValues.length;

  // Online courses and their curriculum, one insert per level of the tree.
  const onlineCourseRows = await trx
    .insertInto("online_courses")
    .values(
      onlineCourses.map((course, index) => ({
        name: course.name,
        slug: course.slug,
        course_code: course.courseCode,
        description: course.description,
        course_type: course.courseType,
        status: course.status,
        purchase_type: course.purchaseType,
        price_cents: course.priceCents,
        regular_price_cents: course.regularPriceCents,
        currency: course.currency,
        packages_config: JSON.stringify(course.packages),
        read_access: course.readAccess,
        instructor_id: userId(course.instructorEmail),
        created_at: daysAgo(200 - index * 10),
        // Staggered so the homepage's "recently updated" order follows the data file.
        updated_at: daysAgo(index + 1),
      })),
    )
    .returning(["id", "slug"])
    .execute();
  const onlineCourseIds = idsBy(onlineCourseRows, (row) => row.slug);
  summary.online_courses = onlineCourseRows.length;

  const onlineCourseCourseValues = onlineCourses.flatMap((course) =>
    course.courses.map((slug) => ({
      online_course_id: need(onlineCourseIds, course.slug, "online course"),
      course_id: need(courseIds, slug, "course"),
    })),
  );
  await trx.insertInto("online_course_courses").values(onlineCourseCourseValues).execute();
  summary.online_course_courses = onlineCourseCourseValues.length;

  // Every video lesson names one of the demo clips (stored in the lesson-media bucket by storeDemoLessonMedia).
  const clips = demoClips();
  const plans = onlineCourses.map((course) => ({
    onlineCourseId: need(onlineCourseIds, course.slug, "online course"),
    chapters: planCurriculum(course, clips),
  }));
  const chapterRows = await trx
    .insertInto("chapters")
    .values(
      plans.flatMap(({ onlineCourseId, chapters }) =>
        chapters.map((chapter, position) => ({ online_course_id: onlineCourseId, kind: chapter.kind, position, title: chapter.title })),
      ),
    )
    .returning(["id", "online_course_id", "position"])
    .execute();
  const chapterIds = idsBy(chapterRows, (row) => `${row.online_course_id}/${row.position}`);
  summary.chapters = chapterRows.length;

  const sectionRows = await trx
    .insertInto("sections")
    .values(
      plans.flatMap(({ onlineCourseId, chapters }) =>
        chapters.flatMap((chapter, chapterPosition) =>
          chapter.sections.map((section, position) => ({
            chapter_id: need(chapterIds, `${onlineCourseId}/${chapterPosition}`, "chapter"),
            section_type: section.sectionType,
            position,
            title: section.title,
          })),
        ),
      ),
    )
    .returning(["id", "chapter_id", "position"])
    .execute();
  const sectionIds = idsBy(sectionRows, (row) => `${row.chapter_id}/${row.position}`);
  summary.sections = sectionRows.length;

  const plannedActivities = plans.flatMap(({ onlineCourseId, chapters }) =>
    chapters.flatMap((chapter, chapterPosition) => {
      const chapterId = need(chapterIds, `${onlineCourseId}/${chapterPosition}`, "chapter");
      return chapter.sections.flatMap((section, sectionPosition) => {
        const sectionId = need(sectionIds, `${chapterId}/${sectionPosition}`, "section");
        return section.activities.map((activity, position) => ({ onlineCourseId, chapterId, chapterTitle: chapter.title, sectionId, position, activity }));
      });
    }),
  );
  const activityRows = await trx
    .insertInto("activities")
    .values(
      plannedActivities.map(({ sectionId, position, activity }) => ({
        section_id: sectionId,
        activity_type: activity.activityType,
        position,
        title: activity.title,
        can_preview: activity.canPreview,
        duration_seconds: activity.durationSeconds,
        content: JSON.stringify(activity.content),
      })),
    )
    .returning(["id", "section_id", "position"])
    .execute();
  const activityIds = idsBy(activityRows, (row) => `${row.section_id}/${row.position}`);
  summary.activities = activityRows.length;

  // Quiz questions and the demo enrolments with their progress.
  const seededActivities: SeededActivity[] = plannedActivities.map(({ onlineCourseId, chapterId, sectionId, position, activity }) => ({
    id: need(activityIds, `${sectionId}/${position}`, "activity"),
    onlineCourseId,
    chapterId,
    sectionId,
    durationSeconds: activity.durationSeconds,
    questions: activity.questions,
  }));
  Object.assign(
    summary,
    await seedOnlineCourseLearning(trx, seededActivities, { onlineCourse: (slug) => need(onlineCourseIds, slug, "online course"), user: userId }, now),
  );

  // Live study sessions, dated relative to now.
  const studySessionRows = await trx
    .insertInto("study_sessions")
    .values(
      studySessions.map((session, index) => ({
        title: session.title,
        description: session.description,
        session_type: session.sessionType,
        instructor_id: userId(session.instructorEmail),
        price_cents: session.priceCents,
        regular_price_cents: session.regularPriceCents,
        currency: session.currency,
        disable_zoom: session.disableZoom ?? false,
        recording_excluded: session.recordingExcluded ?? false,
        mcat_type: session.mcatType ?? null,
        mcat_subtype: session.mcatSubtype ?? null,
        created_at: daysAgo(60 - index * 2),
      })),
    )
    .returning(["id", "title"])
    .execute();
  const studySessionIds = idsBy(studySessionRows, (row) => row.title);
  summary.study_sessions = studySessionRows.length;

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sessionDateValues = studySessions.flatMap((session) =>
    session.dates.map((date) => {
      const start = today + date.dayOffset * DAY_MS + date.startHourUtc * HOUR_MS;
      return {
        study_session_id: need(studySessionIds, session.title, "study session"),
        start_time: new Date(start),
        end_time: new Date(start + date.hours * HOUR_MS),
      };
    }),
  );
  await trx.insertInto("study_session_dates").values(sessionDateValues).execute();
  summary.study_session_dates = sessionDateValues.length;

  const sessionCourseValues = studySessions.flatMap((session) =>
    session.courses.map((slug) => ({
      study_session_id: need(studySessionIds, session.title, "study session"),
      course_id: need(courseIds, slug, "course"),
    })),
  );
  await trx.insertInto("study_session_courses").values(sessionCourseValues).execute();
  summary.study_session_courses = sessionCourseValues.length;

  // The live sessions that show every state of a session's page (live now, recording open, access ended).
  const liveSessions = await seedDemoStudySessions(trx, { user: userId, course: (slug) => need(courseIds, slug, "course") }, now);
  summary.study_sessions += liveSessions.study_sessions;
  summary.study_session_dates += liveSessions.study_session_dates;
  summary.study_session_courses += liveSessions.study_session_courses;
  summary.study_session_users = liveSessions.study_session_users;
  summary.study_session_attachments = liveSessions.study_session_attachments;
  Object.assign(summary, await seedReviews(trx, { user: userId }, now));

  // A study session discount code to try at checkout (LIVE20: 20% off any live session).
  await trx.insertInto("discount_codes").values(discountCodes.map((code) => ({ code: code.code, percent_off: code.percentOff, product_kind: code.productKind }))).execute();
  summary.discount_codes = discountCodes.length;
  const money = await seedMoney(trx, { user: userId }, now);
  summary.discount_codes += money.discount_codes;
  summary.purchases = money.purchases;
  summary.discount_redemptions = money.discount_redemptions;
  summary.purchase_refunds = money.purchase_refunds;
  summary.audit_events = money.audit_events;

  // Blog posts; a negative age is a post scheduled for later.
  const blogValues = blogPosts.map((post) => {
    const published = daysAgo(post.publishedDaysAgo);
    return {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      body: post.paragraphs.join("\n\n"),
      category: post.category,
      author_id: userId(post.authorEmail),
      published_at: published,
      // Explicit state (migration 0028): a post dated later waits for the blog-publishing job.
      status: post.publishedDaysAgo > 0 ? ("published" as const) : ("scheduled" as const),
      created_at: post.publishedDaysAgo > 0 ? published : daysAgo(1),
    };
  });
  await trx.insertInto("blog_posts").values(blogValues).execute();
  summary.blog_posts = blogValues.length;

  Object.assign(
    summary,
    await seedPublicSite(
      trx,
      {
        user: userId,
        school: (slug) => need(schoolIds, slug, "school"),
        course: (slug) => need(courseIds, slug, "course"),
        onlineCourse: (slug) => need(onlineCourseIds, slug, "online course"),
      },
      now,
    ),
  );
  Object.assign(summary, await seedPartnerMemberships(trx, { user: userId }, now));
  const referrals = await seedReferrals(trx, { user: userId }, now, passwordHash);
  summary.users += referrals.referred_users;
  summary.friend_invitations = referrals.friend_invitations;
  summary.referral_credits = referrals.referral_credits;
  Object.assign(summary, await seedWorkShifts(trx, { user: userId }, now));
  Object.assign(summary, await seedTutoring(trx, { user: userId, course: (slug) => need(courseIds, slug, "course") }, now));
  // Added to the tutoring seed's: the done tutoring session has its room too.
  for (const [table, count] of Object.entries(await seedStudyRooms(trx, { user: userId }, now))) summary[table as keyof SeedSummary] += count;
  // The course decks of the flash-card activities, with the chapter as their subject.
  const courseDecks = plannedActivities
    .filter(({ activity }) => activity.activityType === "flash_card_deck")
    .map(({ onlineCourseId, chapterTitle, sectionId, position, activity }) => ({
      activityId: need(activityIds, `${sectionId}/${position}`, "activity"),
      onlineCourseId,
      title: activity.title,
      subject: chapterTitle,
      cards: activity.cards,
    }));
  Object.assign(summary, await seedFlashCards(trx, { user: userId }, courseDecks, now));
  Object.assign(summary, await seedPracticeTests(trx, { user: userId }, now));
  Object.assign(summary, await seedPracticeSets(trx, { user: userId }, now));
  Object.assign(summary, await seedForums(trx, { user: userId }, now));
  Object.assign(summary, await seedQuestions(trx, { user: userId }, now));
  Object.assign(summary, await seedCommunity(trx, { user: userId }, now));
  Object.assign(summary, await seedPolls(trx, { user: userId }, now));
  for (const [table, count] of Object.entries(await seedBackOffice(trx, { user: userId }, now, passwordHash))) summary[table as keyof SeedSummary] += count;
  Object.assign(summary, await seedClasses(trx, { user: userId }, now));
  Object.assign(summary, await seedContest(trx, { user: userId }, now));
  Object.assign(summary, await seedHiring(trx, { user: userId }, now));
  Object.assign(summary, await seedClassReps(trx, { user: userId }, now));
  Object.assign(summary, await seedNotes(trx, { user: userId }, now));
  Object.assign(summary, await seedShares(trx, { user: userId }, now));
  Object.assign(summary, await seedScholarshipApplications(trx, { user: userId }, now));
  Object.assign(summary, await seedWriting(trx, { user: userId }, now));
  // Last: the booklet is of the course's content as seeded.
  Object.assign(summary, await seedBooklets(trx, { user: userId }, now));

  return summary;
}

function emptySummary(): SeedSummary {
  return Object.fromEntries(SEEDED_TABLES.map((table) => [table, 0])) as SeedSummary;
}

function currencyOf(country: CountryCode): Currency {
  return country === "CA" ? "CAD" : "USD";
}

/** Maps inserted rows back to their ids by a natural key, rejecting duplicates in the seed data. */
function idsBy<T extends { id: number }>(rows: T[], key: (row: T) => string): Map<string, number> {
  const ids = new Map<string, number>();
  for (const row of rows) {
    const k = key(row);
    if (ids.has(k)) throw new Error(`Seed data has a duplicate key "${k}"`);
    ids.set(k, row.id);
  }
  return ids;
}

function need<V>(map: Map<string, V>, key: string, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data refers to an unknown ${what} "${key}"`);
  return value;
}
