/** The subjects allowed by the courses.subject check constraint (SPEC §3). */
export type Subject =
  | "accounting"
  | "biology"
  | "biochem"
  | "business"
  | "cars"
  | "chemistry"
  | "orgchem"
  | "compsci"
  | "economics"
  | "engineering"
  | "english"
  | "finance"
  | "logic"
  | "marketing"
  | "mathematics"
  | "physics"
  | "physiology"
  | "psychology"
  | "reading"
  | "reasoning"
  | "statistics"
  | "general";

export interface CourseSeed {
  schoolSlug: string;
  code: string;
  name: string;
  subject: Subject;
  description: string;
  priceCents: number;
  gradeLevel?: string;
  highPriority?: boolean;
  hasClassRep?: boolean;
}

/** "MATH 137" at "waterloo" → "waterloo-math-137". Other seed files refer to courses by this slug. */
export function courseSlug(schoolSlug: string, code: string) {
  return `${schoolSlug}-${code.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

export const courses: readonly CourseSeed[] = [
  // University of Waterloo
  { schoolSlug: "waterloo", code: "MATH 137", name: "Calculus 1 for Honours Mathematics", subject: "mathematics", priceCents: 5900, highPriority: true, hasClassRep: true, description: "Limits, continuity, derivatives and their applications, with an introduction to Taylor polynomials. The first-term calculus course every Math student takes." },
  { schoolSlug: "waterloo", code: "MATH 138", name: "Calculus 2 for Honours Mathematics", subject: "mathematics", priceCents: 5900, description: "Techniques of integration, improper integrals, differential equations and power series. Builds directly on MATH 137." },
  { schoolSlug: "waterloo", code: "MATH 135", name: "Algebra for Honours Mathematics", subject: "mathematics", priceCents: 4900, description: "An introduction to proofs through number theory, modular arithmetic, complex numbers and polynomials." },
  { schoolSlug: "waterloo", code: "CS 135", name: "Designing Functional Programs", subject: "compsci", priceCents: 5400, highPriority: true, description: "Program design with Racket: data definitions, recursion, lists, trees and higher-order functions. Emphasises the design recipe over syntax." },
  { schoolSlug: "waterloo", code: "CHEM 120", name: "Physical and Chemical Properties of Matter", subject: "chemistry", priceCents: 4900, description: "Atomic structure, stoichiometry, gases, thermochemistry and an introduction to chemical equilibrium." },
  { schoolSlug: "waterloo", code: "ECON 101", name: "Introduction to Microeconomics", subject: "economics", priceCents: 3900, description: "Supply and demand, elasticity, consumer choice, costs of production and market structures." },
  { schoolSlug: "waterloo", code: "STAT 230", name: "Probability", subject: "statistics", priceCents: 4900, description: "Counting techniques, discrete and continuous random variables, expectation and the central limit theorem." },
  { schoolSlug: "waterloo", code: "AFM 101", name: "Introduction to Financial Accounting", subject: "accounting", priceCents: 4400, description: "The accounting cycle, financial statements, revenue recognition and the analysis of balance sheet accounts." },

  // McGill University
  { schoolSlug: "mcgill", code: "MATH 140", name: "Calculus 1", subject: "mathematics", priceCents: 4900, highPriority: true, description: "Review of functions, limits, continuity, derivatives, related rates and curve sketching." },
  { schoolSlug: "mcgill", code: "CHEM 110", name: "General Chemistry 1", subject: "chemistry", priceCents: 5400, highPriority: true, hasClassRep: true, description: "Atomic and molecular structure, periodic trends, bonding and the properties of gases, liquids and solids." },
  { schoolSlug: "mcgill", code: "CHEM 212", name: "Introductory Organic Chemistry 1", subject: "orgchem", priceCents: 5900, highPriority: true, description: "Structure, stereochemistry and reactivity of alkanes, alkenes, alkyl halides and alcohols, with an emphasis on mechanisms." },
  { schoolSlug: "mcgill", code: "BIOL 112", name: "Cell and Molecular Biology", subject: "biology", priceCents: 4900, description: "Cell structure, membranes, energy metabolism, DNA replication, gene expression and the cell cycle." },
  { schoolSlug: "mcgill", code: "PHYS 101", name: "Introductory Physics - Mechanics", subject: "physics", priceCents: 4900, description: "Kinematics, Newton's laws, work and energy, momentum and rotational motion for life-science students." },
  { schoolSlug: "mcgill", code: "PSYC 100", name: "Introduction to Psychology", subject: "psychology", priceCents: 3900, description: "A survey of psychology: research methods, the brain, perception, learning, memory, development and social behaviour." },
  { schoolSlug: "mcgill", code: "PHGY 209", name: "Mammalian Physiology 1", subject: "physiology", priceCents: 5400, description: "Physiology of body fluids, blood, nerve and muscle, the cardiovascular system and the respiratory system." },

  // University of British Columbia
  { schoolSlug: "ubc", code: "MATH 100", name: "Differential Calculus with Applications to Physical Sciences and Engineering", subject: "mathematics", priceCents: 4900, highPriority: true, description: "Derivatives and their applications to rates of change, optimisation and approximation, with a focus on modelling physical systems." },
  { schoolSlug: "ubc", code: "CHEM 121", name: "Structure and Bonding in Chemistry", subject: "chemistry", priceCents: 4900, description: "Quantum theory of the atom, chemical bonding, molecular shape and intermolecular forces." },
  { schoolSlug: "ubc", code: "BIOL 112", name: "Biology of the Cell", subject: "biology", priceCents: 4400, description: "The cell as the unit of life: membranes, organelles, metabolism and the flow of genetic information." },
  { schoolSlug: "ubc", code: "CPSC 110", name: "Computation, Programs, and Programming", subject: "compsci", priceCents: 5400, highPriority: true, description: "Systematic program design using a functional language: data-driven templates, recursion, abstraction and search." },
  { schoolSlug: "ubc", code: "COMM 298", name: "Introduction to Finance", subject: "finance", priceCents: 4900, description: "Time value of money, bond and stock valuation, capital budgeting and the trade-off between risk and return." },
  { schoolSlug: "ubc", code: "STAT 200", name: "Elementary Statistics for Applications", subject: "statistics", priceCents: 3900, description: "Descriptive statistics, sampling distributions, confidence intervals and hypothesis tests for means and proportions." },
  { schoolSlug: "ubc", code: "ECON 101", name: "Principles of Microeconomics", subject: "economics", priceCents: 3900, description: "How households and firms make decisions, how markets work, and when government intervention improves outcomes." },

  // University of Toronto
  { schoolSlug: "uoft", code: "MAT 135", name: "Calculus I", subject: "mathematics", priceCents: 4900, highPriority: true, description: "Functions, limits, derivatives and their applications, with examples drawn from the life and social sciences." },
  { schoolSlug: "uoft", code: "CHM 135", name: "Chemistry: Physical Principles", subject: "chemistry", priceCents: 4900, description: "Thermodynamics, equilibrium, acids and bases, electrochemistry and kinetics for science students." },
  { schoolSlug: "uoft", code: "BIO 130", name: "Molecular and Cell Biology", subject: "biology", priceCents: 4400, description: "The molecular basis of life: protein structure, gene regulation, membranes and signalling within the cell." },
  { schoolSlug: "uoft", code: "PSY 100", name: "Introductory Psychology", subject: "psychology", priceCents: 3900, description: "Brief introduction to the major areas of psychology, from neuroscience and perception to personality and mental health." },
  { schoolSlug: "uoft", code: "RSM 100", name: "Introduction to Management", subject: "business", priceCents: 3900, description: "How organisations create value: strategy, marketing, operations, finance and the role of the manager." },
  { schoolSlug: "uoft", code: "BCH 210", name: "Biochemistry I: Proteins, Lipids and Metabolism", subject: "biochem", priceCents: 5400, highPriority: true, description: "Protein structure and function, enzyme kinetics, lipids and membranes, and the central pathways of energy metabolism." },
  { schoolSlug: "uoft", code: "ECO 101", name: "Principles of Microeconomics", subject: "economics", priceCents: 3900, description: "Consumer and producer theory, competitive markets, monopoly and the economics of public policy." },

  // University of Michigan
  { schoolSlug: "umich", code: "MATH 115", name: "Calculus I", subject: "mathematics", priceCents: 4900, highPriority: true, description: "Functions and their graphs, derivatives, the definite integral and the Fundamental Theorem of Calculus, taught in small team-based sections." },
  { schoolSlug: "umich", code: "CHEM 130", name: "General Chemistry: Macroscopic Investigations and Reaction Principles", subject: "chemistry", priceCents: 4900, description: "Stoichiometry, gases, thermochemistry, equilibrium and acid-base chemistry." },
  { schoolSlug: "umich", code: "CHEM 210", name: "Structure and Reactivity I", subject: "orgchem", priceCents: 5900, highPriority: true, hasClassRep: true, description: "The first organic chemistry course: bonding, conformations, stereochemistry, substitution and elimination reactions." },
  { schoolSlug: "umich", code: "EECS 183", name: "Elementary Programming Concepts", subject: "compsci", priceCents: 4400, description: "Programming fundamentals in C++ and Python: variables, control flow, functions, arrays and classes." },
  { schoolSlug: "umich", code: "ECON 101", name: "Principles of Economics I", subject: "economics", priceCents: 3900, description: "Microeconomics: scarcity, markets, consumer and firm behaviour, and market failures." },
  { schoolSlug: "umich", code: "STATS 250", name: "Introduction to Statistics and Data Analysis", subject: "statistics", priceCents: 3900, description: "Exploring data, probability, sampling distributions, inference and regression, with hands-on software labs." },

  // UCLA
  { schoolSlug: "ucla", code: "MATH 31A", name: "Differential and Integral Calculus", subject: "mathematics", priceCents: 4900, highPriority: true, description: "Differential calculus and applications, with an introduction to integration." },
  { schoolSlug: "ucla", code: "CHEM 14A", name: "Atomic and Molecular Structure, Equilibria, Acids and Bases", subject: "chemistry", priceCents: 4900, highPriority: true, description: "Quantum description of atoms, chemical bonding, chemical equilibrium and acid-base chemistry for life-science majors." },
  { schoolSlug: "ucla", code: "LS 7A", name: "Cell and Molecular Biology", subject: "biology", priceCents: 4400, description: "Macromolecules, cell structure, metabolism, gene expression and the experimental methods behind them." },
  { schoolSlug: "ucla", code: "PHYSICS 1A", name: "Mechanics", subject: "physics", priceCents: 4900, description: "Calculus-based mechanics: motion in one and two dimensions, Newton's laws, energy, momentum and gravitation." },
  { schoolSlug: "ucla", code: "PSYCH 10", name: "Introductory Psychology", subject: "psychology", priceCents: 3900, description: "Scientific study of behaviour and mental processes, including learning, cognition, emotion and social psychology." },
  { schoolSlug: "ucla", code: "COM SCI 31", name: "Introduction to Computer Science I", subject: "compsci", priceCents: 4900, description: "Problem solving and programming in C++: types, control structures, functions, arrays, pointers and classes." },

  // Northeastern University
  { schoolSlug: "northeastern", code: "MATH 1341", name: "Calculus 1 for Science and Engineering", subject: "mathematics", priceCents: 4900, highPriority: true, description: "Limits, derivatives, applications of differentiation and an introduction to integrals for science and engineering majors." },
  { schoolSlug: "northeastern", code: "CHEM 1211", name: "General Chemistry 1", subject: "chemistry", priceCents: 4900, description: "Matter and measurement, atomic structure, stoichiometry, reactions in solution and thermochemistry." },
  { schoolSlug: "northeastern", code: "BIOL 1111", name: "General Biology 1", subject: "biology", priceCents: 4400, description: "Biological molecules, cell biology, genetics and the mechanisms of evolution." },
  { schoolSlug: "northeastern", code: "CS 2500", name: "Fundamentals of Computer Science 1", subject: "compsci", priceCents: 5400, highPriority: true, description: "Systematic design of programs in a functional style: structural recursion, abstraction and accumulators." },
  { schoolSlug: "northeastern", code: "ACCT 1201", name: "Financial Accounting and Reporting", subject: "accounting", priceCents: 4400, description: "How businesses record transactions and report results, and how investors read the income statement, balance sheet and cash flow statement." },
  { schoolSlug: "northeastern", code: "MKTG 2201", name: "Introduction to Marketing", subject: "marketing", priceCents: 3900, description: "Customer analysis, segmentation, positioning and the marketing mix, illustrated with current case studies." },
  { schoolSlug: "northeastern", code: "PHIL 1115", name: "Deductive Logic", subject: "logic", priceCents: 3900, description: "Sentential and predicate logic: translation, truth tables and natural deduction proofs." },

  // University of Texas at Austin
  { schoolSlug: "ut-austin", code: "M 408C", name: "Differential and Integral Calculus", subject: "mathematics", priceCents: 4900, highPriority: true, description: "A one-semester treatment of limits, derivatives, integrals and their applications." },
  { schoolSlug: "ut-austin", code: "CH 301", name: "Principles of Chemistry I", subject: "chemistry", priceCents: 4900, description: "Atomic theory, quantum mechanics of the atom, bonding, gases and an introduction to thermodynamics." },
  { schoolSlug: "ut-austin", code: "BIO 311C", name: "Introductory Biology I", subject: "biology", priceCents: 4400, description: "Chemistry of life, cell structure and function, energy transformations and molecular genetics." },
  { schoolSlug: "ut-austin", code: "E M 306", name: "Statics", subject: "engineering", priceCents: 5400, description: "Equilibrium of particles and rigid bodies, trusses and frames, friction, centroids and moments of inertia." },

  // Lakeview Secondary School (Ontario)
  { schoolSlug: "lakeview-secondary", code: "MCR3U", name: "Functions", subject: "mathematics", gradeLevel: "Grade 11", priceCents: 2900, highPriority: true, description: "Linear, quadratic, exponential and trigonometric functions, transformations and financial applications." },
  { schoolSlug: "lakeview-secondary", code: "MHF4U", name: "Advanced Functions", subject: "mathematics", gradeLevel: "Grade 12", priceCents: 2900, highPriority: true, description: "Polynomial, rational, logarithmic and trigonometric functions and rates of change, preparing students for university calculus." },
  { schoolSlug: "lakeview-secondary", code: "SCH4U", name: "Chemistry", subject: "chemistry", gradeLevel: "Grade 12", priceCents: 2900, description: "Organic chemistry, structure and properties, energy changes, equilibrium and electrochemistry." },
  { schoolSlug: "lakeview-secondary", code: "ENG4U", name: "English", subject: "english", gradeLevel: "Grade 12", priceCents: 2400, description: "Analysis of literary texts from a range of periods and the writing of sustained, well-supported essays." },

  // Riverside Collegiate Institute (Alberta)
  { schoolSlug: "riverside-collegiate", code: "MATH 30-1", name: "Mathematics 30-1", subject: "mathematics", gradeLevel: "Grade 12", priceCents: 2900, highPriority: true, description: "Transformations, logarithms, trigonometry, permutations and combinations, in preparation for the diploma exam." },
  { schoolSlug: "riverside-collegiate", code: "BIOLOGY 30", name: "Biology 30", subject: "biology", gradeLevel: "Grade 12", priceCents: 2900, description: "Nervous and endocrine systems, reproduction, cell division, genetics and population dynamics." },
  { schoolSlug: "riverside-collegiate", code: "CHEMISTRY 20", name: "Chemistry 20", subject: "chemistry", gradeLevel: "Grade 11", priceCents: 2400, description: "Bonding, gases, solutions, acids and bases, and quantitative relationships in chemical reactions." },

  // Jefferson High School (Oregon)
  { schoolSlug: "jefferson-high", code: "AP CALC AB", name: "AP Calculus AB", subject: "mathematics", gradeLevel: "AP", priceCents: 3400, highPriority: true, description: "Limits, derivatives, integrals and the Fundamental Theorem of Calculus, aligned with the College Board AP exam." },
  { schoolSlug: "jefferson-high", code: "AP BIO", name: "AP Biology", subject: "biology", gradeLevel: "AP", priceCents: 3400, description: "Evolution, cellular processes, genetics and ecology, with the lab skills tested on the AP exam." },
  { schoolSlug: "jefferson-high", code: "ALG 2", name: "Algebra II", subject: "mathematics", gradeLevel: "Grade 10", priceCents: 2400, description: "Polynomial, rational, exponential and logarithmic functions, systems of equations and an introduction to sequences." },

  // Westbrook Academy (Illinois)
  { schoolSlug: "westbrook-academy", code: "AP CHEM", name: "AP Chemistry", subject: "chemistry", gradeLevel: "AP", priceCents: 3400, description: "Atomic structure, bonding, kinetics, equilibrium and thermodynamics at the level of a first-year college course." },
  { schoolSlug: "westbrook-academy", code: "AP PSYCH", name: "AP Psychology", subject: "psychology", gradeLevel: "AP", priceCents: 2900, description: "Biological bases of behaviour, cognition, development, motivation and clinical psychology." },
  { schoolSlug: "westbrook-academy", code: "GEOMETRY", name: "Geometry", subject: "mathematics", gradeLevel: "Grade 9", priceCents: 2400, description: "Congruence, similarity, right-triangle trigonometry, circles and two-column proofs." },
  { schoolSlug: "westbrook-academy", code: "ENGLISH 11", name: "American Literature and Composition", subject: "english", gradeLevel: "Grade 11", priceCents: 2400, description: "Major works of American literature alongside argumentative and research writing." },
];
