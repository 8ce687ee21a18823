import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * The typed shape of every table, kept by hand next to migrations/.
 * Money columns are integer cents (`*_cents`); times are timestamptz (Date).
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;

export type CountryCode = "CA" | "US";
export type Currency = "USD" | "CAD";
export type SchoolType = "university" | "high_school" | "k_to_8";

export interface SchoolsTable {
  id: Generated<number>;
  name: string;
  short_name: string | null;
  slug: string;
  school_type: SchoolType;
  country_code: CountryCode;
  region_code: string;
  city: string;
  created_at: CreatedAt;
}

export interface Avatar {
  is_silhouette: boolean;
  is_processing: boolean;
  original: string | null;
  normal: string | null;
  thumb: string | null;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  display_name: string | null;
  roles: Generated<string[]>;
  user_type: Generated<"student" | "educator" | "staff" | "partner">;
  school_id: number | null;
  year: string | null;
  faculty: string | null;
  degree: string | null;
  country_code: CountryCode | null;
  token_balance: Generated<number>;
  paying_user: Generated<boolean>;
  pending_announcements: Generated<number>;
  avatar: Json<Avatar> | null;
  bio: string | null;
  confirmed_at: Timestamp | null;
  deactivated_at: Timestamp | null;
  /** When the user accepted the contract (PUT /api/v1/users/accept_contract); migration 0003. */
  contract_accepted_at: Timestamp | null;
  /** The member's Invite a Friend code, made on first use; migration 0014. */
  referral_code: string | null;
  /** Who referred this account (invite link or emailed invitation); migration 0014. */
  referred_by_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CoursesTable {
  id: Generated<number>;
  code: string;
  name: string;
  slug: string;
  school_id: number;
  subject: string;
  grade_level: string | null;
  description: Generated<string>;
  high_priority: Generated<boolean>;
  has_class_rep: Generated<boolean>;
  price_cents: Generated<number>;
  currency: Generated<Currency>;
  created_at: CreatedAt;
}

export interface UserCoursesTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  relation: Generated<"enrolled" | "tutored">;
  created_at: CreatedAt;
}

export interface TutorProfilesTable {
  user_id: number;
  headline: string;
  hourly_rate_cents: number;
  currency: Generated<Currency>;
  accepting_students: Generated<boolean>;
  sessions_taught: Generated<number>;
  /** The IANA zone the tutor's weekly availability is written in (migration 0018). */
  time_zone: Generated<string>;
  bio: Generated<string>;
  /** How long one of the tutor's sessions is. */
  session_minutes: Generated<number>;
}

// ── Tutoring (migration 0018) ────────────────────────────────────────────────────────────────

export interface TutorAvailabilitiesTable {
  id: Generated<number>;
  tutor_id: number;
  /** 0 = Sunday … 6 = Saturday, in the tutor's time zone. */
  weekday: number;
  /** Minutes after local midnight; end_minute 1440 is the next midnight. */
  start_minute: number;
  end_minute: number;
}

export type AvailabilityExceptionKind = "unavailable" | "available";

export interface TutorAvailabilityExceptionsTable {
  id: Generated<number>;
  tutor_id: number;
  /** The tutor-local date, written "YYYY-MM-DD"; read it with to_char (drivers turn a date into a Date). */
  date: ColumnType<Date | string, string, string>;
  kind: AvailabilityExceptionKind;
  /** Both null: the whole day. */
  start_minute: number | null;
  end_minute: number | null;
}

export type TutorRequestStatus = "open" | "accepted" | "withdrawn" | "declined";

export interface TutorRequestsTable {
  id: Generated<number>;
  student_id: number;
  course_id: number;
  /** Asked of one tutor (from their profile); null: any tutor of the course may take it. */
  tutor_id: number | null;
  goals: string;
  preferred_times: Generated<string>;
  hours: number;
  status: Generated<TutorRequestStatus>;
  accepted_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TutorRequestDeclinesTable {
  request_id: number;
  tutor_id: number;
  created_at: CreatedAt;
}

export type ContractPurchaseStatus = "unpaid" | "paid" | "refunded";

export interface StudentTutorContractsTable {
  id: Generated<number>;
  request_id: number | null;
  student_id: number;
  tutor_id: number;
  course_id: number | null;
  rate_cents: number;
  currency: Currency;
  purchased_minutes: number;
  session_minutes: number;
  purchase_status: Generated<ContractPurchaseStatus>;
  payment_method: "card" | "tokens" | null;
  terms: string;
  created_at: CreatedAt;
  paid_at: Timestamp | null;
  refunded_at: Timestamp | null;
}

export type TutoringSessionStatus = "booked" | "cancelled" | "completed";

export interface TutoringSessionsTable {
  id: Generated<number>;
  contract_id: number;
  tutor_id: number;
  student_id: number;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: Generated<TutoringSessionStatus>;
  room_slug: string;
  cancelled_by: number | null;
  cancelled_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface TutoringSessionRemindersTable {
  tutoring_session_id: number;
  lead: "24h" | "1h";
  starts_at: Timestamp;
  sent_at: CreatedAt;
}

export interface TutoringSessionFeedbacksTable {
  id: Generated<number>;
  tutoring_session_id: number;
  author_id: number;
  author_role: "student" | "tutor";
  rating: number | null;
  went_well: Generated<string>;
  to_improve: Generated<string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A student's review of an educator (tutor or instructor): one per student and educator. */
export interface TutorFeedbacksTable {
  id: Generated<number>;
  educator_id: number;
  student_id: number;
  rating: number;
  body: string;
  hidden_at: Timestamp | null;
  hidden_by: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WorkShiftsTable {
  id: Generated<number>;
  title: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** Null: online. */
  location: string | null;
  seats: number;
  /** Kept with the signups in one transaction; a check keeps it within seats. */
  seats_taken: Generated<number>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface WorkShiftUsersTable {
  id: Generated<number>;
  work_shift_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export type OnlineCourseType = "exam_prep" | "tutorial" | "template" | "textbook" | "class_pass" | "ss_booklet";
export type OnlineCourseStatus = "hidden" | "preparing" | "published" | "closed";
export type PurchaseType = "standard" | "subscription" | "course_bundle";
export type ReadAccess = "private" | "wize_profs" | "public" | "partner_members";

export interface PackageConfig {
  enabled: boolean;
  price_cents: number;
  regular_price_cents: number | null;
}
export interface PackagesConfig {
  pro?: PackageConfig;
  practice?: PackageConfig;
}

export interface OnlineCoursesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  course_code: string;
  description: Generated<string>;
  course_type: OnlineCourseType;
  status: Generated<OnlineCourseStatus>;
  purchase_type: Generated<PurchaseType>;
  price_cents: Generated<number>;
  regular_price_cents: number | null;
  currency: Generated<Currency>;
  packages_config: ColumnType<PackagesConfig, PackagesConfig | string | undefined, PackagesConfig | string>;
  read_access: Generated<ReadAccess>;
  instructor_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The school the course belongs to, when it serves one (migration 0004). */
  school_id: number | null;
  /** Its intro chapter is open to preview before the course is published (SPEC §5; migration 0004). */
  instructor_intro: Generated<boolean>;
  /** Bumped by triggers on every change to the course's chapters, sections or activities (migration 0013). */
  content_version: Generated<number>;
  /** How many activities its chapters hold, kept by the same triggers (migration 0049). */
  activity_count: Generated<number>;
}

export interface OnlineCourseCoursesTable {
  online_course_id: number;
  course_id: number;
}

export interface ChaptersTable {
  id: Generated<number>;
  online_course_id: number;
  kind: "intro" | "chapter" | "mock_exam";
  position: number;
  title: string;
}

export interface SectionsTable {
  id: Generated<number>;
  chapter_id: number;
  section_type: Generated<"core" | "additional">;
  position: number;
  title: string;
}

export type ActivityType =
  | "video"
  | "reading"
  | "quiz"
  | "checkpoint_quiz"
  | "mock_exam"
  | "flash_card_deck"
  | "practice_question_set";

export interface ActivitiesTable {
  id: Generated<number>;
  section_id: number;
  activity_type: ActivityType;
  position: number;
  title: string;
  can_preview: Generated<boolean>;
  duration_seconds: Generated<number>;
  content: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
}

export type StudySessionType = "general" | "exam_prep" | "weekly_tutorial" | "office_hours" | "exam_review";

export interface StudySessionsTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  session_type: StudySessionType;
  instructor_id: number | null;
  price_cents: Generated<number>;
  regular_price_cents: number | null;
  currency: Generated<Currency>;
  disable_zoom: Generated<boolean>;
  booklet_excluded: Generated<boolean>;
  solutions_excluded: Generated<boolean>;
  recording_excluded: Generated<boolean>;
  instructor_pending: Generated<boolean>;
  mcat_type: string | null;
  mcat_subtype: string | null;
  expires_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface StudySessionDatesTable {
  id: Generated<number>;
  study_session_id: number;
  start_time: Timestamp;
  end_time: Timestamp;
  /** The meeting held for this date (Zoom's id, or the built-in emulator's) and its join address. */
  meeting_id: Generated<string | null>;
  join_url: Generated<string | null>;
  meeting_synced_at: Generated<Timestamp | null>;
  /** Bumped by a trigger whenever start_time or end_time changes: the calendar's SEQUENCE and LAST-MODIFIED. */
  calendar_sequence: Generated<number>;
  updated_at: UpdatedAt;
}

export type StudySessionUserRole = "student" | "instructor";
/** pending_payment: a checkout is open; refunded and removed enrolments keep their row but lose access. */
export type StudySessionUserStatus = "pending_payment" | "active" | "refunded" | "removed";

export interface StudySessionUsersTable {
  id: Generated<number>;
  study_session_id: number;
  user_id: number;
  role: Generated<StudySessionUserRole>;
  status: StudySessionUserStatus;
  course_id: number | null;
  phone_number: string | null;
  extended_access_date: Timestamp | null;
  purchase_id: number | null;
  confirmation_sent_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type StudySessionAttachmentKind = "booklet" | "solution" | "recording" | "preview";

export interface StudySessionAttachmentsTable {
  id: Generated<number>;
  study_session_id: number;
  study_session_date_id: number | null;
  kind: StudySessionAttachmentKind;
  position: Generated<number>;
  name: string;
  /** The stored file's name in the study-session-files bucket. */
  file_name: string;
  content_type: string;
  byte_size: number;
  created_at: CreatedAt;
}

export interface StudySessionRemindersTable {
  study_session_user_id: number;
  study_session_date_id: number;
  lead: "24h" | "1h";
  /** The date's start time the reminder was for: a moved date is reminded again. */
  start_time: Timestamp;
  sent_at: CreatedAt;
}

export interface CalendarFeedsTable {
  user_id: number;
  token: string;
  created_at: CreatedAt;
}

export interface StudySessionCoursesTable {
  study_session_id: number;
  course_id: number;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  category: string;
  author_id: number | null;
  published_at: Timestamp | null;
  created_at: CreatedAt;
  /** Migration 0028: draft, scheduled (for `published_at`) or published; the public blog shows published ones. */
  status: Generated<BlogPostStatus>;
  cover_image: string | null;
  view_count: Generated<number>;
  updated_at: UpdatedAt;
}

export type BlogPostStatus = "draft" | "scheduled" | "published";

export interface TrackingEventsTable {
  id: Generated<string>;
  event_type: string;
  target_id: string | null;
  target_type: string | null;
  device_uuid: string | null;
  device_info: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, never>;
  parameters: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, never>;
  user_id: number | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  impersonator_id: number | null;
  remember_me: Generated<boolean>;
  authenticated_at: UpdatedAt;
  last_seen_at: UpdatedAt;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

export type UserTokenPurpose = "reset_password" | "confirm_email";

export interface UserTokensTable {
  token_hash: string;
  user_id: number;
  purpose: UserTokenPurpose;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface UserIdentitiesTable {
  provider: "google" | "facebook";
  provider_uid: string;
  user_id: number;
  created_at: CreatedAt;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  /** Files sent with the mail: name, content type and the bytes in base64. */
  attachments: ColumnType<MailAttachment[], MailAttachment[] | string | undefined, MailAttachment[] | string>;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export interface RateLimitCountersTable {
  bucket: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface AuditEventsTable {
  id: Generated<string>;
  actor_id: number | null;
  impersonator_id: number | null;
  action: string;
  method: string | null;
  path: string | null;
  details: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, never>;
  created_at: CreatedAt;
}

// ── Online courses: enrolments, progress and quizzes (migration 0004) ─────────────────────────

export type EnrolmentStatus = "trialing" | "active" | "pending_payment" | "refunded" | "expired" | "invited" | "invite_rejected";
export type PackageType = "none" | "learn" | "practice" | "learn_practice_bundle";
/** MCAT Elite 515 payment: a deposit first, then the balance. */
export type ElitePaymentStatus = "deposit_paid" | "full_paid";

export interface QuizQuestionsTable {
  id: Generated<number>;
  activity_id: number;
  position: number;
  prompt: string;
  choices: Json<string[]>;
  /** Never leaves the server before the learner submits (issue 5 item 5). */
  answer_index: number;
  explanation: Generated<string>;
  /** What the question practises, for accuracy per topic (a practice set's questions have one). */
  topic: Generated<string>;
}

/** An online course user (SPEC §3): one row per user and online course. */
export interface OnlineCourseUsersTable {
  id: Generated<number>;
  user_id: number;
  online_course_id: number;
  status: EnrolmentStatus;
  package_type: Generated<PackageType>;
  course_schedule_id: number | null;
  elite_payment_status: ElitePaymentStatus | null;
  extended_access_date: Timestamp | null;
  expires_at: Timestamp | null;
  /** progress.current: the activity `?resume=true` opens. */
  current_activity_id: number | null;
  view_time_seconds: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface QuizAttemptsTable {
  id: Generated<number>;
  user_id: number;
  activity_id: number;
  online_course_user_id: number | null;
  question_count: number;
  correct_count: number;
  duration_seconds: Generated<number>;
  submitted_at: CreatedAt;
}

/** A post on a course's board (migration 0025). */
export interface ForumPostsTable {
  id: Generated<number>;
  /** The board: a course's or an online course's (migration 0030), exactly one. */
  course_id: number | null;
  online_course_id: number | null;
  author_id: number | null;
  title: string;
  body: string;
  accepted_reply_id: number | null;
  reply_count: Generated<number>;
  vote_count: Generated<number>;
  created_at: CreatedAt;
  last_activity_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Moderation (migration 0026). */
  hidden_at: Timestamp | null;
  locked_at: Timestamp | null;
  pinned_at: Timestamp | null;
  /** When its author last changed it (migration 0030). */
  edited_at: Generated<Date | null>;
}

export interface ForumRepliesTable {
  id: Generated<number>;
  post_id: number;
  author_id: number | null;
  body: string;
  vote_count: Generated<number>;
  created_at: CreatedAt;
  hidden_at: Timestamp | null;
  edited_at: Generated<Date | null>;
}

export type VotableType = "forum_post" | "forum_reply" | "comment";

/** SPEC §3 votes {votable_type, votable_id}: one per user and thing voted on. */
export interface VotesTable {
  id: Generated<number>;
  user_id: number;
  votable_type: VotableType;
  votable_id: number;
  created_at: CreatedAt;
}

export type ReportReason = "spam" | "abuse" | "off_topic" | "other";

export type QuestionKind = "online_course" | "study_buddy";
export type QuestionStatus = "open" | "answered" | "closed";

/** SPEC §3 questions and studyBuddyQuestions: a student's question to a course's instructor, or to the study-buddy admins (migration 0027). */
export interface QuestionsTable {
  id: Generated<number>;
  asker_id: number | null;
  kind: QuestionKind;
  online_course_id: number | null;
  activity_id: number | null;
  /** Where the activity was in the course when asked, relative to its in-course page. */
  activity_href: string | null;
  subject: Generated<string>;
  title: string;
  body: string;
  status: Generated<QuestionStatus>;
  /** Shown under its activity to every student who can open it. */
  is_public: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  answered_at: Timestamp | null;
}

/** SPEC §3 replies and studyBuddyResponses: the thread under a question. */
export interface QuestionRepliesTable {
  id: Generated<number>;
  question_id: number;
  author_id: number | null;
  body: string;
  /** Written by whoever answers the question (not the asker). */
  from_staff: boolean;
  created_at: CreatedAt;
}

/** SPEC §3 reports: what someone flagged for the moderators, and how it was settled. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  reportable_type: VotableType;
  reportable_id: number;
  reason: ReportReason;
  details: Generated<string>;
  created_at: CreatedAt;
  resolved_at: Timestamp | null;
  resolved_by: number | null;
  resolution: "hidden" | "dismissed" | "deleted" | null;
}

/** SPEC §3 comments (migration 0029): on a blog post or an activity, threaded one level. */
export type CommentableType = "blog_post" | "activity";
export interface CommentsTable {
  id: Generated<number>;
  commentable_type: CommentableType;
  commentable_id: number;
  parent_id: number | null;
  author_id: number | null;
  body: string;
  vote_count: Generated<number>;
  created_at: CreatedAt;
  hidden_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

/** SPEC §3 resource reactions {reactionable_type, reactionable_id, reaction_id} (migration 0029). */
export type ReactionableType = "blog_post" | "activity" | "comment";
export interface ResourceReactionsTable {
  id: Generated<number>;
  user_id: number;
  reactionable_type: ReactionableType;
  reactionable_id: number;
  reaction_id: string;
  created_at: CreatedAt;
}

/** Each thing's count per reaction, kept in the reaction's transaction. */
export interface ReactionCountsTable {
  reactionable_type: ReactionableType;
  reactionable_id: number;
  reaction_id: string;
  count: Generated<number>;
}

/** SPEC §3 faqs: a page's questions, in order (migration 0029). */
export interface FaqsTable {
  id: Generated<number>;
  page: string;
  position: number;
  question: string;
  answer: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ForumSubscriptionsTable {
  user_id: number;
  post_id: number;
  created_at: CreatedAt;
}

/** A practice question set bought with tokens (migration 0024): once per student and set. */
export interface PracticeSetUnlocksTable {
  id: Generated<number>;
  user_id: number;
  activity_id: number;
  tokens: number;
  created_at: CreatedAt;
}

/** A student's attempt at a practice question set: practice mode checks each answer, exam mode is timed. */
export interface PracticeSetAttemptsTable {
  id: Generated<number>;
  user_id: number;
  activity_id: number;
  mode: "practice" | "exam";
  started_at: Timestamp;
  /** Exam mode only. */
  deadline_at: Timestamp | null;
  /** Question id → the choice index given (practice) or saved so far (exam). */
  answers: ColumnType<Record<string, number>, string | undefined, string>;
  finished_at: Timestamp | null;
  timed_out: Generated<boolean>;
  quiz_attempt_id: number | null;
}

/** A weekly MCAT CARS passage or an LSAT practice test (migration 0023). */
export interface PracticeTestsTable {
  id: Generated<number>;
  kind: "cars" | "lsat";
  slug: string;
  title: string;
  description: Generated<string>;
  discipline: string | null;
  /** A CARS passage's week: the Monday it is the passage of (its URL's week slug). */
  week_start: ColumnType<string | null, string | null | undefined, string | null>;
  /** An LSAT test's conversion table: conversion[raw] is the scaled score. */
  conversion: ColumnType<number[] | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface PracticeTestSectionsTable {
  id: Generated<number>;
  test_id: number;
  position: number;
  title: string;
  time_limit_minutes: number;
  passage: string | null;
}

export interface PracticeTestQuestionsTable {
  id: Generated<number>;
  section_id: number;
  position: number;
  prompt: string;
  choices: ColumnType<string[], string, string>;
  answer_index: number;
  explanation: Generated<string>;
  topic: Generated<string>;
}

export interface PracticeTestAttemptsTable {
  id: Generated<number>;
  user_id: number;
  test_id: number;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  correct_count: number | null;
  question_count: number | null;
  scaled_score: number | null;
}

export interface PracticeSectionAttemptsTable {
  id: Generated<number>;
  test_attempt_id: number;
  section_id: number;
  started_at: Timestamp;
  deadline_at: Timestamp;
  /** Question id → the choice index saved so far. */
  answers: ColumnType<Record<string, number>, string | undefined, string>;
  submitted_at: Timestamp | null;
  timed_out: Generated<boolean>;
  correct_count: number | null;
}

export interface MockExamSittingsTable {
  id: Generated<number>;
  user_id: number;
  activity_id: number;
  started_at: CreatedAt;
  deadline_at: Timestamp;
  /** Question id → the choice index saved so far. */
  answers: ColumnType<Record<string, number>, string | undefined, string>;
  submitted_at: Timestamp | null;
  timed_out: Generated<boolean>;
  quiz_attempt_id: number | null;
}

export interface QuizQuestionSubmissionsTable {
  id: Generated<number>;
  quiz_attempt_id: number;
  quiz_question_id: number;
  choice_index: number | null;
  correct: boolean;
}

/** progress.completed[] of SPEC §3: one row per completed activity of an enrolment. */
export interface ActivityCompletionsTable {
  id: Generated<number>;
  online_course_user_id: number;
  activity_id: number;
  chapter_id: number;
  section_id: number;
  /** The quiz attempt that completed an assessment activity. */
  assessment_id: number | null;
  duration_seconds: Generated<number>;
  completed_at: CreatedAt;
}

// ── Notifications, realtime events and chats (migration 0005) ────────────────────────────────

/** Free-form details of a notification, e.g. `download_path` of OnlineCoursePdfReady. */
export type NotificationData = Record<string, unknown>;

export interface NotificationsTable {
  id: Generated<number>;
  /** Who receives it. */
  user_id: number;
  /** e.g. OnlineCoursePdfReady, TokenCredit, StudyRoomInvite. */
  type: string;
  notifiable_type: string | null;
  notifiable_id: string | null;
  /** Notifications of one type with the same key are shown, read and deleted together. */
  group_key: string | null;
  read: Generated<boolean>;
  data: ColumnType<NotificationData, NotificationData | string | undefined, NotificationData | string>;
  created_at: CreatedAt;
}

export type RealtimeAction =
  | "NEW_CHAT_MESSAGE"
  | "STUDY_ROOM_INVITE"
  | "STUDY_ROOM_CANCEL_INVITE"
  | "NEW_NOTIFICATION"
  | "DISPATCH_ACTION"
  | "STANDARD_PUSH_UPDATE"
  | "STUDY_ROOM_INITIALIZED";

export interface RealtimeEventsTable {
  /** int8: a string on both drivers; increases with every event, so clients resume after it. */
  id: Generated<string>;
  channel: string;
  action: RealtimeAction;
  payload: ColumnType<unknown, unknown, never>;
  created_at: CreatedAt;
}

export interface ChatsTable {
  id: Generated<number>;
  /** "{smaller user id}:{larger user id}" for a chat between two people, so there is one per pair. */
  direct_key: string | null;
  last_message_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface ChatMembersTable {
  chat_id: number;
  user_id: number;
  last_viewed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  chat_id: number;
  /** null once the sender's account is deleted. */
  user_id: number | null;
  body: string;
  created_at: CreatedAt;
}

export type StudyRoomRole = "host" | "tutor" | "student" | "guest";
export type StudyRoomInviteStatus = "ringing" | "accepted" | "declined" | "cancelled";
export type StudyRoomBillingStatus = "pending" | "accepted" | "declined" | "ended";
export type StudyRoomBillingEndReason = "ended" | "max_duration" | "participant_removed";

export interface StudyRoomsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  owner_id: number;
  tutoring_session_id: number | null;
  active_whiteboard_id: number | null;
  dominant_speaker_id: number | null;
  created_at: CreatedAt;
}

export interface StudyRoomMembersTable {
  room_id: number;
  user_id: number;
  role: Generated<StudyRoomRole>;
  /** Set again when a removed member is invited back. */
  added_at: UpdatedAt;
  removed_at: Timestamp | null;
  last_seen_at: Timestamp | null;
}

export interface StudyRoomInvitesTable {
  id: Generated<number>;
  room_id: number;
  inviter_id: number;
  invitee_id: number;
  status: Generated<StudyRoomInviteStatus>;
  /** When it last rang: inviting again rings again. */
  created_at: UpdatedAt;
  answered_at: Timestamp | null;
}

export interface StudyRoomWhiteboardsTable {
  id: Generated<number>;
  room_id: number;
  name: string;
  position: Generated<number>;
  /** Excalidraw elements (app/study-rooms/whiteboard.ts), as a JSON string on write. */
  elements: ColumnType<unknown[], string | undefined, string>;
  background: Generated<string>;
  zoom: Generated<number>;
  revision: Generated<number>;
  updated_at: UpdatedAt;
  updated_by: number | null;
}

export interface StudyRoomAttachmentsTable {
  id: Generated<number>;
  room_id: number;
  uploaded_by: number | null;
  file_name: string;
  content_type: string;
  byte_size: number;
  storage_key: string;
  created_at: CreatedAt;
}

export interface StudyRoomErrorsTable {
  id: Generated<number>;
  room_id: number | null;
  user_id: number | null;
  kind: string;
  message: Generated<string>;
  client_id: Generated<string>;
  device_name: Generated<string>;
  browser_info: Generated<string>;
  extension_version: Generated<string>;
  created_at: CreatedAt;
}

export interface StudyRoomBillingsTable {
  id: Generated<number>;
  room_id: number;
  contract_id: number;
  tutor_id: number;
  student_id: number;
  status: StudyRoomBillingStatus;
  max_minutes: number;
  rate_cents: number;
  currency: Currency;
  requested_at: CreatedAt;
  started_at: Timestamp | null;
  decline_reason: string | null;
  ended_at: Timestamp | null;
  end_reason: StudyRoomBillingEndReason | null;
  minutes: number | null;
  amount_cents: number | null;
  charged_at: Timestamp | null;
}

export interface FlashCardDecksTable {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  /** A student's own deck; null for a course's. */
  owner_id: number | null;
  /** An online course's deck; null for a student's own. */
  online_course_id: number | null;
  shared: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** The course's flash-card activity that studies this deck (migration 0022). */
  activity_id: number | null;
  /** What the deck covers, for grouping on /mcat-flash-cards (migration 0022). */
  subject: string | null;
}

export interface FlashCardsTable {
  id: Generated<number>;
  deck_id: number;
  front: string;
  back: string;
  tags: Generated<string[]>;
  position: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** One person's memory of one card: its FSRS state (app/flash-cards/scheduling.ts). */
export interface FlashCardUsersTable {
  user_id: number;
  card_id: number;
  due: Timestamp;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: Timestamp | null;
}

export interface FlashCardReviewsTable {
  id: Generated<string>;
  user_id: number;
  card_id: number;
  rating: number;
  state_before: number;
  reviewed_at: Timestamp;
  next_due: Timestamp;
}

export interface Database {
  schools: SchoolsTable;
  users: UsersTable;
  courses: CoursesTable;
  user_courses: UserCoursesTable;
  tutor_profiles: TutorProfilesTable;
  tutor_availabilities: TutorAvailabilitiesTable;
  tutor_availability_exceptions: TutorAvailabilityExceptionsTable;
  tutor_requests: TutorRequestsTable;
  tutor_request_declines: TutorRequestDeclinesTable;
  student_tutor_contracts: StudentTutorContractsTable;
  tutoring_sessions: TutoringSessionsTable;
  study_rooms: StudyRoomsTable;
  study_room_members: StudyRoomMembersTable;
  study_room_invites: StudyRoomInvitesTable;
  study_room_whiteboards: StudyRoomWhiteboardsTable;
  study_room_attachments: StudyRoomAttachmentsTable;
  study_room_errors: StudyRoomErrorsTable;
  study_room_billings: StudyRoomBillingsTable;
  flash_card_decks: FlashCardDecksTable;
  flash_cards: FlashCardsTable;
  flash_card_users: FlashCardUsersTable;
  flash_card_reviews: FlashCardReviewsTable;
  tutoring_session_reminders: TutoringSessionRemindersTable;
  tutoring_session_feedbacks: TutoringSessionFeedbacksTable;
  tutor_feedbacks: TutorFeedbacksTable;
  work_shifts: WorkShiftsTable;
  work_shift_users: WorkShiftUsersTable;
  online_courses: OnlineCoursesTable;
  online_course_courses: OnlineCourseCoursesTable;
  chapters: ChaptersTable;
  sections: SectionsTable;
  activities: ActivitiesTable;
  study_sessions: StudySessionsTable;
  study_session_dates: StudySessionDatesTable;
  study_session_courses: StudySessionCoursesTable;
  study_session_users: StudySessionUsersTable;
  study_session_attachments: StudySessionAttachmentsTable;
  study_session_reminders: StudySessionRemindersTable;
  calendar_feeds: CalendarFeedsTable;
  blog_posts: BlogPostsTable;
  tracking_events: TrackingEventsTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  user_identities: UserIdentitiesTable;
  outbox_emails: OutboxEmailsTable;
  rate_limit_counters: RateLimitCountersTable;
  audit_events: AuditEventsTable;
  quiz_questions: QuizQuestionsTable;
  online_course_users: OnlineCourseUsersTable;
  quiz_attempts: QuizAttemptsTable;
  mock_exam_sittings: MockExamSittingsTable;
  practice_set_unlocks: PracticeSetUnlocksTable;
  forum_posts: ForumPostsTable;
  forum_replies: ForumRepliesTable;
  votes: VotesTable;
  forum_subscriptions: ForumSubscriptionsTable;
  reports: ReportsTable;
  questions: QuestionsTable;
  question_replies: QuestionRepliesTable;
  comments: CommentsTable;
  resource_reactions: ResourceReactionsTable;
  reaction_counts: ReactionCountsTable;
  faqs: FaqsTable;
  polls: PollsTable;
  poll_questions: PollQuestionsTable;
  poll_responses: PollResponsesTable;
  poll_answers: PollAnswersTable;
  course_sections: CourseSectionsTable;
  course_section_users: CourseSectionUsersTable;
  course_assignments: CourseAssignmentsTable;
  course_assignment_users: CourseAssignmentUsersTable;
  course_assessments: CourseAssessmentsTable;
  course_assessment_grades: CourseAssessmentGradesTable;
  course_lessons: CourseLessonsTable;
  course_schedules: CourseSchedulesTable;
  course_schedule_events: CourseScheduleEventsTable;
  class_rep_applications: ClassRepApplicationsTable;
  class_rep_courses: ClassRepCoursesTable;
  class_rep_course_reports: ClassRepCourseReportsTable;
  practice_set_attempts: PracticeSetAttemptsTable;
  practice_tests: PracticeTestsTable;
  practice_test_sections: PracticeTestSectionsTable;
  practice_test_questions: PracticeTestQuestionsTable;
  practice_test_attempts: PracticeTestAttemptsTable;
  practice_section_attempts: PracticeSectionAttemptsTable;
  quiz_question_submissions: QuizQuestionSubmissionsTable;
  activity_completions: ActivityCompletionsTable;
  notifications: NotificationsTable;
  realtime_events: RealtimeEventsTable;
  chats: ChatsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  // Course editor (migration 0009).
  background_jobs: BackgroundJobsTable;
  online_course_booklets: OnlineCourseBookletsTable;
  online_course_booklet_requests: OnlineCourseBookletRequestsTable;
  // Payments (migration 0007).
  stripe_customers: StripeCustomersTable;
  stripe_events: StripeEventsTable;
  discount_codes: DiscountCodesTable;
  purchases: PurchasesTable;
  failed_purchases: FailedPurchasesTable;
  subscriptions: SubscriptionsTable;
  discount_redemptions: DiscountRedemptionsTable;
  purchase_refunds: PurchaseRefundsTable;
  token_ledger: TokenLedgerTable;
  referral_credits: ReferralCreditsTable;
  friend_invitations: FriendInvitationsTable;
  // Public site (migration 0006).
  site_pages: SitePagesTable;
  blog_categories: BlogCategoriesTable;
  blog_authors: BlogAuthorsTable;
  job_positions: JobPositionsTable;
  job_applications: JobApplicationsTable;
  job_applicant_notes: JobApplicantNotesTable;
  course_notes_packages: CourseNotesPackagesTable;
  // Shared links and their openings (migration 0044).
  shares: SharesTable;
  resource_views: ResourceViewsTable;
  // The writing tool (migrations 0042, 0043).
  ej_templates: EjTemplatesTable;
  ej_essays: EjEssaysTable;
  ej_essay_versions: EjEssayVersionsTable;
  ej_essay_collaborators: EjEssayCollaboratorsTable;
  ej_essay_comments: EjEssayCommentsTable;
  // Stripe prices of the subscription plans (migration 0040).
  stripe_products: StripeProductsTable;
  announcements: AnnouncementsTable;
  announcement_responses: AnnouncementResponsesTable;
  announcement_comments: AnnouncementCommentsTable;
  contact_messages: ContactMessagesTable;
  scholarships: ScholarshipsTable;
  scholarship_applications: ScholarshipApplicationsTable;
  contest_entries: ContestEntriesTable;
  partners: PartnersTable;
  textbooks: TextbooksTable;
  textbook_chapters: TextbookChaptersTable;
  textbook_chapter_courses: TextbookChapterCoursesTable;
  mcat_events: McatEventsTable;
  mcat_exam_dates: McatExamDatesTable;
  med_schools: MedSchoolsTable;
  // Pre-registration (migration 0010).
  online_course_pre_registrations: OnlineCoursePreRegistrationsTable;
  // Partner memberships (migration 0011).
  partner_memberships: PartnerMembershipsTable;
  // Site tours (migration 0012).
  site_tours: SiteToursTable;
  site_tour_steps: SiteTourStepsTable;
  site_tour_views: SiteTourViewsTable;
  user_platforms: UserPlatformsTable;
}

export type School = Selectable<SchoolsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Course = Selectable<CoursesTable>;
export type OnlineCourse = Selectable<OnlineCoursesTable>;
export type OnlineCourseUser = Selectable<OnlineCourseUsersTable>;
export type Notification = Selectable<NotificationsTable>;
export type ChatMessage = Selectable<ChatMessagesTable>;

// ── Course editor: booklets and background jobs (migration 0009) ─────────────────────────────

export type BackgroundJobState = "created" | "active" | "completed" | "failed";

/** One job of the background job runner (app/jobs/queue.server.ts). */
export interface BackgroundJobsTable {
  /** int8: a string on both drivers. */
  id: Generated<string>;
  queue: string;
  data: ColumnType<Record<string, unknown>, Record<string, unknown> | string | undefined, Record<string, unknown> | string>;
  state: Generated<BackgroundJobState>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: ColumnType<Date, Date | string | undefined, Date | string>;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
}

export type BookletStatus = "generating" | "ready" | "failed";

/** A printable PDF of an online course, rendered in the background (SPEC §2 booklet banner). */
export interface OnlineCourseBookletsTable {
  id: Generated<number>;
  online_course_id: number;
  requested_by_id: number | null;
  status: Generated<BookletStatus>;
  /** The stored PDF (bucket "booklets") once ready. */
  file_name: string | null;
  duration_ms: number | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
  /** The managers' edition carries the answer key; the students' does not (migration 0045). */
  edition: Generated<BookletEdition>;
  /** The course's content_version the booklet was made from; a newer one makes it outdated. */
  content_version: number | null;
}

export type BookletEdition = "manager" | "student";

/** Who asked for a booklet while it was being made, each told once it is ready (migration 0045). */
export interface OnlineCourseBookletRequestsTable {
  booklet_id: number;
  user_id: number;
  created_at: CreatedAt;
}

// ── Payments: Stripe events, purchases, subscriptions, discounts, tokens (migration 0007) ────

export type PurchaseKind = "online_course" | "subscription" | "tokens" | "elite_deposit" | "elite_full" | "study_session" | "tutoring";
export type PurchaseStatus = "pending" | "paid" | "refunded" | "expired";
export type PaidPackageType = "learn" | "practice" | "learn_practice_bundle";
export type SubscriptionPlan = "plus" | "pre_med_plus";
export type SubscriptionBillingInterval = "monthly" | "yearly";

export interface StripeCustomersTable {
  user_id: number;
  customer_id: string;
  created_at: CreatedAt;
}

/** Every webhook event received, by Stripe's id: a replay finds its id here and changes nothing. */
export interface StripeEventsTable {
  id: string;
  type: string;
  payload: ColumnType<unknown, unknown, never>;
  stripe_created_at: Timestamp;
  received_at: CreatedAt;
}

export interface DiscountCodesTable {
  id: Generated<number>;
  code: string;
  percent_off: number;
  /** null: any product. */
  product_kind: "online_course" | "subscription" | "tokens" | "study_session" | null;
  online_course_id: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  usage_limit: number | null;
  /** Counts paid checkouts and open ones (a use is claimed when the checkout opens; migration 0032). */
  times_used: Generated<number>;
  /** Switched off by staff: refused at checkout from then on. */
  deactivated_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A refund staff made of a purchase, kept under the key of the form that asked for it (a form sent twice refunds once). */
export interface PurchaseRefundsTable {
  id: Generated<number>;
  purchase_id: number;
  amount_cents: number;
  reason: Generated<string>;
  refunded_by: number | null;
  request_key: string;
  stripe_refund_id: string | null;
  created_at: CreatedAt;
}

export interface PurchasesTable {
  id: Generated<number>;
  user_id: number;
  kind: PurchaseKind;
  /** What is bought at which price: one open checkout per user and key. */
  product_key: string;
  online_course_id: number | null;
  package_type: PaidPackageType | null;
  plan: SubscriptionPlan | null;
  billing_interval: SubscriptionBillingInterval | null;
  token_amount: number | null;
  study_session_id: Generated<number | null>;
  student_tutor_contract_id: Generated<number | null>;
  status: Generated<PurchaseStatus>;
  currency: Currency;
  regular_price_cents: number | null;
  subtotal_cents: number;
  discount_cents: Generated<number>;
  credits_cents: Generated<number>;
  tax_cents: Generated<number>;
  total_cents: number;
  discount_code_id: number | null;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  stripe_subscription_id: string | null;
  created_at: CreatedAt;
  paid_at: Timestamp | null;
  refunded_at: Timestamp | null;
}

/** SPEC §8: failed purchases with type, code, message and decline_code. */
export interface FailedPurchasesTable {
  id: Generated<number>;
  user_id: number | null;
  purchase_id: number | null;
  stripe_event_id: string | null;
  payment_intent_id: string | null;
  error_type: string;
  code: string | null;
  message: string;
  decline_code: string | null;
  created_at: CreatedAt;
}

/** SPEC §3 subscription; status as the payment provider reports it (the derived status is computed). */
export interface SubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  purchase_id: number | null;
  status: string;
  plan: SubscriptionPlan;
  billing_interval: SubscriptionBillingInterval;
  is_premed_plus: Generated<boolean>;
  currency: Currency;
  stripe_product_id: string | null;
  stripe_price_id: string | null;
  stripe_subscription_id: string;
  stripe_customer_id: string | null;
  payment_intent_id: string | null;
  trial_end_date: Timestamp | null;
  current_period_end: Timestamp | null;
  cancel_at: Timestamp | null;
  pause_at: Timestamp | null;
  pause_until: Timestamp | null;
  expires_at: Timestamp | null;
  discount_code_id: number | null;
  cancel_reason_key: string | null;
  cancel_reason_extra: string | null;
  cancel_discount_applied: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DiscountRedemptionsTable {
  id: Generated<number>;
  discount_code_id: number;
  user_id: number;
  purchase_id: number;
  created_at: CreatedAt;
}

/** Every change of users.token_balance: the balance always equals the sum of its rows. */
export interface TokenLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  reason: string;
  purchase_id: number | null;
  reference: string | null;
  created_at: CreatedAt;
}

/** Referral credit earned (positive) and spent on purchases (negative). */
export interface ReferralCreditsTable {
  id: Generated<number>;
  user_id: number;
  amount_cents: number;
  reason: string;
  purchase_id: number | null;
  /** For a referral reward: the friend whose purchase earned it (one reward per friend); migration 0014. */
  referred_user_id: number | null;
  created_at: CreatedAt;
}

/** Invitations a member mailed to friends (Invite a Friend); migration 0014. */
export interface FriendInvitationsTable {
  id: Generated<number>;
  inviter_id: number;
  /** Lower-cased. */
  email: string;
  times_sent: Generated<number>;
  last_sent_at: UpdatedAt;
  created_at: CreatedAt;
}


export type Purchase = Selectable<PurchasesTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type DiscountCode = Selectable<DiscountCodesTable>;

// ── Public site: content pages, blog, careers, announcements, programs (migration 0006) ──────

export interface SitePageSection {
  heading: string;
  body: string[];
  items?: string[];
}

export type SitePageKind = "info" | "landing" | "plan";

export interface SitePagesTable {
  id: Generated<number>;
  slug: string;
  kind: SitePageKind;
  title: string;
  description: string;
  headline: string;
  intro: string;
  sections: Json<SitePageSection[]>;
  cta_label: string | null;
  cta_href: string | null;
  published: Generated<boolean>;
  updated_at: UpdatedAt;
}

export interface BlogCategoriesTable {
  slug: string;
  name: string;
  description: string;
  position: Generated<number>;
}

export interface BlogAuthorsTable {
  user_id: number;
  slug: string;
  headline: string;
}

export type EmploymentType = "full_time" | "part_time" | "contract" | "internship";

export interface JobPositionsTable {
  id: Generated<number>;
  title: string;
  department: string;
  location: string;
  employment_type: EmploymentType;
  summary: string;
  responsibilities: Generated<string[]>;
  qualifications: Generated<string[]>;
  open: Generated<boolean>;
  posted_at: CreatedAt;
}

export interface JobApplicationsTable {
  id: Generated<number>;
  job_position_id: number | null;
  user_id: number | null;
  name: string;
  email: string;
  phone: string | null;
  portfolio_url: string | null;
  cover_letter: string;
  stage: Generated<HiringStage>;
  stage_changed_at: Date | null;
  resume_storage_key: string | null;
  resume_file_name: string | null;
  resume_content_type: string | null;
  created_at: CreatedAt;
}

export type HiringStage = "applied" | "screening" | "interview" | "offer" | "hired" | "rejected";

export interface JobApplicantNotesTable {
  id: Generated<number>;
  job_application_id: number;
  author_id: number | null;
  body: string;
  created_at: CreatedAt;
}

export type NotesPackageStatus = "pending" | "approved" | "rejected";

export interface CourseNotesPackagesTable {
  id: Generated<number>;
  course_id: number;
  uploader_id: number;
  title: string;
  term: ClassTerm;
  term_year: number;
  storage_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  status: ColumnType<NotesPackageStatus, NotesPackageStatus | undefined, NotesPackageStatus>;
  rejection_reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  reward_tokens: number | null;
  created_at: CreatedAt;
}

/** SPEC §3 shares: a read-only link to one resource (app/shares/resources.server.ts names the types). */
export interface SharesTable {
  id: Generated<number>;
  token: string;
  owner_id: number;
  resource_type: string;
  resource_id: number;
  /** The resource's title when the link was made, for the owner's list. */
  title: string;
  created_at: CreatedAt;
  expires_at: Date | null;
  revoked_at: Date | null;
}

/** SPEC §3 resourceViews: one opening of a shared link; no viewer for a guest. */
export interface ResourceViewsTable {
  id: Generated<number>;
  share_id: number;
  viewer_id: number | null;
  user_agent: string | null;
  viewed_at: CreatedAt;
}

/** SPEC §3 stripeProducts: the Stripe price an admin set for a plan in one interval and currency. */
export interface StripeProductsTable {
  id: Generated<number>;
  plan: SubscriptionPlan;
  billing_interval: "month" | "year";
  currency: Currency;
  stripe_price_id: string;
  updated_by_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type AnnouncementAudience = "class_rep" | "marketing_rep";
export type AnnouncementReplyStatus = "accepted" | "declined" | "question" | "resolved";

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  body: string;
  audience: AnnouncementAudience[];
  created_by: number | null;
  created_at: CreatedAt;
}

export interface AnnouncementResponsesTable {
  id: Generated<number>;
  announcement_id: number;
  user_id: number;
  reply_status: AnnouncementReplyStatus;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AnnouncementCommentsTable {
  id: Generated<number>;
  announcement_response_id: number;
  user_id: number | null;
  body: string;
  created_at: CreatedAt;
}

export type ContactTopic = "general" | "courses" | "billing" | "tutoring" | "partnerships" | "technical";

export interface ContactMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  topic: ContactTopic;
  body: string;
  created_at: CreatedAt;
}

export interface ScholarshipsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  amount_cents: number;
  currency: Generated<Currency>;
  summary: string;
  eligibility: Generated<string[]>;
  how_to_apply: string;
  /** A date column: kept as 'yyyy-mm-dd' text by the app (see app/site). */
  deadline: ColumnType<Date | string, Date | string, Date | string>;
  winners_count: Generated<number>;
}

export type ScholarshipApplicationStatus = "submitted" | "in_review" | "accepted" | "declined";

export interface ScholarshipApplicationsTable {
  id: Generated<number>;
  scholarship_id: number;
  user_id: number;
  essay: string;
  /** One answer per eligibility line of the scholarship, in its order. */
  eligibility_answers: ColumnType<string[], string | undefined, string>;
  transcript_storage_key: string | null;
  transcript_file_name: string | null;
  transcript_content_type: string | null;
  status: Generated<ScholarshipApplicationStatus>;
  score: number | null;
  /** Staff only: never shown to the applicant. */
  staff_notes: string | null;
  decided_at: Date | null;
  decided_by: number | null;
  created_at: CreatedAt;
}

export interface ContestEntriesTable {
  id: Generated<number>;
  contest: string;
  user_id: number;
  title: string;
  body: string;
  upload_storage_key: string | null;
  upload_file_name: string | null;
  upload_content_type: string | null;
  is_winner: Generated<boolean>;
  announced_at: Date | null;
  created_at: CreatedAt;
}

export type PartnerType = "student_association" | "school" | "nonprofit" | "company";

export interface PartnersTable {
  id: Generated<number>;
  slug: string;
  name: string;
  partner_type: PartnerType;
  summary: string;
  description: string;
  member_benefit: string;
  website_url: string | null;
  school_id: number | null;
}

export type TextbookLevel = "undergrad" | "high_school" | "ap";

export interface TextbooksTable {
  id: Generated<number>;
  slug: string;
  title: string;
  level: TextbookLevel;
  subject: string;
  summary: string;
  online_course_id: number | null;
  authors: string | null;
  /** "4th edition". */
  edition: string | null;
  publisher: string | null;
  publication_year: number | null;
  /** 13 digits, no hyphens, with a valid check digit (migration 0015). */
  isbn13: string | null;
}

/** A textbook's chapters in order (migration 0015; they were `textbooks.chapters` before). */
export interface TextbookChaptersTable {
  id: Generated<number>;
  textbook_id: number;
  position: number;
  title: string;
}

/** A course or an online course that uses a chapter: exactly one of the two is set. */
export interface TextbookChapterCoursesTable {
  id: Generated<number>;
  textbook_chapter_id: number;
  course_id: number | null;
  online_course_id: number | null;
}

export type McatEventType = "webinar" | "workshop" | "practice-exam" | "info-session";

export interface McatEventsTable {
  id: Generated<number>;
  event_type: McatEventType;
  title: string;
  description: string;
  host_name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

export interface McatExamDatesTable {
  id: Generated<number>;
  exam_date: ColumnType<Date | string, Date | string, Date | string>;
  scheduling_closes_on: ColumnType<Date | string, Date | string, Date | string>;
  scores_released_on: ColumnType<Date | string, Date | string, Date | string>;
}

export interface MedSchoolsTable {
  id: Generated<number>;
  name: string;
  city: string;
  region_code: string;
  country_code: CountryCode;
  /** numeric(3,2): a string on both drivers. */
  median_gpa: ColumnType<string, string | number, string | number>;
  median_mcat: number;
  class_size: number;
}

// ── Pre-registration for preparing online courses (migration 0010) ───────────────────────────

/** A student waiting for a preparing course to open (SPEC §4); one row per course and user. */
export interface OnlineCoursePreRegistrationsTable {
  id: Generated<number>;
  online_course_id: number;
  user_id: number;
  created_at: CreatedAt;
  /** When the student was told the course opened; set once, so publishing again tells no one twice. */
  notified_at: Timestamp | null;
}

// ── Partner memberships (migration 0011) ─────────────────────────────────────────────────────

export type PartnerMembershipStatus = "invited" | "accepted" | "declined" | "removed";

export interface PartnerMembershipsTable {
  id: Generated<number>;
  partner_id: number;
  user_id: number;
  status: Generated<PartnerMembershipStatus>;
  invited_at: CreatedAt;
  responded_at: Timestamp | null;
}

// ── Site tours (migration 0012) ──────────────────────────────────────────────────────────────

export interface SiteToursTable {
  id: Generated<number>;
  key: string;
  title: string;
}

export interface SiteTourStepsTable {
  id: Generated<number>;
  tour_id: number;
  position: number;
  selector: string;
  title: string;
  body: string;
}

export interface SiteTourViewsTable {
  user_id: number;
  tour_id: number;
  viewed_at: CreatedAt;
}

/** A signed-in user's browser as it reported itself (migration 0047). */
export interface UserPlatformsTable {
  user_id: number;
  client_id: string;
  browser_info: Generated<string>;
  extension_version: string | null;
  updated_at: Generated<Date>;
}

// ── Polls and surveys on blog posts and course pages (migration 0028) ────────────────────────

export interface PollsTable {
  id: Generated<number>;
  kind: "poll" | "survey";
  title: string;
  blog_post_id: number | null;
  course_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface PollQuestionsTable {
  id: Generated<number>;
  poll_id: number;
  position: number;
  kind: "choice" | "text";
  prompt: string;
  options: Generated<string[]>;
}

export interface PollResponsesTable {
  id: Generated<number>;
  poll_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface PollAnswersTable {
  response_id: number;
  question_id: number;
  option_index: number | null;
  text_answer: string | null;
}

// ── Teachers' classes (migration 0031) ─────────────────────────────────────────────────────────

export type ClassTerm = "winter" | "summer" | "fall";

/** A class (SPEC §3 courseSections): a catalogue course taught in one term, joined with its code. */
export interface CourseSectionsTable {
  id: Generated<number>;
  course_id: number;
  term: ClassTerm;
  year: number;
  class_code: string;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface CourseSectionUsersTable {
  course_section_id: number;
  user_id: number;
  role: "teacher" | "student";
  joined_at: CreatedAt;
}

export type AssignmentKind = "activity" | "quiz" | "reading" | "upload";

/** Work a teacher gives a class (SPEC §3 courseAssignments); a reading or an upload has no activity. */
export interface CourseAssignmentsTable {
  id: Generated<number>;
  course_section_id: number;
  kind: AssignmentKind;
  title: string;
  instructions: Generated<string>;
  activity_id: number | null;
  due_at: Timestamp;
  created_by: number | null;
  created_at: CreatedAt;
}

/** A student's submission of an assignment (SPEC §3 courseAssignmentUsers); its grade lives in the grade book. */
export interface CourseAssignmentUsersTable {
  course_assignment_id: number;
  user_id: number;
  /** When the work was handed in; an upload's replacement file moves it. Null: feedback left before any work came in. */
  submitted_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  quiz_attempt_id: number | null;
  feedback: Generated<string>;
  /** An upload assignment's handed-in file (bucket "assignment-uploads", migration 0038): all four, or none. */
  file_storage_key: string | null;
  file_name: string | null;
  file_content_type: string | null;
  file_size_bytes: number | null;
}

/** A column of a class's grade book (SPEC §3 courseAssessments); an assignment has exactly one. */
export interface CourseAssessmentsTable {
  id: Generated<number>;
  course_section_id: number;
  title: string;
  category: string;
  weight: number;
  course_assignment_id: number | null;
  created_at: CreatedAt;
}

export interface CourseAssessmentGradesTable {
  course_assessment_id: number;
  user_id: number;
  /** Percent, two decimals; numeric comes back as a string. */
  grade: ColumnType<string, number | string, number | string>;
  updated_by: number | null;
  updated_at: UpdatedAt;
}

// ── A class's planner (migration 0033) ─────────────────────────────────────────────────────────

/** A lesson on a day of the class's term (SPEC §3 courseLessons). Dates are read as "YYYY-MM-DD" text. */
export interface CourseLessonsTable {
  id: Generated<number>;
  course_section_id: number;
  title: string;
  notes: Generated<string>;
  on_date: ColumnType<Date | string, string, string>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** A class's one schedule (SPEC §3 courseSchedules), holding its events. */
export interface CourseSchedulesTable {
  id: Generated<number>;
  course_section_id: number;
  created_at: CreatedAt;
}

export type ScheduleEventKind = "test" | "holiday" | "other";

/** A test, a holiday or another event on a day of the class's schedule (SPEC §3 courseScheduleEvents), at a time or all day. */
export interface CourseScheduleEventsTable {
  id: Generated<number>;
  course_schedule_id: number;
  title: string;
  kind: ScheduleEventKind;
  on_date: ColumnType<Date | string, string, string>;
  at_time: ColumnType<string | null, string | null, string | null>;
  created_by: number | null;
  created_at: CreatedAt;
}

export type ClassRepApplicationStatus = "pending" | "approved" | "declined";

/** A student's application to be the class rep of a catalogue course; one open per user and course. */
export interface ClassRepApplicationsTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  status: Generated<ClassRepApplicationStatus>;
  motivation: string;
  year: string;
  outreach: string;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  created_at: CreatedAt;
}

export type ClassRepWizardStep = "profile" | "schedule" | "referral" | "announcement" | "done";

/** An approved class rep of a course (SPEC §3 classRepCourses): the wizard's progress and their announcement to classmates. */
export interface ClassRepCoursesTable {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  application_id: number | null;
  wizard_step: Generated<ClassRepWizardStep>;
  announcement_title: string | null;
  announcement_body: string | null;
  announced_at: Timestamp | null;
  created_at: CreatedAt;
}

export type ClassRepReportPeriodKind = "week" | "month";
export type ClassRepReportStatus = "submitted" | "reviewed";

/** A rep's report for one week or month of one course (SPEC §3 classRepCourseReports); staff mark it reviewed. */
export interface ClassRepCourseReportsTable {
  id: Generated<number>;
  class_rep_course_id: number;
  period_kind: ClassRepReportPeriodKind;
  /** The period's first day (a Monday, or the 1st), written "YYYY-MM-DD"; read it with to_char. */
  period_start: ColumnType<Date | string, string, string>;
  activities: string;
  classmates_reached: number;
  notes: Generated<string>;
  status: Generated<ClassRepReportStatus>;
  review_comment: Generated<string>;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  created_at: CreatedAt;
}

// ── The writing tool (migrations 0042, 0043) ─────────────────────────────────────────────────

export type EssayTemplateCategory = "personal_statement" | "med_school_secondary" | "supplemental" | "law_school_statement";

/** A template students start essays from (SPEC ejTemplates); staff write and publish them. */
export interface EjTemplatesTable {
  id: Generated<number>;
  title: string;
  category: EssayTemplateCategory;
  prompt: string;
  /** Sanitized HTML the essay starts with. */
  body: Generated<string>;
  word_limit: number | null;
  published: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A student's essay (SPEC ejEssays): the current body, sanitized HTML, and its version number. */
export interface EjEssaysTable {
  id: Generated<number>;
  owner_id: number;
  template_id: number | null;
  title: string;
  prompt: Generated<string>;
  word_limit: number | null;
  body: Generated<string>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Every saved body of an essay, never deleted. */
export interface EjEssayVersionsTable {
  id: Generated<number>;
  essay_id: number;
  version: number;
  body: string;
  words: number;
  characters: number;
  /** The version this one restored, when it was a restore. */
  restored_from: number | null;
  saved_by: number | null;
  created_at: CreatedAt;
}

export interface EjEssayCollaboratorsTable {
  essay_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** A collaborator's comment on a passage: the quote and its offsets in the plain text at comment time. */
export interface EjEssayCommentsTable {
  id: Generated<number>;
  essay_id: number;
  author_id: number;
  quote: string;
  anchor_start: number;
  anchor_end: number;
  body: string;
  resolved_at: Date | null;
  resolved_by: number | null;
  created_at: CreatedAt;
}
