import type { Migration } from "kysely";
import * as catalogueAndPeople from "./0001_catalogue_and_people";
import * as accounts from "./0002_accounts";
import * as profile from "./0003_profile";
import * as onlineCourses from "./0004_online_courses";
import * as notificationsAndChats from "./0005_notifications_and_chats";
import * as publicSite from "./0006_public_site";
import * as payments from "./0007_payments";
import * as courseEditor from "./0009_course_editor";
import * as onlineCoursePreRegistrations from "./0010_online_course_pre_registrations";
import * as partnerMemberships from "./0011_partner_memberships";
import * as siteTours from "./0012_site_tours";
import * as courseContentVersion from "./0013_course_content_version";
import * as referrals from "./0014_referrals";
import * as textbookPages from "./0015_textbook_pages";
import * as mockExamSittings from "./0016_mock_exam_sittings";
import * as studySessionEnrolments from "./0017_study_session_enrolments";
import * as tutoring from "./0018_tutoring";
import * as studyRooms from "./0019_study_rooms";
import * as studyRoomBillingCharges from "./0020_study_room_billing_charges";
import * as flashCards from "./0021_flash_cards";
import * as courseFlashCardDecks from "./0022_course_flash_card_decks";
import * as practiceTests from "./0023_practice_tests";
import * as practiceQuestionSets from "./0024_practice_question_sets";
import * as courseForums from "./0025_course_forums";
import * as forumModeration from "./0026_forum_moderation";
import * as contentQuestions from "./0027_content_questions";
import * as blogEditors from "./0028_blog_editors";
import * as commentsReactionsFaqs from "./0029_comments_reactions_faqs";
import * as onlineCourseForums from "./0030_online_course_forums";
import * as teachersClasses from "./0031_teachers_classes";
import * as adminMoney from "./0032_admin_money";
import * as classPlanner from "./0033_class_planner";
import * as classRepCourses from "./0036_class_rep_courses";
import * as hiring from "./0037_hiring";
import * as assignmentUploads from "./0038_assignment_uploads";
import * as scholarshipApplications from "./0039_scholarship_applications";
import * as stripeProducts from "./0040_stripe_products";
import * as courseNotesPackages from "./0041_course_notes_packages";
import * as writingEssays from "./0042_writing_essays";
import * as essaySharing from "./0043_essay_sharing";
import * as shares from "./0044_shares";
import * as studentBooklets from "./0045_student_booklets";
import * as trackingReportIndexes from "./0046_tracking_report_indexes";
import * as siteTourEditing from "./0047_site_tour_editing";
import * as assignmentFeedbackWithoutWork from "./0048_assignment_feedback_without_work";
import * as courseActivityCount from "./0049_course_activity_count";

/**
 * Every migration, in order. A static list (rather than reading the folder at run time)
 * lets the server bundle carry them. Names never change once released.
 */
export const migrations: Record<string, Migration> = {
  "0001_catalogue_and_people": catalogueAndPeople,
  "0002_accounts": accounts,
  "0003_profile": profile,
  "0004_online_courses": onlineCourses,
  "0005_notifications_and_chats": notificationsAndChats,
  "0006_public_site": publicSite,
  "0007_payments": payments,
  "0009_course_editor": courseEditor,
  "0010_online_course_pre_registrations": onlineCoursePreRegistrations,
  "0011_partner_memberships": partnerMemberships,
  "0012_site_tours": siteTours,
  "0013_course_content_version": courseContentVersion,
  "0014_referrals": referrals,
  "0015_textbook_pages": textbookPages,
  "0016_mock_exam_sittings": mockExamSittings,
  "0017_study_session_enrolments": studySessionEnrolments,
  "0018_tutoring": tutoring,
  "0019_study_rooms": studyRooms,
  "0020_study_room_billing_charges": studyRoomBillingCharges,
  "0021_flash_cards": flashCards,
  "0022_course_flash_card_decks": courseFlashCardDecks,
  "0023_practice_tests": practiceTests,
  "0024_practice_question_sets": practiceQuestionSets,
  "0025_course_forums": courseForums,
  "0026_forum_moderation": forumModeration,
  "0027_content_questions": contentQuestions,
  "0028_blog_editors": blogEditors,
  "0029_comments_reactions_faqs": commentsReactionsFaqs,
  "0030_online_course_forums": onlineCourseForums,
  "0031_teachers_classes": teachersClasses,
  "0032_admin_money": adminMoney,
  "0033_class_planner": classPlanner,
  "0036_class_rep_courses": classRepCourses,
  "0037_hiring": hiring,
  "0038_assignment_uploads": assignmentUploads,
  "0039_scholarship_applications": scholarshipApplications,
  "0040_stripe_products": stripeProducts,
  "0041_course_notes_packages": courseNotesPackages,
  "0042_writing_essays": writingEssays,
  "0043_essay_sharing": essaySharing,
  "0044_shares": shares,
  "0045_student_booklets": studentBooklets,
  "0046_tracking_report_indexes": trackingReportIndexes,
  "0047_site_tour_editing": siteTourEditing,
  "0048_assignment_feedback_without_work": assignmentFeedbackWithoutWork,
  "0049_course_activity_count": courseActivityCount,
};
