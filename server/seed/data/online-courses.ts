import type {
  Currency,
  OnlineCourseStatus,
  OnlineCourseType,
  PackageConfig,
  PackagesConfig,
  PurchaseType,
  ReadAccess,
} from "../../../app/db/schema";

export interface QuizQuestion {
  prompt: string;
  choices: string[];
  answer_index: number;
  /** Shown after answering; a mock exam's questions point back to the chapter that covers them. */
  explanation?: string;
  /** What it practises: a practice set's accuracy is counted per topic. */
  topic?: string;
}

/** One chapter of a course; server/seed/curriculum.ts turns it into sections and activities. */
export interface ChapterSeed {
  title: string;
  /** Shown as the chapter's reading. */
  summary: string;
  /** Lesson titles: they become alternating videos and readings. */
  lessons: string[];
  quiz: QuizQuestion[];
}

export interface MockExamSeed {
  title: string;
  timeLimitMinutes: number;
  /** The scaled score it reports besides the percent (app/online-courses/mock-exam.ts). */
  scale?: "mcat" | "lsat";
}

export interface OnlineCourseSeed {
  slug: string;
  name: string;
  courseCode: string;
  description: string;
  courseType: OnlineCourseType;
  status: OnlineCourseStatus;
  purchaseType: PurchaseType;
  priceCents: number;
  regularPriceCents: number | null;
  currency: Currency;
  packages: PackagesConfig;
  readAccess: ReadAccess;
  instructorEmail: string;
  /** Slugs of the school courses it serves. */
  courses: string[];
  /** The welcome reading of the intro chapter. */
  welcome: string;
  chapters: ChapterSeed[];
  mockExam?: MockExamSeed;
}

const pkg = (enabled: boolean, priceCents: number, regularPriceCents: number | null = null): PackageConfig => ({
  enabled,
  price_cents: priceCents,
  regular_price_cents: regularPriceCents,
});

const q = (prompt: string, choices: string[], answerIndex: number): QuizQuestion => ({ prompt, choices, answer_index: answerIndex });

/** Listed in the order the homepage features them (most recently updated first). */
export const onlineCourses: readonly OnlineCourseSeed[] = [
  {
    slug: "mcat-elite-515",
    name: "MCAT Elite 515",
    courseCode: "MCAT",
    description: "Our most complete MCAT program: a personalised study plan, weekly live classes, four full-length mock exams and one-on-one coaching, aimed at a score of 515 or higher.",
    courseType: "exam_prep",
    status: "published",
    purchaseType: "course_bundle",
    priceCents: 249900,
    regularPriceCents: 299900,
    currency: "USD",
    packages: { pro: pkg(true, 249900, 299900), practice: pkg(true, 0) },
    readAccess: "public",
    instructorEmail: "amira.saleh@demo.test",
    courses: ["uoft-bch-210", "mcgill-phgy-209", "umich-chem-210"],
    welcome: "Elite 515 starts with a diagnostic exam so we can build your schedule around your weakest sections. Plan on 20 to 25 hours a week for twelve weeks, and keep your mock exam dates fixed: they are what keep the plan honest.",
    chapters: [
      {
        title: "Biology: Cells and Genetics",
        summary: "Cell biology and genetics account for a large share of the Bio/Biochem section. Focus on how structure explains function, and practise reading pedigrees and Hardy-Weinberg problems quickly.",
        lessons: ["Cell organelles and membrane transport", "Mendelian and population genetics", "Gene expression and its regulation"],
        quiz: [
          q("Hardy-Weinberg equilibrium assumes:", ["Small population size", "Random mating", "Strong natural selection", "A high mutation rate"], 1),
          q("Which organelle modifies and packages proteins for secretion?", ["Lysosome", "Golgi apparatus", "Mitochondrion", "Peroxisome"], 1),
        ],
      },
      {
        title: "Organ Systems",
        summary: "The MCAT tests organ systems through experiments, not lists. Learn the feedback loops of the cardiovascular, renal and endocrine systems well enough to predict what happens when one part fails.",
        lessons: ["The cardiovascular and respiratory systems", "The renal system", "The endocrine system"],
        quiz: [
          q("Aldosterone increases reabsorption of which ion in the kidney?", ["Potassium", "Sodium", "Calcium", "Hydrogen"], 1),
          q("Oxygen binding to hemoglobin shows:", ["Linear binding", "Cooperative binding", "No saturation", "Competitive inhibition"], 1),
        ],
      },
      {
        title: "General and Organic Chemistry",
        summary: "Chem/Phys rewards fluency with equilibria, thermodynamics and a short list of organic reactions. Drill buffer problems and free-energy sign questions until they take under a minute.",
        lessons: ["Acid-base equilibria and buffers", "Thermodynamics and kinetics", "High-yield organic reactions"],
        quiz: [
          q("A buffer works best when the pH is close to the:", ["pKa of the weak acid", "Neutral point", "pKb of water", "Isoelectric point"], 0),
          q("A reaction with a negative ΔH and a positive ΔS is:", ["Never spontaneous", "Spontaneous at all temperatures", "Spontaneous only at high temperatures", "Spontaneous only at low temperatures"], 1),
        ],
      },
      {
        title: "Physics and Research Methods",
        summary: "Most physics questions need one equation and careful units. Research-methods questions appear in every science section, so learn to spot confounds, controls and what a p-value does and does not say.",
        lessons: ["Light and optics", "Experimental design and statistics"],
        quiz: [
          q("A converging lens with the object inside its focal length forms a:", ["Real, inverted image", "Virtual, upright image", "Real, upright image", "No image"], 1),
          q("A p-value below 0.05 means:", ["The hypothesis is proven true", "The result would be unlikely if the null hypothesis were true", "The effect is large", "The sample is biased"], 1),
        ],
      },
      {
        title: "Behavioural Sciences",
        summary: "Psych/Soc is the most learnable section: the content is broad but shallow. Make flash cards for every named theory and practise applying them to short experimental scenarios.",
        lessons: ["Learning and memory", "Identity and social structure"],
        quiz: [
          q("Erikson's stage for adolescents is:", ["Trust vs. mistrust", "Identity vs. role confusion", "Intimacy vs. isolation", "Generativity vs. stagnation"], 1),
          q("Upward mobility within a person's own lifetime is called:", ["Intergenerational mobility", "Intragenerational mobility", "Horizontal mobility", "Meritocracy"], 1),
        ],
      },
    ],
    mockExam: { title: "Elite 515 Full-Length Mock Exam 1", timeLimitMinutes: 375, scale: "mcat" },
  },
  {
    slug: "mcat-self-paced",
    name: "MCAT Self-Paced Course",
    courseCode: "MCAT",
    description: "Every MCAT content review video, 2,000 practice questions and a full-length mock exam, available for as long as your subscription is active.",
    courseType: "exam_prep",
    status: "published",
    purchaseType: "subscription",
    priceCents: 2995,
    regularPriceCents: null,
    currency: "USD",
    packages: { pro: pkg(true, 0), practice: pkg(true, 0) },
    readAccess: "public",
    instructorEmail: "mcat_instructor@demo.test",
    courses: ["uoft-bch-210", "mcgill-phgy-209"],
    welcome: "Work through the chapters in any order, but take the diagnostic quiz first so you know where to start. Most students finish the content review in eight weeks at about 15 hours a week.",
    chapters: [
      {
        title: "Biochemistry Foundations",
        summary: "Biochemistry is the backbone of the Bio/Biochem section. Know the twenty amino acids, how enzymes are regulated, and how the main metabolic pathways connect.",
        lessons: ["Amino acids and protein structure", "Enzyme kinetics and inhibition", "Metabolism: from glycolysis to oxidative phosphorylation"],
        quiz: [
          q("A competitive inhibitor changes which kinetic parameter?", ["Vmax only", "Km only", "Both Km and Vmax", "Neither"], 1),
          q("Which amino acid has a side chain that can form disulfide bonds?", ["Serine", "Cysteine", "Methionine", "Glycine"], 1),
        ],
      },
      {
        title: "Chemical and Physical Foundations",
        summary: "The Chem/Phys section applies physics and chemistry to living systems. Expect fluid dynamics in blood vessels and electrochemistry in nerve cells rather than textbook problems.",
        lessons: ["Kinematics and forces", "Fluids and circulation", "Electrochemistry"],
        quiz: [
          q("According to Bernoulli's principle, where a fluid moves faster its pressure is:", ["Higher", "Lower", "Unchanged", "Zero"], 1),
          q("In a galvanic cell, oxidation occurs at the:", ["Cathode", "Anode", "Salt bridge", "Voltmeter"], 1),
        ],
      },
      {
        title: "Psychological and Social Foundations",
        summary: "Psych/Soc tests whether you can recognise a concept in a short scenario. Learn the definitions precisely: many wrong answers are near-synonyms.",
        lessons: ["Sensation and perception", "Social psychology and group behaviour"],
        quiz: [
          q("The smallest difference in stimulus intensity a person can detect is the:", ["Absolute threshold", "Just-noticeable difference", "Signal threshold", "Sensory adaptation"], 1),
          q("Performing better on simple tasks in front of others is called:", ["Social loafing", "Social facilitation", "Groupthink", "Deindividuation"], 1),
        ],
      },
      {
        title: "CARS Strategy",
        summary: "Critical Analysis and Reasoning Skills rewards a consistent reading process. Identify the author's main claim and tone before you look at the questions, and defend every answer with a line from the passage.",
        lessons: ["Reading for the author's argument", "Answering inference questions"],
        quiz: [
          q("In CARS, a correct inference answer must be:", ["Stated word for word in the passage", "Supported by the passage but not directly stated", "Based on outside knowledge", "The most extreme option"], 1),
          q("A good first step on a dense passage is to:", ["Read the questions and skip the passage", "Identify the author's main claim and tone", "Memorise every detail", "Guess and move on"], 1),
        ],
      },
    ],
    mockExam: { title: "MCAT Full-Length Practice Exam", timeLimitMinutes: 375, scale: "mcat" },
  },
  {
    slug: "waterloo-math-137-exam-prep",
    name: "MATH 137 Exam Prep: Calculus 1",
    courseCode: "MATH 137",
    description: "Short video lessons, worked examples and a full practice final covering everything on the MATH 137 midterm and final, from limits to Taylor polynomials.",
    courseType: "exam_prep",
    status: "published",
    purchaseType: "standard",
    priceCents: 4900,
    regularPriceCents: 6900,
    currency: "CAD",
    packages: { pro: pkg(true, 4900, 6900), practice: pkg(true, 1900, 2900) },
    readAccess: "public",
    instructorEmail: "instructor@demo.test",
    courses: ["waterloo-math-137"],
    welcome: "This course follows the MATH 137 syllabus week by week. Watch the lessons before each lecture if you can, then use the checkpoint quizzes to find the topics you need to revisit before the midterm.",
    chapters: [
      {
        title: "Limits and Continuity",
        summary: "Limits describe what a function approaches, not what it equals. Most exam questions need algebraic simplification, the Squeeze Theorem, or a careful look at one-sided limits.",
        lessons: ["Evaluating limits algebraically", "The Squeeze Theorem", "Continuity and the Intermediate Value Theorem"],
        quiz: [
          q("What is the limit of sin(x)/x as x approaches 0?", ["0", "1", "It does not exist", "Infinity"], 1),
          q("The Intermediate Value Theorem requires the function to be:", ["Differentiable on the open interval", "Continuous on the closed interval", "Increasing on the interval", "Defined only at the endpoints"], 1),
        ],
      },
      {
        title: "Derivatives",
        summary: "Start from the limit definition so you know what a derivative means, then practise the rules until the chain rule is automatic. Implicit differentiation is a favourite on the midterm.",
        lessons: ["The limit definition of the derivative", "Product, quotient and chain rules", "Implicit differentiation"],
        quiz: [
          q("What is the derivative of x² sin(x)?", ["2x cos(x)", "2x sin(x) + x² cos(x)", "2x sin(x) − x² cos(x)", "x² cos(x)"], 1),
          q("If x² + y² = 25, what is dy/dx?", ["−x/y", "x/y", "−y/x", "2x"], 0),
        ],
      },
      {
        title: "Applications of Derivatives",
        summary: "Related rates, curve sketching and the Mean Value Theorem are where marks are won or lost. Draw a diagram first, name every changing quantity, and only then differentiate.",
        lessons: ["Related rates", "Curve sketching with the first and second derivative", "The Mean Value Theorem"],
        quiz: [
          q("A critical point of f occurs where:", ["f(x) = 0", "f′(x) = 0 or f′(x) is undefined", "f″(x) = 0", "f is discontinuous"], 1),
          q("If f″(x) > 0 on an interval, the graph of f is:", ["Concave up", "Concave down", "Decreasing", "Linear"], 0),
        ],
      },
      {
        title: "Taylor Polynomials",
        summary: "Taylor polynomials approximate a function near a point using its derivatives. Expect to build one, use it to estimate a value, and bound the error with Taylor's Theorem.",
        lessons: ["Linear approximation", "Building Taylor polynomials", "Bounding the error with Taylor's Theorem"],
        quiz: [
          q("The second-degree Taylor polynomial of eˣ centred at 0 is:", ["1 + x", "1 + x + x²", "1 + x + x²/2", "x + x²/2"], 2),
          q("The linear approximation of f near a is:", ["f(a) + f′(a)(x − a)", "f′(a)(x − a)", "f(a) + f″(a)(x − a)²", "f(x) − f(a)"], 0),
        ],
      },
    ],
    mockExam: { title: "MATH 137 Practice Final Exam", timeLimitMinutes: 150 },
  },
  {
    slug: "organic-chemistry-1-exam-prep",
    name: "Organic Chemistry 1 Exam Prep",
    courseCode: "CHEM 212",
    description: "Mechanisms, stereochemistry and reactions for a first organic chemistry course, taught with hundreds of practice problems and a timed practice final.",
    courseType: "exam_prep",
    status: "published",
    purchaseType: "standard",
    priceCents: 5900,
    regularPriceCents: 7900,
    currency: "USD",
    packages: { pro: pkg(true, 5900, 7900), practice: pkg(true, 2400, 2900) },
    readAccess: "public",
    instructorEmail: "daniel.okafor@demo.test",
    courses: ["mcgill-chem-212", "umich-chem-210"],
    welcome: "Organic chemistry is learned with a pencil. Pause every video and draw the mechanism yourself before the answer appears, and do the practice problems the same day you watch a lesson.",
    chapters: [
      {
        title: "Structure and Bonding",
        summary: "Skeletal structures, resonance and acidity underpin every mechanism you will meet. If you can rank acids by the stability of their conjugate bases, the rest of the course gets easier.",
        lessons: ["Drawing skeletal structures", "Resonance and formal charge", "Acids and bases in organic chemistry"],
        quiz: [
          q("A stronger acid has a conjugate base that is:", ["More stable", "Less stable", "More basic", "Positively charged"], 0),
          q("Which of these is the most acidic?", ["Ethane", "Ethanol", "Acetic acid", "Ammonia"], 2),
        ],
      },
      {
        title: "Stereochemistry",
        summary: "Stereochemistry is about arrangement in space. Practise assigning R and S quickly and learn to tell enantiomers from diastereomers at a glance.",
        lessons: ["Chirality and stereocentres", "Assigning R and S configurations", "Enantiomers, diastereomers and meso compounds"],
        quiz: [
          q("A molecule with two stereocentres can have at most how many stereoisomers?", ["2", "3", "4", "8"], 2),
          q("A meso compound is:", ["Chiral and optically active", "Achiral despite having stereocentres", "Always a racemic mixture", "A constitutional isomer"], 1),
        ],
      },
      {
        title: "Substitution Reactions",
        summary: "SN1 and SN2 reactions differ in mechanism, kinetics and stereochemistry. Decide between them by looking at the substrate, the nucleophile, the leaving group and the solvent.",
        lessons: ["SN2: mechanism and kinetics", "SN1 and carbocation stability", "Choosing between SN1 and SN2"],
        quiz: [
          q("SN2 reactions proceed with:", ["Retention of configuration", "Inversion of configuration", "Racemisation", "No change at the stereocentre"], 1),
          q("Which carbocation is the most stable?", ["Methyl", "Primary", "Secondary", "Tertiary"], 3),
        ],
      },
      {
        title: "Elimination Reactions",
        summary: "E1 and E2 reactions compete with substitution. The base, the temperature and the geometry of the substrate decide which product you get, and exam questions love bulky bases.",
        lessons: ["E2 and anti-periplanar geometry", "E1 and Zaitsev's rule", "Substitution versus elimination"],
        quiz: [
          q("Zaitsev's rule predicts the major product is the:", ["Least substituted alkene", "Most substituted alkene", "Alkyl halide", "Alcohol"], 1),
          q("A bulky base such as tert-butoxide favours:", ["SN2 products", "The less substituted (Hofmann) alkene", "SN1 products", "No reaction"], 1),
        ],
      },
    ],
    mockExam: { title: "Organic Chemistry 1 Practice Final", timeLimitMinutes: 120 },
  },
  {
    slug: "lsat-logical-reasoning-mastery",
    name: "LSAT Logical Reasoning Mastery",
    courseCode: "LSAT",
    description: "A systematic approach to the Logical Reasoning section: argument structure, conditional logic and every common question type, with a timed practice section.",
    courseType: "exam_prep",
    status: "published",
    purchaseType: "standard",
    priceCents: 14900,
    regularPriceCents: 19900,
    currency: "USD",
    packages: { pro: pkg(true, 14900, 19900), practice: pkg(true, 4900) },
    readAccess: "public",
    instructorEmail: "lsat_instructor@demo.test",
    courses: ["northeastern-phil-1115"],
    welcome: "Logical Reasoning is half of your scored LSAT. Learn the vocabulary of arguments first; every question type afterwards is a variation on finding the gap between premises and conclusion.",
    chapters: [
      {
        title: "Arguments",
        summary: "Every Logical Reasoning stimulus has premises, a conclusion and usually an unstated assumption. Finding the conclusion first is the single most useful habit you can build.",
        lessons: ["Premises, conclusions and assumptions", "Necessary versus sufficient assumptions"],
        quiz: [
          q("A necessary assumption is one that:", ["Guarantees the conclusion", "Must be true for the argument to work", "Weakens the argument", "Restates the conclusion"], 1),
          q("'All cats are mammals; Tom is a mammal; so Tom is a cat.' This argument:", ["Is valid", "Confuses a sufficient condition with a necessary one", "Is a strong inductive argument", "Attacks the person"], 1),
        ],
      },
      {
        title: "Conditional Logic",
        summary: "Conditional statements appear in a third of all questions. Translate them into arrows, take the contrapositive, and never reverse a conditional without negating both sides.",
        lessons: ["Translating if-then statements", "The contrapositive", "Unless, only if and without"],
        quiz: [
          q("The contrapositive of 'If A then B' is:", ["If B then A", "If not A then not B", "If not B then not A", "A and B"], 2),
          q("'Only members may vote' means:", ["If you vote, you are a member", "If you are a member, you vote", "Members must vote", "Non-members may vote"], 0),
        ],
      },
      {
        title: "Strengthen and Weaken Questions",
        summary: "To strengthen or weaken an argument, find the gap between evidence and conclusion and look for an answer that narrows or widens it. Causal arguments are the most common target.",
        lessons: ["Finding the gap in an argument", "Attacking causal claims"],
        quiz: [
          q("A strong way to weaken a causal argument is to show:", ["The cause and effect occur together", "An alternative cause", "The author is biased", "The conclusion is interesting"], 1),
          q("A correct strengthen answer should:", ["Prove the conclusion with certainty", "Make the conclusion more likely", "Restate a premise", "Introduce a new topic"], 1),
        ],
      },
    ],
    mockExam: { title: "Timed Logical Reasoning Section", timeLimitMinutes: 35, scale: "lsat" },
  },
  {
    slug: "general-chemistry-1-complete",
    name: "General Chemistry 1: Complete Course",
    courseCode: "CHEM 110",
    description: "The whole first-term chemistry curriculum in short lessons: atomic structure, bonding, gases and intermolecular forces, with a checkpoint quiz after every chapter.",
    courseType: "tutorial",
    status: "published",
    purchaseType: "standard",
    priceCents: 4400,
    regularPriceCents: 5900,
    currency: "CAD",
    packages: { pro: pkg(true, 4400, 5900), practice: pkg(false, 0) },
    readAccess: "public",
    instructorEmail: "daniel.okafor@demo.test",
    courses: ["mcgill-chem-110", "ubc-chem-121"],
    welcome: "Each chapter matches two to three weeks of lectures. Work through the lessons in order; later chapters assume you are comfortable with electron configurations and Lewis structures.",
    chapters: [
      {
        title: "Atomic Structure",
        summary: "Quantum numbers describe where electrons can be found, and electron configurations explain the shape of the periodic table. Periodic trends follow directly from effective nuclear charge.",
        lessons: ["Quantum numbers and orbitals", "Electron configurations", "Periodic trends"],
        quiz: [
          q("How many orbitals are in a d subshell?", ["3", "5", "7", "10"], 1),
          q("Which element has the largest atomic radius?", ["Fluorine", "Chlorine", "Sodium", "Cesium"], 3),
        ],
      },
      {
        title: "Chemical Bonding",
        summary: "Lewis structures predict how atoms share electrons; VSEPR theory turns them into three-dimensional shapes. Hybridisation connects both pictures to orbitals.",
        lessons: ["Lewis structures and formal charge", "VSEPR and molecular geometry", "Hybridisation"],
        quiz: [
          q("What is the molecular geometry of NH₃?", ["Trigonal planar", "Trigonal pyramidal", "Tetrahedral", "Bent"], 1),
          q("The carbon atoms in ethene are:", ["sp hybridised", "sp² hybridised", "sp³ hybridised", "Not hybridised"], 1),
        ],
      },
      {
        title: "Gases",
        summary: "The ideal gas law ties pressure, volume, temperature and amount together. Keep track of units, convert temperatures to kelvin, and use Dalton's law for mixtures.",
        lessons: ["The ideal gas law", "Partial pressures and mole fractions", "Kinetic molecular theory"],
        quiz: [
          q("At constant temperature, doubling the pressure of an ideal gas:", ["Doubles its volume", "Halves its volume", "Does not change its volume", "Quadruples its volume"], 1),
          q("The gas constant R in L·atm/(mol·K) is approximately:", ["0.0821", "8.314", "1.987", "62.4"], 0),
        ],
      },
      {
        title: "Intermolecular Forces",
        summary: "Intermolecular forces explain boiling points, solubility and phase changes. Rank them as dispersion, dipole-dipole and hydrogen bonding, and remember that size matters for dispersion.",
        lessons: ["Dispersion, dipole and hydrogen-bonding forces", "Phase diagrams"],
        quiz: [
          q("Which compound has the highest boiling point?", ["CH₄", "H₂S", "H₂O", "Ne"], 2),
          q("On a phase diagram, the triple point is where:", ["Only the gas exists", "Solid, liquid and gas coexist", "The liquid boils", "The critical temperature is reached"], 1),
        ],
      },
    ],
  },
  {
    slug: "functional-program-design",
    name: "Functional Program Design in Racket",
    courseCode: "CS 135",
    description: "The design recipe, recursion and higher-order functions, taught for CS 135, CPSC 110 and CS 2500 students with dozens of worked programs.",
    courseType: "tutorial",
    status: "published",
    purchaseType: "standard",
    priceCents: 3900,
    regularPriceCents: 5400,
    currency: "CAD",
    packages: { pro: pkg(true, 3900, 5400), practice: pkg(true, 1400) },
    readAccess: "public",
    instructorEmail: "marcus.bell@demo.test",
    courses: ["waterloo-cs-135", "ubc-cpsc-110", "northeastern-cs-2500"],
    welcome: "These courses grade design, not just working code. Every lesson follows the design recipe, so copy the steps into your own solutions even when the answer seems obvious.",
    chapters: [
      {
        title: "The Design Recipe",
        summary: "The design recipe turns a problem statement into a tested function: data definition, contract, purpose, examples, template, body and tests. Skipping steps is the most common way to lose marks.",
        lessons: ["Data definitions and templates", "Purpose statements and check-expects"],
        quiz: [
          q("In the design recipe, what do you write before the function body?", ["Nothing", "The contract, purpose and examples", "A loop", "Only the tests"], 1),
          q("What does (check-expect (add1 4) 5) do?", ["Defines a function", "Tests that (add1 4) produces 5", "Prints 5", "Raises an error"], 1),
        ],
      },
      {
        title: "Lists and Recursion",
        summary: "Self-referential data definitions lead directly to recursive functions. Follow the template: handle the empty case, then combine the first element with the recursive call on the rest.",
        lessons: ["Self-referential data definitions", "Structural recursion on lists", "Recursion on natural numbers"],
        quiz: [
          q("What is the base case when recursing on a list?", ["The list has one element", "The list is empty", "The first element is 0", "There is no base case"], 1),
          q("What does (cons 1 (cons 2 empty)) represent?", ["The number 12", "A list containing 1 and 2", "A structure with two fields", "An error"], 1),
        ],
      },
      {
        title: "Higher-Order Functions",
        summary: "map, filter and foldr capture the patterns you have been writing by hand. Learn to recognise which one a problem needs, and use lambda for short helper functions.",
        lessons: ["map, filter and foldr", "Lambda expressions", "Abstracting from examples"],
        quiz: [
          q("Which function keeps only the elements that satisfy a predicate?", ["map", "foldr", "filter", "build-list"], 2),
          q("(foldr + 0 (list 1 2 3)) produces:", ["0", "3", "6", "(list 1 2 3)"], 2),
        ],
      },
    ],
  },
  {
    slug: "ap-calculus-ab-review",
    name: "AP Calculus AB Complete Review",
    courseCode: "AP CALC AB",
    description: "Every unit of AP Calculus AB with exam-style practice, free-response strategies and clear explanations of the questions students miss most.",
    courseType: "tutorial",
    status: "published",
    purchaseType: "standard",
    priceCents: 3900,
    regularPriceCents: 5900,
    currency: "USD",
    packages: { pro: pkg(true, 3900, 5900), practice: pkg(true, 1900) },
    readAccess: "public",
    instructorEmail: "sofia.lindqvist@demo.test",
    courses: ["jefferson-high-ap-calc-ab"],
    welcome: "This review follows the College Board's unit order. If your exam is less than six weeks away, start with the checkpoint quizzes and only watch the lessons for the units you miss.",
    chapters: [
      {
        title: "Limits and Continuity",
        summary: "Unit 1 asks you to find limits from graphs, tables and formulas and to justify continuity using the three-part definition. Free-response questions expect the justification in words.",
        lessons: ["Estimating limits from graphs and tables", "Removable and jump discontinuities"],
        quiz: [
          q("A function has a removable discontinuity at x = a when:", ["The limit exists but f(a) is undefined or different", "The left and right limits differ", "The function approaches infinity", "The function is continuous"], 0),
          q("What is the limit of (x² − 4)/(x − 2) as x approaches 2?", ["0", "2", "4", "It does not exist"], 2),
        ],
      },
      {
        title: "Differentiation",
        summary: "Units 2 to 5 cover the rules of differentiation and their uses: motion, related rates and analysing graphs. Link every sign change of f′ and f″ to a feature of the graph of f.",
        lessons: ["Derivative rules", "Motion along a line", "Analysing graphs of f, f′ and f″"],
        quiz: [
          q("If position is s(t) = t³ − 6t, what is the velocity at t = 2?", ["6", "−6", "0", "12"], 0),
          q("Where f′ changes from positive to negative, f has a:", ["Relative minimum", "Relative maximum", "Point of inflection", "Vertical asymptote"], 1),
        ],
      },
      {
        title: "Integration",
        summary: "Units 6 to 8 build the definite integral from Riemann sums and connect it to antiderivatives through the Fundamental Theorem. Area and volume questions appear on almost every exam.",
        lessons: ["Riemann sums and the definite integral", "The Fundamental Theorem of Calculus", "Area and volume"],
        quiz: [
          q("The integral of 2x from 0 to 3 is:", ["6", "9", "3", "18"], 1),
          q("The derivative with respect to x of the integral of cos(t) from 0 to x is:", ["sin(x)", "cos(x)", "−sin(x)", "cos(x) − 1"], 1),
        ],
      },
    ],
  },
  {
    slug: "advanced-functions-mhf4u",
    name: "Grade 12 Advanced Functions (MHF4U)",
    courseCode: "MHF4U",
    description: "The Ontario Grade 12 Advanced Functions curriculum in short lessons with practice for unit tests and the final exam.",
    courseType: "tutorial",
    status: "published",
    purchaseType: "standard",
    priceCents: 3400,
    regularPriceCents: 4900,
    currency: "CAD",
    packages: { pro: pkg(true, 3400, 4900), practice: pkg(false, 0) },
    readAccess: "public",
    instructorEmail: "teacher@demo.test",
    courses: ["lakeview-secondary-mhf4u", "riverside-collegiate-math-30-1"],
    welcome: "Advanced Functions is the bridge to university calculus. Keep a page of function transformations handy: almost every unit reuses them.",
    chapters: [
      {
        title: "Polynomial and Rational Functions",
        summary: "The degree and leading coefficient of a polynomial decide its end behaviour, and the factor theorem finds its zeros. Rational functions add asymptotes and holes.",
        lessons: ["End behaviour and turning points", "The factor theorem", "Asymptotes of rational functions"],
        quiz: [
          q("If f(2) = 0 for a polynomial f, then:", ["x + 2 is a factor", "x − 2 is a factor", "f has no real roots", "f is even"], 1),
          q("The vertical asymptote of f(x) = 1/(x − 3) is:", ["x = 0", "x = 3", "y = 3", "y = 0"], 1),
        ],
      },
      {
        title: "Exponential and Logarithmic Functions",
        summary: "Logarithms undo exponentials. The three laws of logarithms let you solve equations where the unknown is in the exponent, which is exactly what growth and decay problems need.",
        lessons: ["Laws of logarithms", "Solving exponential equations"],
        quiz: [
          q("log₂(32) equals:", ["4", "5", "6", "16"], 1),
          q("Solve 3ˣ = 81.", ["x = 3", "x = 4", "x = 27", "x = 9"], 1),
        ],
      },
      {
        title: "Trigonometric Functions",
        summary: "Radians make trigonometry work smoothly with calculus. Practise graphing sinusoidal functions from their amplitude, period and phase shift, and proving identities one side at a time.",
        lessons: ["Radian measure", "Graphing sinusoidal functions", "Trigonometric identities"],
        quiz: [
          q("π/3 radians equals:", ["30°", "45°", "60°", "90°"], 2),
          q("The period of y = sin(2x) is:", ["π", "2π", "π/2", "4π"], 0),
        ],
      },
    ],
  },
  {
    slug: "introductory-psychology-textbook",
    name: "Introductory Psychology Interactive Textbook",
    courseCode: "PSYC 100",
    description: "A concise interactive textbook for first-year psychology, with key-term flash cards and self-check questions at the end of every chapter.",
    courseType: "textbook",
    status: "published",
    purchaseType: "standard",
    priceCents: 1900,
    regularPriceCents: 2900,
    currency: "USD",
    packages: { pro: pkg(true, 1900, 2900), practice: pkg(false, 0) },
    readAccess: "public",
    instructorEmail: "content_creator@demo.test",
    courses: ["uoft-psy-100", "ucla-psych-10", "mcgill-psyc-100", "westbrook-academy-ap-psych"],
    welcome: "Each chapter is written to be read in under an hour. Use the flash cards at the end of each chapter the day after you read it, then again a week later.",
    chapters: [
      {
        title: "Research Methods",
        summary: "Psychology is a science because it tests claims. Correlational studies show that variables move together; only experiments with random assignment can show that one causes the other.",
        lessons: ["Correlation is not causation", "Designing an experiment", "Ethics in psychological research"],
        quiz: [
          q("In an experiment, the variable the researcher manipulates is the:", ["Dependent variable", "Independent variable", "Confounding variable", "Control group"], 1),
          q("A correlation coefficient of −0.85 indicates:", ["A weak negative relationship", "A strong negative relationship", "No relationship", "A strong positive relationship"], 1),
        ],
      },
      {
        title: "The Brain and Behaviour",
        summary: "Neurons communicate through electrical signals and chemical messengers. Different brain regions specialise in vision, movement, language and planning, but they work together on almost every task.",
        lessons: ["Neurons and neurotransmitters", "Brain structures and their functions"],
        quiz: [
          q("Which lobe processes visual information?", ["Frontal", "Parietal", "Temporal", "Occipital"], 3),
          q("The gap between two neurons is called the:", ["Axon", "Synapse", "Myelin sheath", "Dendrite"], 1),
        ],
      },
      {
        title: "Learning",
        summary: "Classical conditioning pairs stimuli; operant conditioning shapes behaviour through its consequences. Reinforcement always increases a behaviour, whether something is added or taken away.",
        lessons: ["Classical conditioning", "Operant conditioning", "Observational learning"],
        quiz: [
          q("In Pavlov's experiments, the bell became the:", ["Unconditioned stimulus", "Conditioned stimulus", "Unconditioned response", "Neutral response"], 1),
          q("Removing a chore after good behaviour is an example of:", ["Positive reinforcement", "Negative reinforcement", "Positive punishment", "Extinction"], 1),
        ],
      },
      {
        title: "Memory",
        summary: "Memory is a process of encoding, storage and retrieval, and it fails at each stage. The research on forgetting is also the best guide to studying: space your practice and test yourself.",
        lessons: ["Encoding, storage and retrieval", "Why we forget"],
        quiz: [
          q("Short-term memory holds roughly how many items?", ["2 ± 1", "7 ± 2", "20 ± 5", "An unlimited number"], 1),
          q("Spacing study sessions over time improves retention. This is the:", ["Serial position effect", "Spacing effect", "Misinformation effect", "Primacy effect"], 1),
        ],
      },
    ],
  },
  {
    slug: "ubc-math-100-final-exam-prep",
    name: "MATH 100 Final Exam Prep",
    courseCode: "MATH 100",
    description: "A focused review of UBC MATH 100 for the final exam: limits, optimisation and approximation, with a full practice exam. Pre-register now; lessons open three weeks before finals.",
    courseType: "exam_prep",
    status: "preparing",
    purchaseType: "standard",
    priceCents: 4900,
    regularPriceCents: null,
    currency: "CAD",
    packages: { pro: pkg(true, 4900), practice: pkg(true, 1900) },
    readAccess: "public",
    instructorEmail: "sofia.lindqvist@demo.test",
    courses: ["ubc-math-100"],
    welcome: "This review assumes you have attended the term's lectures. Take the practice exam under timed conditions first, then use the chapters to patch the gaps it reveals.",
    chapters: [
      {
        title: "Limits and Derivatives",
        summary: "The final opens with quick limit and derivative computations. They are easy marks if your algebra is fast and careful, so practise them until they are routine.",
        lessons: ["Limits at infinity and asymptotes", "Derivative rules review"],
        quiz: [
          q("The limit of (3x² + 1)/(x² − 4) as x approaches infinity is:", ["0", "1/4", "3", "Infinity"], 2),
          q("The derivative of ln(x² + 1) is:", ["1/(x² + 1)", "2x/(x² + 1)", "2x ln(x² + 1)", "x/(x² + 1)"], 1),
        ],
      },
      {
        title: "Optimisation",
        summary: "Optimisation problems are worth the most marks. Write the quantity to optimise as a function of one variable, find its domain, and check both the critical points and the endpoints.",
        lessons: ["Setting up an optimisation problem", "The closed interval method"],
        quiz: [
          q("To find the absolute maximum of a continuous function on [a, b], check:", ["Only the endpoints", "Only the critical points", "The critical points and the endpoints", "The points where f is zero"], 2),
          q("With 400 m of fence, what is the largest rectangular area a farmer can enclose?", ["10,000 m²", "20,000 m²", "40,000 m²", "5,000 m²"], 0),
        ],
      },
      {
        title: "Approximation",
        summary: "Newton's method and Taylor approximations estimate values that cannot be computed exactly. Show every iteration clearly: partial marks depend on it.",
        lessons: ["Newton's method", "Linear and quadratic approximations"],
        quiz: [
          q("Newton's method updates a guess xₙ to:", ["xₙ − f(xₙ)/f′(xₙ)", "xₙ + f′(xₙ)", "xₙ − f′(xₙ)/f(xₙ)", "f(xₙ)/xₙ"], 0),
          q("Using a linear approximation of √x at 25, √26 is about:", ["5.1", "5.01", "5.2", "5.5"], 0),
        ],
      },
    ],
    mockExam: { title: "MATH 100 Practice Final", timeLimitMinutes: 150 },
  },
  {
    slug: "microeconomics-study-guide",
    name: "Principles of Microeconomics Study Guide",
    courseCode: "ECON 101",
    description: "A compact study guide for first-year microeconomics: supply and demand, elasticity and market structures, with graph-drawing practice.",
    courseType: "tutorial",
    status: "hidden",
    purchaseType: "standard",
    priceCents: 2900,
    regularPriceCents: 3900,
    currency: "CAD",
    packages: { pro: pkg(true, 2900, 3900), practice: pkg(false, 0) },
    readAccess: "wize_profs",
    instructorEmail: "olivia.martin@demo.test",
    courses: ["waterloo-econ-101", "ubc-econ-101", "uoft-eco-101"],
    welcome: "Economics exams are graph exams. Redraw every graph in this guide from memory until you can label each curve and shifted equilibrium without looking.",
    chapters: [
      {
        title: "Supply and Demand",
        summary: "A change in price moves along a curve; a change in anything else shifts it. Most exam errors come from mixing the two up.",
        lessons: ["Shifts versus movements along a curve", "Market equilibrium"],
        quiz: [
          q("If the price of a substitute good rises, demand for the original good:", ["Increases", "Decreases", "Stays the same", "Becomes perfectly inelastic"], 0),
          q("A binding price ceiling causes:", ["A surplus", "A shortage", "No change", "Higher prices"], 1),
        ],
      },
      {
        title: "Elasticity",
        summary: "Elasticity measures how strongly quantity responds to price. It tells a firm whether raising its price will raise or lower total revenue.",
        lessons: ["Price elasticity of demand", "Elasticity and total revenue"],
        quiz: [
          q("If demand is elastic, a price increase will:", ["Increase total revenue", "Decrease total revenue", "Leave revenue unchanged", "Increase the quantity demanded"], 1),
          q("A price elasticity of demand of −0.3 means demand is:", ["Elastic", "Inelastic", "Unit elastic", "Perfectly elastic"], 1),
        ],
      },
      {
        title: "Market Structures",
        summary: "Competitive firms take the price as given; a monopolist chooses it. Both produce where marginal revenue equals marginal cost, but only competition drives long-run profit to zero.",
        lessons: ["Perfect competition in the short and long run", "Monopoly pricing"],
        quiz: [
          q("A profit-maximising firm produces where:", ["Price equals average cost", "Marginal revenue equals marginal cost", "Total revenue is largest", "Average cost is smallest"], 1),
          q("In long-run perfect competition, economic profit is:", ["Positive", "Negative", "Zero", "Undefined"], 2),
        ],
      },
    ],
  },
];
