/** Title and description of the homepage (/, /homepage). */
export const HOMEPAGE_META = {
  title: "Online courses, live study sessions and tutors",
  description: "Self-paced online courses, live study sessions and tutoring for high school, university, MCAT and LSAT students.",
};
