export type BlogCategory = "free_resources" | "mcat" | "study_tips" | "university_life" | "high_school";

export interface BlogPostSeed {
  slug: string;
  title: string;
  excerpt: string;
  category: BlogCategory;
  authorEmail: string;
  /** Days before the seed's "now"; negative means scheduled for the future. */
  publishedDaysAgo: number;
  /** Joined with blank lines into the body. */
  paragraphs: string[];
}

export const blogPosts: readonly BlogPostSeed[] = [
  {
    slug: "active-recall-and-spaced-repetition",
    title: "Active Recall and Spaced Repetition: Study Less, Remember More",
    excerpt: "Rereading your notes feels productive, but it is one of the least effective ways to study. Two techniques backed by decades of research do much better.",
    category: "study_tips",
    authorEmail: "content_creator@demo.test",
    publishedDaysAgo: 2,
    paragraphs: [
      "Most students study by rereading: notes, slides, highlighted textbook pages. It feels productive because the material becomes familiar, but familiarity is not the same as being able to produce an answer on an exam. Cognitive psychologists have compared study methods for decades, and two techniques come out on top again and again: active recall and spaced repetition.",
      "Active recall means closing the book and trying to retrieve the information from memory. Write down everything you remember about a topic, answer practice questions before looking at the solutions, or explain a concept out loud as if you were teaching it. The effort of retrieving is what strengthens the memory, so the struggle is a feature, not a sign that you are doing it wrong.",
      "Spaced repetition means reviewing material at increasing intervals: a day after you learn it, then three days later, then a week later. Each review comes just as you are starting to forget, which is when it does the most good. Flash card apps automate the schedule, but a simple calendar works just as well.",
      "Put the two together and a study session changes shape. Instead of three hours of reading, spend thirty minutes learning new material and the rest testing yourself on this week's and last week's topics. It will feel harder. Your exam marks are the place to judge whether it worked.",
    ],
  },
  {
    slug: "best-free-mcat-practice-resources",
    title: "The Best Free MCAT Practice Resources",
    excerpt: "You do not need to spend thousands of dollars to prepare for the MCAT. Here are the free materials our instructors recommend, and how to use them.",
    category: "free_resources",
    authorEmail: "mcat_instructor@demo.test",
    publishedDaysAgo: 3,
    paragraphs: [
      "Commercial MCAT courses can cost as much as a semester of tuition, and many students assume they need one to score well. The truth is that a disciplined student can cover most of the content with free material, and spend money only where it makes the biggest difference: realistic full-length practice exams.",
      "Start with the free sample test from the AAMC, the organisation that writes the exam. Its questions are the closest thing to the real test you will find, so save it for the middle of your preparation when you can learn the most from it. Our free MCAT diagnostic quiz, available to every account, is a good way to find your weakest section before you begin.",
      "For content review, our free weekly CARS passages and the recorded CARS strategy workshop cover the section students find hardest to study for. Pair them with the flash card decks in our MCAT free resources page, which follow the official content outline topic by topic.",
      "Whatever you use, keep a mistake log. For every question you miss, write down why: a content gap, a misread question, or running out of time. After a few weeks the log will tell you exactly where your next hour of study should go.",
    ],
  },
  {
    slug: "how-to-build-an-mcat-study-schedule",
    title: "How to Build a Three-Month MCAT Study Schedule",
    excerpt: "Three months is enough time to prepare for the MCAT if you plan it well. Here is how to divide those twelve weeks between content review, practice and full-length exams.",
    category: "mcat",
    authorEmail: "mcat_instructor@demo.test",
    publishedDaysAgo: 6,
    paragraphs: [
      "Twelve weeks is the most common MCAT preparation window for students studying around a full course load or a summer job. It is enough time, but only if the weeks have a plan. The schedule that works best for most of our students has three phases.",
      "Weeks one to six are for content review. Work through biology, biochemistry, chemistry, physics and psychology in rotating blocks rather than one subject at a time, so nothing goes untouched for a month. Do a few CARS passages every day from the very first week: reading skill improves slowly and cannot be crammed.",
      "Weeks seven to ten shift towards practice. Take a full-length exam every week, on the same day and at the same time as your real test if you can. Spend at least as long reviewing each exam as you spent taking it, and turn every missed question into a flash card or a short note.",
      "The last two weeks are for consolidation. Take your final full-length exam no later than five days before test day, review your mistake log, and protect your sleep. Scores rarely improve in the final days, but they often drop when students arrive exhausted.",
    ],
  },
  {
    slug: "free-calculus-1-cheat-sheet",
    title: "Free Calculus 1 Cheat Sheet: Every Derivative Rule on One Page",
    excerpt: "Download our one-page summary of limits, derivative rules and their most common applications, built from the questions students ask us most often.",
    category: "free_resources",
    authorEmail: "instructor@demo.test",
    publishedDaysAgo: 12,
    paragraphs: [
      "Every term we see the same pattern: students understand the ideas in a first calculus course but lose marks on the mechanics. A sign error in the quotient rule or a forgotten chain rule factor can cost as much as a conceptual mistake. So we put every rule you need for a first calculus course on a single page.",
      "The cheat sheet covers the limit laws, the special trigonometric limits, every derivative rule from the power rule to logarithmic differentiation, and the derivatives of the inverse trigonometric functions. The back page summarises the steps for related rates, curve sketching and optimisation problems.",
      "A cheat sheet is most useful while you practise, not the night before the exam. Keep it beside you as you work through problem sets and try to need it a little less each week. By the midterm you should be able to write most of it from memory, which is the best sign that you are ready.",
    ],
  },
  {
    slug: "how-to-prepare-for-finals-in-two-weeks",
    title: "How to Prepare for Finals in Two Weeks",
    excerpt: "Two weeks, four exams and a lot of material. A realistic plan for the end of term that does not depend on all-nighters.",
    category: "study_tips",
    authorEmail: "blog_manager@demo.test",
    publishedDaysAgo: 15,
    paragraphs: [
      "The end of term arrives the same way every year: assignments pile up, classes end, and suddenly there are two weeks until the first final. The students who do well in that stretch are rarely the ones who study the most hours. They are the ones who decide early where those hours go.",
      "Start by writing down every exam, its date, its weight and how confident you feel about the material. Give the most time to the exams that are worth the most and where you feel least prepared, not to the subject you enjoy. Then block out your calendar day by day, leaving one evening a week completely free.",
      "Use past exams as early as possible. Doing one in the first few days will feel uncomfortable, but it tells you exactly what the exam looks like and which topics you have forgotten. Save one or two for the final days so you can practise under timed conditions.",
      "Finally, protect the basics. Sleep consolidates what you learned during the day, and a tired brain makes careless mistakes. An hour of sleep is almost always worth more than an extra hour of late-night studying.",
    ],
  },
  {
    slug: "mcat-cars-habits-of-high-scorers",
    title: "Five CARS Habits of High Scorers",
    excerpt: "CARS is the MCAT section students find hardest to improve. These five habits separate the students who break 128 from those stuck at 124.",
    category: "mcat",
    authorEmail: "amira.saleh@demo.test",
    publishedDaysAgo: 20,
    paragraphs: [
      "Critical Analysis and Reasoning Skills has no content to memorise, which is exactly why it frustrates so many strong science students. After coaching hundreds of students through it, we see the same five habits in nearly everyone who scores 128 or above.",
      "First, they read for the argument rather than the details. After each paragraph they can say in a few words what the author is claiming and how the paragraph supports it. Second, they notice tone: an author who is cautiously sceptical is different from one who is openly hostile, and answer choices often hinge on that difference.",
      "Third, they defend every answer with a line from the passage, and reject any choice they cannot support. Fourth, they practise a little every day instead of a lot once a week. Fifth, they review their wrong answers until they can explain why the correct choice is better, not just why theirs was wrong.",
      "None of these habits feel natural at first, and your timing will suffer while you build them. Give it three to four weeks of daily practice before you judge the results.",
    ],
  },
  {
    slug: "making-the-jump-from-grade-12-math-to-university-calculus",
    title: "Making the Jump from Grade 12 Math to University Calculus",
    excerpt: "Many strong high school math students are surprised by their first university calculus course. Here is what changes, and how to prepare over the summer.",
    category: "high_school",
    authorEmail: "teacher@demo.test",
    publishedDaysAgo: 25,
    paragraphs: [
      "Every year former students come back to visit after their first term at university, and the story about calculus is often the same: the ideas were familiar, but the pace and the expectations were not. A topic that took three weeks in Grade 12 might take three lectures in first year.",
      "The biggest change is independence. There is less class time and more expectation that you will work through the textbook and problem sets on your own. Students who keep up week by week do well; students who plan to catch up before the midterm usually find that they cannot.",
      "The second change is the emphasis on reasoning. University courses ask you to justify your answers, and sometimes to prove that a method works. Get into the habit now of writing a sentence that explains each step of your solution, not just the algebra.",
      "Over the summer, review functions, logarithms and trigonometric identities until they are automatic. Those skills are assumed from the first week, and they are where most early marks are lost.",
    ],
  },
  {
    slug: "how-to-get-the-most-out-of-office-hours",
    title: "How to Get the Most Out of Office Hours",
    excerpt: "Office hours are the most underused resource in university. A few simple habits make them far more useful for you and your instructor.",
    category: "study_tips",
    authorEmail: "instructor@demo.test",
    publishedDaysAgo: 33,
    paragraphs: [
      "As an instructor I hold office hours every week, and for most of the term the room is nearly empty. Then, in the week before the midterm, there is a queue out the door and everyone gets five rushed minutes. The students who come early in the term get far more out of the time.",
      "Come with a specific question. 'I do not understand chapter three' is hard to answer in fifteen minutes; 'I got this problem wrong and I think my mistake is in the second step' is easy. Bring your attempt, even if it is messy, so we can see where your reasoning went off track.",
      "It is also fine to come with no question at all and simply listen. Hearing the questions other students ask is a quick way to discover gaps you did not know you had.",
      "Finally, office hours are how instructors get to know you. When you later need a reference letter or an extension in a difficult week, it helps a great deal if the person you are asking already knows your name.",
    ],
  },
  {
    slug: "free-organic-chemistry-reaction-summary",
    title: "Free Organic Chemistry Reaction Summary",
    excerpt: "A printable summary of every reaction in a first organic chemistry course, organised by functional group, with the conditions and stereochemistry you need to remember.",
    category: "free_resources",
    authorEmail: "daniel.okafor@demo.test",
    publishedDaysAgo: 40,
    paragraphs: [
      "The number of reactions in a first organic chemistry course can feel overwhelming, especially when each one seems to come with its own reagents, conditions and stereochemical rules. Our free reaction summary puts all of them on four printable pages, organised by the functional group you start from.",
      "For every reaction the summary lists the reagents, the product, whether the mechanism is concerted or stepwise, and what happens at any stereocentres. Margin notes flag the pairs students confuse most often, such as hydroboration versus acid-catalysed hydration.",
      "Do not try to memorise the sheet line by line. Use it to check your work: attempt a synthesis problem first, then look up any step you were unsure of. The reactions you look up most often are the ones to turn into flash cards.",
    ],
  },
  {
    slug: "when-should-you-take-the-mcat",
    title: "When Should You Take the MCAT?",
    excerpt: "Your MCAT test date affects your application timeline, your coursework and your score. How to choose a date that works for you.",
    category: "mcat",
    authorEmail: "blog_manager@demo.test",
    publishedDaysAgo: 55,
    paragraphs: [
      "Choosing a test date is one of the first real decisions in the medical school application process, and it shapes everything that follows. The right date depends on three things: when you plan to apply, when you will have finished the relevant coursework, and when you can set aside enough time to prepare.",
      "Most applicants aim to have a score before their application opens, which usually means testing between January and May of the year they apply. Testing earlier leaves time for a retake if something goes wrong, and lets you use your score to decide where to apply.",
      "You should have completed introductory biology, general and organic chemistry, physics and at least one course in biochemistry and psychology before you begin preparing. If any of these are still ahead of you, plan extra weeks of content review.",
      "Finally, be honest about your schedule. A test date right after a heavy term of courses often means three rushed weeks of preparation. A later date with three calm months almost always produces a better score.",
    ],
  },
  {
    slug: "first-year-university-survival-guide",
    title: "The First-Year Survival Guide Nobody Gave You",
    excerpt: "Residence, roommates, midterms and the sudden freedom of a timetable you build yourself. What upper-year students wish they had known in September.",
    category: "university_life",
    authorEmail: "blog_manager@demo.test",
    publishedDaysAgo: 70,
    paragraphs: [
      "We asked upper-year students across our partner campuses what they wish someone had told them in their first week. The answers were remarkably consistent, and surprisingly few of them were about studying.",
      "Go to the first week of every class, even the ones with recorded lectures. The syllabus, the marking scheme and the instructor's expectations are all laid out early, and students who skip that week spend the rest of the term catching up on details everyone else already knows.",
      "Find one place on campus where you study well and make it a routine. A fixed time and place does more for consistency than any amount of motivation. Join at least one club or team that has nothing to do with your program; it is the easiest way to build friendships outside your residence floor.",
      "And when something goes wrong, whether a failed quiz, a roommate conflict or homesickness, ask for help early. Every campus has advisers, counsellors and tutoring services, and they are far more useful in October than in April.",
    ],
  },
  {
    slug: "balancing-a-part-time-job-and-school",
    title: "Balancing a Part-Time Job and a Full Course Load",
    excerpt: "More than half of university students work while they study. Practical advice on hours, scheduling and knowing when to cut back.",
    category: "university_life",
    authorEmail: "content_creator@demo.test",
    publishedDaysAgo: 90,
    paragraphs: [
      "For many students a part-time job is not optional: it pays for rent, groceries and tuition. Working while studying is entirely possible, but it requires more planning than either one alone.",
      "Research on working students suggests that up to about fifteen hours a week has little effect on grades, and can even help by forcing a more structured routine. Beyond twenty hours, grades tend to suffer. If you can, ask your employer for predictable shifts and tell them your exam dates at the start of each term.",
      "Treat your study time like shifts too. Block it out in your calendar at the same times each week, and protect those blocks the way you would a shift at work. Short, regular sessions between classes add up faster than you expect.",
      "Finally, know your warning signs. If you are regularly missing lectures or handing in assignments late, it is time to talk to your employer, your academic adviser or your school's financial aid office. Dropping a course is sometimes the right call, and it is much better made in week four than in week ten.",
    ],
  },
  {
    slug: "ap-exam-prep-timeline",
    title: "An AP Exam Prep Timeline That Actually Works",
    excerpt: "When to start reviewing, how many practice exams to take, and how to balance several AP exams in the same two weeks of May.",
    category: "high_school",
    authorEmail: "sofia.lindqvist@demo.test",
    publishedDaysAgo: -4,
    paragraphs: [
      "AP exams arrive in a tight two-week window in May, often on top of regular coursework and final projects. Students taking three or four exams need a plan that starts well before spring break.",
      "Eight weeks out, take one full practice exam for each subject to find your weakest units. Six weeks out, start reviewing those units for thirty minutes a day per subject, rotating between them. Four weeks out, add timed free-response practice and grade it with the official scoring guidelines.",
      "In the final two weeks, take one more full practice exam per subject under real timing, and spend the last few days reviewing your mistakes rather than learning anything new. Get a good night's sleep before each exam; a rested mind is worth more than a final cram session.",
    ],
  },
];
