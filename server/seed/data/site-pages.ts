/** A block of a content page: a heading, paragraphs and an optional list. */
export interface PageSection {
  heading: string;
  body: string[];
  items?: string[];
}

export interface SitePageSeed {
  slug: string;
  kind: "info" | "landing" | "plan";
  title: string;
  description: string;
  headline: string;
  intro: string;
  sections: PageSection[];
  cta?: { label: string; href: string };
}

/** The info, landing and plan pages of the public site, stored as content so staff can edit them. */
export const sitePages: readonly SitePageSeed[] = [
  {
    slug: "homepage-alt",
    kind: "info",
    title: "Study with the people who aced your course",
    description: "Online courses, live exam prep and tutors for your exact course, taught by instructors who know your professor's exams.",
    headline: "Your course. Your exam. Instructors who know both.",
    intro:
      "We build every online course and live session around a specific course at a specific school, so you study exactly what your exam covers — not a generic textbook chapter.",
    sections: [
      {
        heading: "Why students choose us",
        body: ["Three ways to learn, each tied to your course code and your term's exam schedule."],
        items: [
          "Self-paced online courses with videos, practice questions and mock exams",
          "Live exam prep sessions the week before your midterm or final",
          "One-on-one tutors who took the same course and did well in it",
        ],
      },
      {
        heading: "Built for the week before the exam",
        body: [
          "Most students come to us five days before a midterm. Our exam prep courses are designed for that: a diagnostic quiz shows your weakest topics first, and every chapter ends with questions in the style of your professor's past exams.",
        ],
      },
    ],
    cta: { label: "Find your course", href: "/courses" },
  },
  {
    slug: "about",
    kind: "info",
    title: "About us",
    description: "Who we are: an online education marketplace for high school, university, MCAT and LSAT students and the educators who teach them.",
    headline: "Education built around the course you are actually taking",
    intro:
      "We are an online education marketplace connecting students with the instructors, tutors and study material for their exact course — from Grade 9 math to organic chemistry to the MCAT.",
    sections: [
      {
        heading: "What we do",
        body: [
          "Students buy or join self-paced online courses, live study sessions, one-on-one tutoring and a subscription that unlocks practice across every course. Educators build and teach those courses and sessions, and earn from every student they help.",
        ],
      },
      {
        heading: "Who we serve",
        body: ["Students from K-8 through university and professional school admissions, and their parents and teachers."],
        items: ["High school students in Canada and the US", "University students in first- and second-year science, math and business", "Pre-med students preparing for the MCAT", "Pre-law students preparing for the LSAT"],
      },
      {
        heading: "How we teach",
        body: [
          "Every lesson is written and recorded by an instructor who has taught or aced the course. Practice questions follow the format of real exams, and every explanation shows the reasoning, not just the answer.",
        ],
      },
    ],
    cta: { label: "Read our story", href: "/our-story" },
  },
  {
    slug: "our-story",
    kind: "info",
    title: "Our story",
    description: "How a group of teaching assistants turned late-night exam review sessions into an online education marketplace.",
    headline: "It started with a packed room the night before a calculus exam",
    intro:
      "In 2014 two teaching assistants at the University of Waterloo ran a free review session for MATH 137. Two hundred students showed up for a room built for sixty. The next term they recorded it.",
    sections: [
      {
        heading: "From one review session to hundreds of courses",
        body: [
          "The recordings spread from one residence to the next. Students at other schools asked for their own courses, so we recruited the best teaching assistants we could find at each campus and built exam prep for their courses, one course code at a time.",
          "Live sessions followed, then tutoring, then MCAT and LSAT preparation when our first students started applying to medical and law school.",
        ],
      },
      {
        heading: "What has not changed",
        body: [
          "We still build every course around a real exam at a real school, and we still measure ourselves by one thing: whether our students walk into that exam prepared.",
        ],
      },
    ],
    cta: { label: "See open positions", href: "/careers" },
  },
  {
    slug: "careers",
    kind: "info",
    title: "Careers",
    description: "Join the team building online courses, live exam prep and tutoring for students across Canada and the US.",
    headline: "Help students walk into their exams prepared",
    intro: "We are a small, remote-first team of educators, engineers and marketers. Every role here touches what students learn.",
    sections: [
      {
        heading: "How we work",
        body: ["Remote-first across Canadian and US time zones, with a week together in Toronto every spring."],
        items: ["Flexible hours around two shared core hours a day", "An annual learning budget of $1,000", "Free access to every course we sell for you and your family"],
      },
    ],
    cta: { label: "Apply now", href: "/job-application" },
  },
  {
    slug: "class-rep-positions",
    kind: "info",
    title: "Class rep positions",
    description: "Become a class rep for your course: share study resources with classmates, earn commission and build your résumé.",
    headline: "Become the class rep for your course",
    intro:
      "Class reps tell their classmates about the study sessions and online courses for their course, share free study resources before exams, and earn a commission on every sale they bring in.",
    sections: [
      {
        heading: "What a class rep does",
        body: ["About two hours a week, more around midterms and finals."],
        items: [
          "Posts our free resources and session dates in your course's group chats and forums",
          "Answers classmates' questions about what each course covers",
          "Reports which topics your professor emphasises so instructors can adjust",
        ],
      },
      {
        heading: "What you get",
        body: ["A commission on every purchase made with your link, free access to the course you represent, and a reference letter after two terms."],
      },
    ],
    // Each course of the list below has its own application.
    cta: { label: "Apply as a class rep", href: "/class-rep-positions#class-rep-openings" },
  },
  {
    slug: "contest",
    kind: "info",
    title: "Exam season study contest",
    description: "Share how you study and win one of three $500 study grants and a year of Plus.",
    headline: "Win a $500 study grant this exam season",
    intro: "Tell us about the study method that got you through your hardest exam. Three winners receive a $500 study grant and a year of Plus.",
    // The window and the rules entrants follow are the contest's own (app/programs/contest.ts); /contest shows them.
    sections: [
      {
        heading: "How we judge",
        body: ["Our instructors judge entries on how useful the method would be to another student, how clearly it is explained, and the evidence that it worked."],
      },
    ],
    cta: { label: "Enter the contest", href: "/contest#enter" },
  },
  {
    slug: "for-educators",
    kind: "info",
    title: "For educators",
    description: "Teach online courses, live exam prep sessions and tutoring for the courses you know best, and earn from every student you help.",
    headline: "Teach the course you know best — to students at every school that offers it",
    intro:
      "Instructors, tutors and teachers use our platform to build self-paced courses, run live sessions and tutor one-on-one. We handle payments, scheduling, video rooms and marketing.",
    sections: [
      {
        heading: "Ways to teach",
        body: ["Pick one or all three."],
        items: [
          "Online courses: record lessons and write practice questions once, earn every term",
          "Live study sessions: exam prep, weekly tutorials and office hours in our video rooms",
          "Tutoring: set your own hourly rate and accept the students you want",
        ],
      },
      {
        heading: "For classroom teachers",
        body: ["Teachers can assign our courses to a class, plan lessons and follow every student's progress in a grade book."],
      },
    ],
    cta: { label: "Sign up as an educator", href: "/sign-up?role=teacher" },
  },
  {
    slug: "for-parents",
    kind: "info",
    title: "For parents",
    description: "How our online courses, live sessions and tutors help your high school or university student, and what they cost.",
    headline: "Support that fits your student's exact course",
    intro:
      "Whether your child is in Grade 10 math or first-year university chemistry, we have instructors who teach their exact course, with clear prices and no long contracts.",
    sections: [
      {
        heading: "What your student gets",
        body: [],
        items: ["Short video lessons that follow their course outline", "Practice questions with worked solutions", "Live sessions before every major test", "Vetted tutors with reviews from other students"],
      },
      {
        heading: "Safe and transparent",
        body: [
          "Every tutor is interviewed and reviewed before they can accept students. Sessions take place in our own video rooms, and prices are shown up front in Canadian or US dollars with tax included at checkout.",
        ],
      },
    ],
    cta: { label: "See plans and pricing", href: "/pricing" },
  },
  {
    slug: "high-school",
    kind: "info",
    title: "High school courses",
    description: "Online courses, live help and tutors for high school math, science and English, including Grade 11 and 12 and AP courses.",
    headline: "High school math, science and English, one course at a time",
    intro: "Courses built around the Ontario, Alberta and US curricula, with AP exam reviews every spring.",
    sections: [
      {
        heading: "Subjects",
        body: [],
        items: ["Math: Functions, Advanced Functions, Calculus and Vectors, AP Calculus", "Biology and Chemistry", "English: essay writing and literature", "AP Calculus AB and BC, AP Biology, AP Chemistry"],
      },
      {
        heading: "After-school help",
        body: ["Weekly live sessions run after school on weekdays, taught by certified teachers, so students get answers the same evening they get stuck."],
      },
    ],
    cta: { label: "Browse high school textbooks", href: "/textbooks/high-school" },
  },
  {
    slug: "university",
    kind: "info",
    title: "University courses",
    description: "Exam prep, live reviews and tutors for first- and second-year university courses at your school.",
    headline: "Pass your hardest first-year courses",
    intro: "Calculus, chemistry, biology, statistics and programming courses, built course by course for the schools our students attend.",
    sections: [
      {
        heading: "Exam prep that matches your exam",
        body: ["Each exam prep course follows your course's syllabus and your professor's past exams, with a mock exam for every midterm and final."],
      },
      {
        heading: "Popular subjects",
        body: [],
        items: ["Calculus", "General and organic chemistry", "Biology and biochemistry", "Statistics", "Introductory programming"],
      },
    ],
    cta: { label: "Find your course", href: "/courses" },
  },
  {
    slug: "on-demand",
    kind: "info",
    title: "On-demand courses",
    description: "Self-paced online courses you can start any time: videos, practice questions and mock exams for your course.",
    headline: "Learn on your schedule",
    intro: "On-demand courses are yours from the day you buy until the end of your term: watch, practise and retake mock exams as often as you like.",
    sections: [
      {
        heading: "Two packages",
        body: ["Choose Learn for the lessons, Practice for the question bank and mock exams, or the Learn-Practice Bundle for both."],
      },
      {
        heading: "Progress you can see",
        body: ["Your progress is saved on every device, and the course picks up where you left off."],
      },
    ],
    cta: { label: "Browse courses", href: "/courses" },
  },
  {
    slug: "pricing",
    kind: "info",
    title: "Pricing",
    description: "Free, Plus and Pre-Med Plus plans: monthly or yearly, in Canadian or US dollars.",
    headline: "One plan for every course you take",
    intro: "Start free. Upgrade to Plus for unlimited practice in every course, or to Pre-Med Plus for MCAT preparation as well.",
    sections: [
      {
        heading: "What every plan includes",
        body: [],
        items: ["Free: course previews, free resources and the blog", "Plus: unlimited practice questions and mock exams in every course, and 20% off Grade Boosters", "Pre-Med Plus: everything in Plus, and the full MCAT question bank and CARS passages"],
      },
    ],
  },
  {
    slug: "partnerships",
    kind: "info",
    title: "Partnerships",
    description: "Partner with us as a student association, school or nonprofit to give your members discounted access to courses and tutoring.",
    headline: "Give your members a head start",
    intro: "Student associations, schools and nonprofits partner with us to offer their members discounts, free sessions and early access to new courses.",
    sections: [
      {
        heading: "What partners receive",
        body: [],
        items: ["Member pricing on online courses and Plus", "Free live review sessions for your members before exams", "A partner page listing your member benefits"],
      },
    ],
    cta: { label: "Contact our partnerships team", href: "/contact-us?topic=partnerships" },
  },
  {
    slug: "scholarships",
    kind: "info",
    title: "Scholarships",
    description: "Scholarships for high school, university and pre-med students, with amounts, eligibility and deadlines.",
    headline: "Scholarships for students who help others learn",
    intro: "Every year we award scholarships to students who tutor, mentor or build study communities at their schools.",
    sections: [
      {
        heading: "How selection works",
        body: ["A panel of instructors reads every application. Winners are announced within six weeks of the deadline and paid directly to the student."],
      },
    ],
  },
  {
    slug: "live-prep",
    kind: "info",
    title: "Live exam prep",
    description: "Live exam prep sessions for your course, taught by instructors who know your exam, with recordings and booklets.",
    headline: "Live exam prep, the week it matters",
    intro: "Join a live session before your midterm or final: work through past-exam questions with an instructor, ask questions in real time, and keep the recording and booklet.",
    sections: [
      {
        heading: "Every session includes",
        body: [],
        items: ["A printable booklet of practice problems", "Full worked solutions after the session", "The recording, available until 21 days after the last session"],
      },
    ],
  },
  {
    slug: "mcat",
    kind: "info",
    title: "MCAT prep",
    description: "MCAT preparation: self-paced courses, live workshops, the MCAT Elite 515 program, free resources and exam dates.",
    headline: "Score 515+ on the MCAT",
    intro: "Self-paced MCAT courses, live high-yield reviews and the MCAT Elite 515 program, taught by instructors who scored in the top percentiles.",
    sections: [
      {
        heading: "Programs",
        body: [],
        items: ["MCAT Self-Paced: every section, 10 full-length practice exams", "MCAT Elite 515: live classes, coaching and a score goal", "Free weekly CARS passages and workshops"],
      },
      {
        heading: "Plan your test day",
        body: ["Check this year's exam dates and scheduling deadlines, and estimate your chances at each medical school with our calculator."],
      },
    ],
    cta: { label: "Try the med school calculator", href: "/med-school-calculator" },
  },
  {
    slug: "lsat",
    kind: "info",
    title: "LSAT prep",
    description: "LSAT preparation: logical reasoning, reading comprehension and live drills with instructors who scored 170+.",
    headline: "Reason your way to a 170+",
    intro: "Our LSAT courses teach the patterns behind every logical reasoning and reading comprehension question, with timed drills and full practice tests.",
    sections: [
      {
        heading: "What you study",
        body: [],
        items: ["Logical reasoning: every question type and its traps", "Reading comprehension: mapping passages under time pressure", "Timed sections and full-length practice tests"],
      },
    ],
    cta: { label: "See LSAT courses", href: "/search?type=course&query=lsat" },
  },
  {
    slug: "textbooks",
    kind: "info",
    title: "Textbooks",
    description: "Interactive online textbooks for undergrad, high school and AP courses, with practice questions in every chapter.",
    headline: "Textbooks that test you as you read",
    intro: "Our online textbooks follow the topics of the most common undergrad, high school and AP courses, with a short quiz at the end of every section.",
    sections: [],
  },
  // Landing pages (/lp/{slug}).
  {
    slug: "mcat-summer-intensive",
    kind: "landing",
    title: "MCAT Summer Intensive",
    description: "Ten weeks of MCAT preparation over the summer: live classes, weekly full-length exams and a study plan that fits around work.",
    headline: "Ten weeks. One plan. Your best MCAT score.",
    intro: "The Summer Intensive combines our MCAT Self-Paced course with weekly live reviews and a full-length exam every Saturday.",
    sections: [
      { heading: "Week by week", body: ["Weeks 1-6 cover content in rotating blocks; weeks 7-10 are full-length exams and review."] },
      { heading: "Who it is for", body: ["Students writing the MCAT in August or September who can study 20 hours a week."] },
    ],
    cta: { label: "See MCAT programs", href: "/mcat" },
  },
  {
    slug: "first-year-calculus",
    kind: "landing",
    title: "First-year calculus help",
    description: "Exam prep for first-year university calculus: limits, derivatives and integrals with mock exams for your school.",
    headline: "Limits, derivatives, integrals — sorted before your midterm",
    intro: "Calculus is the course most first-year students fail first. Our calculus exam prep courses follow your school's syllabus and past exams.",
    sections: [{ heading: "What you get", body: [], items: ["Short lessons for every topic", "Hundreds of practice questions", "A mock midterm and final"] }],
    cta: { label: "Find your calculus course", href: "/search?type=course&query=calculus" },
  },
  {
    slug: "grade-12-advanced-functions",
    kind: "landing",
    title: "Grade 12 Advanced Functions",
    description: "Help with Grade 12 Advanced Functions (MHF4U): polynomials, logarithms, trigonometry and rates of change.",
    headline: "Master Advanced Functions before university",
    intro: "A complete MHF4U course taught by a department head, with weekly after-school live help.",
    sections: [{ heading: "Units", body: [], items: ["Polynomial and rational functions", "Exponential and logarithmic functions", "Trigonometric functions", "Rates of change"] }],
    cta: { label: "See the course", href: "/search?type=course&query=functions" },
  },
  // Plan pages (/{product}-plus and /pre-med-plus).
  {
    slug: "university-plus",
    kind: "plan",
    title: "University Plus",
    description: "University Plus: unlimited practice questions and mock exams in every university course, monthly or yearly.",
    headline: "Unlimited practice for every university course",
    intro: "Plus unlocks the practice question bank and mock exams in every course you take this year, and 20% off Grade Boosters.",
    sections: [{ heading: "Included", body: [], items: ["Every practice question and mock exam", "20% off Grade Boosters", "Cancel any time"] }],
  },
  {
    slug: "high-school-plus",
    kind: "plan",
    title: "High School Plus",
    description: "High School Plus: unlimited practice in every high school and AP course, monthly or yearly.",
    headline: "Practise every high school course, all year",
    intro: "Plus gives high school students every practice set and AP mock exam, and 20% off Grade Boosters.",
    sections: [{ heading: "Included", body: [], items: ["Every practice set and AP mock exam", "20% off Grade Boosters", "Cancel any time"] }],
  },
  {
    slug: "mcat-plus",
    kind: "plan",
    title: "MCAT Plus",
    description: "MCAT Plus: practice questions for every MCAT section, monthly or yearly.",
    headline: "MCAT practice without limits",
    intro: "MCAT Plus unlocks section practice for biology, chemistry, physics, psychology and CARS.",
    sections: [{ heading: "Included", body: [], items: ["Section practice for all four MCAT sections", "Weekly CARS passages", "Cancel any time"] }],
  },
  {
    slug: "lsat-plus",
    kind: "plan",
    title: "LSAT Plus",
    description: "LSAT Plus: logical reasoning and reading comprehension drills, monthly or yearly.",
    headline: "Drill every LSAT question type",
    intro: "LSAT Plus unlocks every timed drill and practice section.",
    sections: [{ heading: "Included", body: [], items: ["Every logical reasoning drill", "Reading comprehension passages", "Cancel any time"] }],
  },
  {
    slug: "pre-med-plus",
    kind: "plan",
    title: "Pre-Med Plus",
    description: "Pre-Med Plus: everything in Plus and the complete MCAT question bank, monthly or yearly.",
    headline: "Your pre-med courses and the MCAT in one plan",
    intro: "Pre-Med Plus combines Plus for your undergrad courses with the full MCAT question bank, CARS passages and full-length exams.",
    sections: [{ heading: "Included", body: [], items: ["Everything in Plus", "The complete MCAT question bank", "Full-length MCAT practice exams"] }],
  },
];
