/** Demo practice questions: each course's practice sets, with topics for the study stats. */

/** A practice question of a course's practice set: `topic` is what study stats group accuracy by. */
export interface PracticeQuestionSeed {
  topic: string;
  prompt: string;
  choices: string[];
  /** index into choices of the right answer */
  answerIndex: number;
  /** one or two sentences saying why the right answer is right (and, where useful, the trap in a wrong one) */
  explanation: string;
}

/** Practice questions per online course slug, then per chapter title (each chapter's "Practice problems" set). */
export const practiceQuestions: Record<string, Record<string, PracticeQuestionSeed[]>> = {
  "waterloo-math-137-exam-prep": {
    "Limits and Continuity": [
      {
        topic: "Evaluating limits algebraically",
        prompt: "Evaluate lim x→3 (x² − 9)/(x − 3).",
        choices: ["0", "6", "3", "The limit does not exist"],
        answerIndex: 1,
        explanation:
          "Factor x² − 9 = (x − 3)(x + 3) and cancel x − 3 (allowed since x ≠ 3 in the limit), leaving lim x→3 (x + 3) = 6. Direct substitution gives 0/0, which is indeterminate, not a value of 0.",
      },
      {
        topic: "Evaluating limits algebraically",
        prompt: "Evaluate lim x→0 (√(x + 4) − 2)/x.",
        choices: ["1/2", "0", "1/4", "The limit does not exist"],
        answerIndex: 2,
        explanation: "Multiply by the conjugate √(x + 4) + 2: the numerator becomes (x + 4) − 4 = x, so the expression is 1/(√(x + 4) + 2), which tends to 1/(2 + 2) = 1/4.",
      },
      {
        topic: "Evaluating limits algebraically",
        prompt: "Evaluate lim x→∞ (3x² − 5x + 1)/(2x² + 7).",
        choices: ["3/2", "0", "∞", "1/7"],
        answerIndex: 0,
        explanation: "Divide numerator and denominator by x²: (3 − 5/x + 1/x²)/(2 + 7/x²) → 3/2. When the degrees are equal, the limit at infinity is the ratio of the leading coefficients.",
      },
      {
        topic: "The Squeeze Theorem",
        prompt: "Evaluate lim x→0 x² sin(1/x).",
        choices: ["1", "The limit does not exist because sin(1/x) oscillates", "−1", "0"],
        answerIndex: 3,
        explanation:
          "Since −1 ≤ sin(1/x) ≤ 1, we have −x² ≤ x² sin(1/x) ≤ x², and both bounds tend to 0, so the limit is 0 by the Squeeze Theorem. sin(1/x) alone has no limit, but the x² factor forces the product to 0.",
      },
      {
        topic: "The Squeeze Theorem",
        prompt: "Suppose 4x − 9 ≤ f(x) ≤ x² − 4x + 7 for all x ≥ 0. What is lim x→4 f(x)?",
        choices: ["4", "9", "7", "The limit cannot be determined from this information"],
        answerIndex: 2,
        explanation: "Both bounds are continuous and agree at x = 4: 4(4) − 9 = 7 and 16 − 16 + 7 = 7. By the Squeeze Theorem, lim x→4 f(x) = 7 even though f itself is not given.",
      },
      {
        topic: "The Squeeze Theorem",
        prompt: "Evaluate lim x→∞ (cos x)/x.",
        choices: ["0", "1", "The limit does not exist because cos x oscillates", "−1"],
        answerIndex: 0,
        explanation: "For x > 0, −1/x ≤ (cos x)/x ≤ 1/x, and ±1/x → 0 as x → ∞, so the limit is 0 by the Squeeze Theorem. The oscillation of cos x is bounded, and dividing by x damps it out.",
      },
      {
        topic: "Continuity and the Intermediate Value Theorem",
        prompt: "For which function does the Intermediate Value Theorem guarantee a root in the interval [1, 2]?",
        choices: ["f(x) = x² + 1", "f(x) = x³ − x − 1", "f(x) = 1/(x − 1.5)", "f(x) = x² − 5"],
        answerIndex: 1,
        explanation:
          "x³ − x − 1 is continuous on [1, 2] with f(1) = −1 < 0 < 5 = f(2), so it has a root there. 1/(x − 1.5) also changes sign but is not continuous at x = 1.5 (and has no root), so the IVT does not apply to it.",
      },
      {
        topic: "Continuity and the Intermediate Value Theorem",
        prompt: "Let f(x) = cx + 1 for x < 2 and f(x) = x² − c for x ≥ 2. For which value of c is f continuous everywhere?",
        choices: ["c = 3", "c = 5/3", "c = −1", "c = 1"],
        answerIndex: 3,
        explanation: "Each piece is continuous, so only x = 2 matters: the left limit 2c + 1 must equal f(2) = 4 − c, giving 3c = 3 and c = 1. Getting c = 3 comes from the sign slip 2c + 1 = 4 + c.",
      },
    ],
    Derivatives: [
      {
        topic: "The limit definition of the derivative",
        prompt: "Evaluate lim h→0 ((2 + h)³ − 8)/h.",
        choices: ["0", "12", "8", "6"],
        answerIndex: 1,
        explanation: "This is the limit definition of f′(2) for f(x) = x³, and f′(x) = 3x² gives f′(2) = 12. Directly: (2 + h)³ − 8 = 12h + 6h² + h³, so the quotient is 12 + 6h + h² → 12.",
      },
      {
        topic: "The limit definition of the derivative",
        prompt: "For f(x) = 1/x, the difference quotient (f(x + h) − f(x))/h simplifies, for h ≠ 0, to which expression?",
        choices: ["1/(x(x + h))", "−h/(x(x + h))", "−1/(x + h)²", "−1/(x(x + h))"],
        answerIndex: 3,
        explanation: "1/(x + h) − 1/x = (x − (x + h))/(x(x + h)) = −h/(x(x + h)); dividing by h gives −1/(x(x + h)). Letting h → 0 then yields f′(x) = −1/x².",
      },
      {
        topic: "The limit definition of the derivative",
        prompt: "Which statement about f(x) = |x| at x = 0 is true?",
        choices: ["f′(0) = 0", "f is not continuous at 0", "f is continuous at 0 but f′(0) does not exist", "f′(0) = 1"],
        answerIndex: 2,
        explanation:
          "The difference quotient is |h|/h, which is 1 for h > 0 and −1 for h < 0, so the one-sided limits differ and f′(0) does not exist. f is still continuous at 0: continuity does not imply differentiability.",
      },
      {
        topic: "Product, quotient and chain rules",
        prompt: "Find f′(x) for f(x) = sin²(3x).",
        choices: ["6 sin(3x) cos(3x)", "2 sin(3x) cos(3x)", "2 cos(3x)", "−6 sin(3x) cos(3x)"],
        answerIndex: 0,
        explanation:
          "Apply the chain rule twice: the outer square gives 2 sin(3x), sin gives cos(3x), and the inner 3x gives 3, so f′(x) = 6 sin(3x) cos(3x) = 3 sin(6x). Dropping the inner factor 3 is the usual slip.",
      },
      {
        topic: "Product, quotient and chain rules",
        prompt: "Find the derivative of f(x) = x/(x² + 1).",
        choices: ["(x² − 1)/(x² + 1)²", "1/(2x)", "(1 − x²)/(x² + 1)²", "(3x² + 1)/(x² + 1)²"],
        answerIndex: 2,
        explanation:
          "By the quotient rule, f′(x) = ((x² + 1)(1) − x(2x))/(x² + 1)² = (1 − x²)/(x² + 1)². Reversing the order in the numerator (bottom′·top first) gives the wrong sign, (x² − 1)/(x² + 1)².",
      },
      {
        topic: "Product, quotient and chain rules",
        prompt: "Let h(x) = f(g(x)), where g(1) = 2, g′(1) = 3, f′(1) = 4 and f′(2) = 5. What is h′(1)?",
        choices: ["12", "10", "6", "15"],
        answerIndex: 3,
        explanation: "By the chain rule, h′(1) = f′(g(1))·g′(1) = f′(2)·3 = 15. Using f′(1) instead of f′(g(1)) = f′(2) gives the trap answer 12.",
      },
      {
        topic: "Implicit differentiation",
        prompt: "Find the slope of the tangent line to the circle x² + y² = 25 at the point (3, 4).",
        choices: ["3/4", "−3/4", "−4/3", "4/3"],
        answerIndex: 1,
        explanation: "Differentiating implicitly, 2x + 2y·dy/dx = 0, so dy/dx = −x/y = −3/4 at (3, 4). The answer 4/3 is the slope of the radius, which is perpendicular to the tangent.",
      },
      {
        topic: "Implicit differentiation",
        prompt: "Find dy/dx for the curve x³ + y³ = 6xy.",
        choices: ["(2y − x²)/(y² − 2x)", "(x² − 2y)/(y² − 2x)", "−x²/y²", "(2y − x²)/(y² + 2x)"],
        answerIndex: 0,
        explanation:
          "Differentiating: 3x² + 3y²·y′ = 6y + 6x·y′ (product rule on 6xy), so y′(3y² − 6x) = 6y − 3x² and y′ = (2y − x²)/(y² − 2x). Forgetting the product rule on the right side leads to answers like −x²/y².",
      },
    ],
    "Applications of Derivatives": [
      {
        topic: "Related rates",
        prompt: "A spherical balloon is inflated so that its volume increases at 100 cm³/s. How fast is the radius increasing when the diameter is 50 cm?",
        choices: ["1/(100π) cm/s", "1/(25π) cm/s", "1/π cm/s", "25π cm/s"],
        answerIndex: 1,
        explanation: "V = (4/3)πr³ gives dV/dt = 4πr²·dr/dt. With r = 25 cm, dr/dt = 100/(4π·625) = 1/(25π) cm/s. Using the diameter 50 as the radius gives the trap 1/(100π).",
      },
      {
        topic: "Related rates",
        prompt: "A 10 m ladder leans against a vertical wall. Its base slides away from the wall at 1 m/s. How fast is the top of the ladder sliding down the wall when the base is 6 m from the wall?",
        choices: ["4/3 m/s", "1 m/s", "3/5 m/s", "3/4 m/s"],
        answerIndex: 3,
        explanation: "From x² + y² = 100, 2x·dx/dt + 2y·dy/dt = 0. When x = 6, y = 8, so dy/dt = −(6·1)/8 = −3/4: the top slides down at 3/4 m/s. Swapping x and y gives 4/3.",
      },
      {
        topic: "Related rates",
        prompt: "Water is pumped at 2 m³/min into a tank shaped like an inverted cone with height 4 m and top radius 2 m. How fast is the water level rising when the water is 3 m deep?",
        choices: ["8/(9π) m/min", "2/(9π) m/min", "8/(27π) m/min", "9π/8 m/min"],
        answerIndex: 0,
        explanation:
          "By similar triangles r = h/2, so V = (1/3)π(h/2)²h = πh³/12 and dV/dt = (πh²/4)·dh/dt. At h = 3, dh/dt = 2·4/(9π) = 8/(9π) m/min. Taking r = h instead of using similar triangles gives 2/(9π).",
      },
      {
        topic: "Curve sketching with the first and second derivative",
        prompt: "On which interval is f(x) = x³ − 3x² concave up?",
        choices: ["(0, 2)", "(−∞, 1)", "(1, ∞)", "(2, ∞)"],
        answerIndex: 2,
        explanation: "f″(x) = 6x − 6 > 0 exactly when x > 1, so f is concave up on (1, ∞). The interval (0, 2) is where f′(x) = 3x² − 6x < 0, i.e. where f is decreasing, not its concavity.",
      },
      {
        topic: "Curve sketching with the first and second derivative",
        prompt: "f(x) = x⁴ − 4x³ has critical points at x = 0 and x = 3. Which statement is true?",
        choices: ["Local max at x = 0 and local min at x = 3", "Local min at x = 0 and at x = 3", "Local max at x = 3 only", "Local min at x = 3 only; x = 0 is not a local extremum"],
        answerIndex: 3,
        explanation:
          "f′(x) = 4x²(x − 3) is negative on both sides of x = 0, so f keeps decreasing there (x = 0 is an inflection point, not an extremum). f′ changes from negative to positive at x = 3, giving a local minimum.",
      },
      {
        topic: "Curve sketching with the first and second derivative",
        prompt: "Suppose f′(c) = 0 and f″(c) = 0. What can you conclude about f at x = c?",
        choices: ["f has a local maximum at c", "No conclusion can be drawn without more information", "f has an inflection point at c", "f has a local minimum at c"],
        answerIndex: 1,
        explanation:
          "The second derivative test is inconclusive when f″(c) = 0. At c = 0, x⁴ has a minimum, −x⁴ a maximum and x³ neither, yet all three have f′(0) = f″(0) = 0; use the first derivative test instead.",
      },
      {
        topic: "The Mean Value Theorem",
        prompt: "Find the value of c guaranteed by the Mean Value Theorem for f(x) = x³ on the interval [0, 3].",
        choices: ["c = 3/2", "c = √3", "c = 1", "c = 3"],
        answerIndex: 1,
        explanation: "The average rate of change is (27 − 0)/(3 − 0) = 9, so we solve f′(c) = 3c² = 9, giving c = √3, which lies in (0, 3). The midpoint 3/2 is not the MVT point in general.",
      },
      {
        topic: "The Mean Value Theorem",
        prompt: "f is differentiable everywhere, f(0) = −3 and f′(x) ≤ 5 for all x. What is the largest possible value of f(2)?",
        choices: ["7", "10", "5", "13"],
        answerIndex: 0,
        explanation: "By the MVT, f(2) − f(0) = 2f′(c) for some c in (0, 2), so f(2) ≤ −3 + 2·5 = 7, attained by f(x) = 5x − 3. Forgetting to add f(0) = −3 gives the trap 10.",
      },
    ],
    "Taylor Polynomials": [
      {
        topic: "Linear approximation",
        prompt: "Use the linear approximation of f(x) = √x at a = 4 to estimate √4.1.",
        choices: ["2.05", "2.025", "2.0025", "2.1"],
        answerIndex: 1,
        explanation: "f(4) = 2 and f′(x) = 1/(2√x) gives f′(4) = 1/4, so L(x) = 2 + (1/4)(x − 4) and L(4.1) = 2 + 0.025 = 2.025 (the true value is about 2.02485).",
      },
      {
        topic: "Linear approximation",
        prompt: "The tangent line to f(x) = √x at a = 4 is used to estimate √4.1. Which statement correctly describes the estimate and why?",
        choices: ["An underestimate, because √x is concave down", "An overestimate, because √x is increasing", "An overestimate, because √x is concave down", "Exact, because 4.1 is close to 4"],
        answerIndex: 2,
        explanation:
          "f″(x) = −1/(4x√x) < 0, so √x is concave down and its tangent lines lie above the graph: the linear estimate is an overestimate. Whether f is increasing says nothing about the sign of the error.",
      },
      {
        topic: "Linear approximation",
        prompt: "Using the linear approximation of f(x) = ln x at a = 1, estimate ln(1.02).",
        choices: ["1.02", "0.2", "0", "0.02"],
        answerIndex: 3,
        explanation: "f(1) = 0 and f′(1) = 1/1 = 1, so L(x) = x − 1 and ln(1.02) ≈ 0.02 (the true value is about 0.0198).",
      },
      {
        topic: "Building Taylor polynomials",
        prompt: "What is the degree 3 Taylor polynomial of f(x) = eˣ centred at a = 0?",
        choices: ["1 + x + x² + x³", "1 + x + x²/2 + x³/6", "x + x²/2 + x³/3", "1 + x + x²/2 + x³/3"],
        answerIndex: 1,
        explanation:
          "Every derivative of eˣ equals 1 at 0, so the coefficient of xᵏ is 1/k!, giving 1 + x + x²/2! + x³/3! = 1 + x + x²/2 + x³/6. Dividing by k instead of k! gives the wrong x³ coefficient 1/3.",
      },
      {
        topic: "Building Taylor polynomials",
        prompt: "What is the degree 2 Taylor polynomial of f(x) = ln x centred at a = 1?",
        choices: ["(x − 1) − (x − 1)²/2", "(x − 1) + (x − 1)²/2", "(x − 1) − (x − 1)²", "1 + (x − 1) − (x − 1)²/2"],
        answerIndex: 0,
        explanation: "f(1) = 0, f′(x) = 1/x gives f′(1) = 1, and f″(x) = −1/x² gives f″(1) = −1. So P₂(x) = 0 + (x − 1) + (−1/2!)(x − 1)² = (x − 1) − (x − 1)²/2.",
      },
      {
        topic: "Building Taylor polynomials",
        prompt: "The degree 3 Taylor polynomial of f centred at 0 is P₃(x) = 2 − x + 3x² − x³. What is f″(0)?",
        choices: ["3", "3/2", "6", "−1"],
        answerIndex: 2,
        explanation: "The coefficient of x² in a Taylor polynomial is f″(0)/2!, so f″(0)/2 = 3 and f″(0) = 6. Reading the coefficient 3 off directly forgets the factorial.",
      },
      {
        topic: "Bounding the error with Taylor's Theorem",
        prompt: "sin(0.1) is approximated by P₃(0.1) = 0.1 − (0.1)³/6. Using Taylor's Theorem with the degree 3 remainder and |f⁽⁴⁾(x)| = |sin x| ≤ 1, which bound on the error is correct?",
        choices: ["(0.1)³/6", "(0.1)⁴/4", "(0.1)⁴", "(0.1)⁴/24"],
        answerIndex: 3,
        explanation:
          "Taylor's Theorem gives sin(0.1) − P₃(0.1) = f⁽⁴⁾(c)(0.1)⁴/4! for some c between 0 and 0.1, so |error| ≤ 1·(0.1)⁴/24 ≈ 4.2 × 10⁻⁶. The remainder uses the next power, 4, and divides by 4!, not 4.",
      },
      {
        topic: "Bounding the error with Taylor's Theorem",
        prompt:
          "Pₙ(1), the degree n Taylor polynomial of eˣ at 0 evaluated at x = 1, approximates e. Taylor's Theorem gives |e − Pₙ(1)| ≤ 3/(n + 1)!. What is the smallest n for which this bound guarantees an error below 0.001?",
        choices: ["n = 4", "n = 6", "n = 5", "n = 7"],
        answerIndex: 1,
        explanation: "The remainder is eᶜ/(n + 1)! with 0 < c < 1 and eᶜ < 3. For n = 5 the bound is 3/6! = 3/720 ≈ 0.0042, too big; for n = 6 it is 3/7! = 3/5040 ≈ 0.0006 < 0.001.",
      },
    ],
  },
  "mcat-self-paced": {
    "Biochemistry Foundations": [
      {
        topic: "Amino acids and protein structure",
        prompt: "Which amino acid has a side chain that carries a net positive charge at physiological pH (7.4)?",
        choices: ["Aspartate", "Histidine", "Serine", "Lysine"],
        answerIndex: 3,
        explanation:
          "Lysine's side-chain amino group has a pKa of about 10.5, so it is protonated (+1) at pH 7.4. Histidine is the trap: its imidazole pKa is about 6, so it is mostly uncharged at pH 7.4; aspartate is negatively charged.",
      },
      {
        topic: "Amino acids and protein structure",
        prompt: "Which interaction is primarily responsible for stabilizing α-helices and β-pleated sheets?",
        choices: [
          "Disulfide bonds between cysteine side chains",
          "Hydrophobic interactions among nonpolar side chains",
          "Hydrogen bonds between backbone C=O and N–H groups",
          "Ionic bonds between charged side chains",
        ],
        answerIndex: 2,
        explanation:
          "Secondary structure is defined by hydrogen bonds between backbone carbonyl oxygens and amide hydrogens. Side-chain interactions such as disulfide bonds, hydrophobic packing and salt bridges stabilize tertiary structure.",
      },
      {
        topic: "Amino acids and protein structure",
        prompt: "Glycine has pKa values of 2.34 (carboxyl group) and 9.60 (amino group). What is its isoelectric point?",
        choices: ["2.34", "5.97", "7.00", "9.60"],
        answerIndex: 1,
        explanation: "For an amino acid with no ionizable side chain, pI is the average of the two pKa values: (2.34 + 9.60)/2 = 5.97. At this pH glycine exists mainly as the neutral zwitterion.",
      },
      {
        topic: "Enzyme kinetics and inhibition",
        prompt: "How does a competitive inhibitor affect the apparent Km and Vmax of an enzyme?",
        choices: ["Km increases and Vmax is unchanged", "Km is unchanged and Vmax decreases", "Km and Vmax both decrease", "Km decreases and Vmax is unchanged"],
        answerIndex: 0,
        explanation:
          "A competitive inhibitor binds the active site, so more substrate is needed to reach half-maximal velocity (Km rises), but enough substrate outcompetes it and Vmax is unchanged. Unchanged Km with lower Vmax describes noncompetitive inhibition.",
      },
      {
        topic: "Enzyme kinetics and inhibition",
        prompt: "An enzyme obeying Michaelis–Menten kinetics has Km = 2 mM and Vmax = 100 μmol/min. What is the reaction velocity when [S] = 6 mM?",
        choices: ["50 μmol/min", "25 μmol/min", "75 μmol/min", "300 μmol/min"],
        answerIndex: 2,
        explanation: "v = Vmax[S]/(Km + [S]) = 100 × 6/(2 + 6) = 75 μmol/min. The velocity is Vmax/2 = 50 only when [S] = Km.",
      },
      {
        topic: "Enzyme kinetics and inhibition",
        prompt: "On a Lineweaver–Burk (double reciprocal) plot, how do the lines for an enzyme with and without a pure noncompetitive inhibitor compare?",
        choices: ["They intersect on the y-axis", "They are parallel", "They intersect to the left of the y-axis, above the x-axis", "They intersect on the x-axis"],
        answerIndex: 3,
        explanation:
          "A pure noncompetitive inhibitor lowers Vmax (raising the y-intercept 1/Vmax) but leaves Km unchanged, so both lines share the x-intercept −1/Km. Lines meeting on the y-axis indicate competitive inhibition; parallel lines indicate uncompetitive inhibition.",
      },
      {
        topic: "Metabolism: from glycolysis to oxidative phosphorylation",
        prompt: "What is the net ATP yield of glycolysis per molecule of glucose?",
        choices: ["4 ATP", "2 ATP", "30–32 ATP", "0 ATP"],
        answerIndex: 1,
        explanation:
          "Glycolysis invests 2 ATP (hexokinase and PFK-1) and produces 4 ATP by substrate-level phosphorylation, a net gain of 2 ATP, along with 2 NADH and 2 pyruvate. 30–32 ATP is the yield of complete aerobic oxidation.",
      },
      {
        topic: "Metabolism: from glycolysis to oxidative phosphorylation",
        prompt: "Which enzyme catalyzes the rate-limiting, committed step of glycolysis?",
        choices: ["Phosphofructokinase-1", "Hexokinase", "Pyruvate kinase", "Glyceraldehyde-3-phosphate dehydrogenase"],
        answerIndex: 0,
        explanation:
          "PFK-1 converts fructose-6-phosphate to fructose-1,6-bisphosphate, the committed step; it is activated by AMP and fructose-2,6-bisphosphate and inhibited by ATP and citrate. Hexokinase's product, glucose-6-phosphate, can still enter other pathways.",
      },
      {
        topic: "Metabolism: from glycolysis to oxidative phosphorylation",
        prompt: "2,4-Dinitrophenol (DNP) carries protons across the inner mitochondrial membrane. What happens in mitochondria treated with DNP?",
        choices: [
          "Both oxygen consumption and ATP synthesis stop",
          "Oxygen consumption increases while ATP synthesis decreases",
          "ATP synthesis increases because the proton gradient grows",
          "Oxygen consumption decreases while ATP synthesis is unchanged",
        ],
        answerIndex: 1,
        explanation:
          "DNP is an uncoupler: it dissipates the proton gradient, so ATP synthase loses its driving force while the electron transport chain runs faster, consuming more O₂ and releasing energy as heat. Inhibitors like cyanide, by contrast, stop both O₂ use and ATP synthesis.",
      },
    ],
    "Chemical and Physical Foundations": [
      {
        topic: "Kinematics and forces",
        prompt: "A ball is thrown horizontally at 10 m/s from the top of a 20 m cliff. Ignoring air resistance and taking g = 10 m/s², how far from the base of the cliff does it land?",
        choices: ["10 m", "14 m", "20 m", "40 m"],
        answerIndex: 2,
        explanation: "Vertical and horizontal motion are independent: 20 = ½(10)t² gives t = 2 s, and the horizontal distance is 10 m/s × 2 s = 20 m. Dropping the ½ gives t = √2 s and the trap 14 m.",
      },
      {
        topic: "Kinematics and forces",
        prompt: "A 10 kg block slides down a frictionless ramp inclined at 30° to the horizontal. What is its acceleration? (g = 10 m/s²)",
        choices: ["8.7 m/s²", "5.0 m/s²", "10 m/s²", "50 m/s²"],
        answerIndex: 1,
        explanation:
          "The component of gravity along the ramp is mg sin θ, so a = g sin 30° = 10 × 0.5 = 5.0 m/s², independent of mass. Using cos 30° gives 8.7 m/s², and 50 is the force in newtons, not the acceleration.",
      },
      {
        topic: "Kinematics and forces",
        prompt: "A 60 kg person stands on a scale in an elevator that is accelerating upward at 2 m/s². What does the scale read? (g = 10 m/s²)",
        choices: ["720 N", "600 N", "480 N", "120 N"],
        answerIndex: 0,
        explanation: "Newton's second law upward: N − mg = ma, so N = m(g + a) = 60 × 12 = 720 N. 480 N would be the reading if the elevator accelerated downward at 2 m/s².",
      },
      {
        topic: "Fluids and circulation",
        prompt:
          "Blood flows steadily through a vessel that narrows to half its original radius. Treating blood as an incompressible fluid, how does its speed in the narrow section compare with that in the wide section?",
        choices: ["It doubles", "It quadruples", "It increases 16-fold", "It decreases to one quarter"],
        answerIndex: 1,
        explanation:
          "By the continuity equation A₁v₁ = A₂v₂, and area is proportional to r², so halving the radius cuts the area to 1/4 and the speed rises 4-fold. The factor 16 (r⁴) belongs to Poiseuille's law for flow rate, not to speed.",
      },
      {
        topic: "Fluids and circulation",
        prompt: "According to Poiseuille's law, if a blood vessel's radius is halved while the pressure difference, length and viscosity stay the same, what happens to the volumetric flow rate?",
        choices: ["It falls to 1/16 of the original", "It halves", "It falls to 1/4 of the original", "It increases 16-fold"],
        answerIndex: 0,
        explanation:
          "Poiseuille's law gives Q = πr⁴ΔP/(8ηL), so flow is proportional to r⁴ and halving r reduces flow by a factor of 2⁴ = 16. This strong dependence is why small changes in arteriole radius control blood flow so effectively.",
      },
      {
        topic: "Fluids and circulation",
        prompt: "A solid block with density 800 kg/m³ floats in fresh water (density 1000 kg/m³). What fraction of its volume is submerged?",
        choices: ["20%", "50%", "100%, so it sinks", "80%"],
        answerIndex: 3,
        explanation: "A floating object displaces its own weight of water, so the submerged fraction equals ρ(object)/ρ(fluid) = 800/1000 = 80%. 20% is the fraction above the surface.",
      },
      {
        topic: "Electrochemistry",
        prompt: "A galvanic cell is built from Zn²⁺/Zn (E° = −0.76 V) and Cu²⁺/Cu (E° = +0.34 V) half-cells. What is the standard cell potential?",
        choices: ["+0.42 V", "+1.10 V", "−1.10 V", "−0.42 V"],
        answerIndex: 1,
        explanation:
          "Copper, with the higher reduction potential, is the cathode: E°cell = E°cathode − E°anode = 0.34 − (−0.76) = +1.10 V. Simply adding the two reduction potentials gives the trap −0.42 V.",
      },
      {
        topic: "Electrochemistry",
        prompt: "A current of 9.65 A passes through aqueous CuSO₄ for 1000 s. How many moles of copper metal are deposited at the cathode? (F ≈ 96,500 C/mol e⁻)",
        choices: ["0.1 mol", "0.2 mol", "0.05 mol", "0.025 mol"],
        answerIndex: 2,
        explanation:
          "Charge = 9.65 A × 1000 s = 9650 C, which is 9650/96,500 = 0.1 mol of electrons. Cu²⁺ + 2e⁻ → Cu needs 2 electrons per atom, so 0.05 mol Cu is deposited; 0.1 mol forgets the factor of 2.",
      },
      {
        topic: "Electrochemistry",
        prompt: "A redox reaction has a positive standard cell potential, E° > 0. Which is true of its standard free energy change and equilibrium constant?",
        choices: ["ΔG° > 0 and K < 1", "ΔG° < 0 and K < 1", "ΔG° > 0 and K > 1", "ΔG° < 0 and K > 1"],
        answerIndex: 3,
        explanation:
          "ΔG° = −nFE°, so a positive E° means a negative ΔG°, and ΔG° = −RT ln K then requires ln K > 0, i.e. K > 1. The reaction is spontaneous under standard conditions and favours products.",
      },
    ],
    "Psychological and Social Foundations": [
      {
        topic: "Sensation and perception",
        prompt: "A participant can just detect the difference between a 100 g weight and a 105 g weight. According to Weber's law, what is the just-noticeable difference for a 200 g weight?",
        choices: ["5 g", "10 g", "20 g", "2.5 g"],
        answerIndex: 1,
        explanation:
          "Weber's law says the JND is a constant fraction of the stimulus: here 5/100 = 0.05, so for 200 g the JND is 0.05 × 200 = 10 g. Keeping the JND at a fixed 5 g ignores the proportional relationship.",
      },
      {
        topic: "Sensation and perception",
        prompt: "In signal detection theory, a radiologist who reports a tumour on a scan when no tumour is present has made which type of response?",
        choices: ["Hit", "Miss", "False alarm", "Correct rejection"],
        answerIndex: 2,
        explanation:
          "Saying the signal is present when it is absent is a false alarm. A miss is the opposite error (failing to report a tumour that is there); a liberal response criterion raises both hits and false alarms.",
      },
      {
        topic: "Sensation and perception",
        prompt: "A reader easily understands a sentence in which several words are misspelled, because expectations and context fill in the intended words. This best illustrates which process?",
        choices: ["Top-down processing", "Bottom-up processing", "Sensory adaptation", "Feature detection"],
        answerIndex: 0,
        explanation:
          "Top-down processing uses prior knowledge, expectations and context to interpret sensory input. Bottom-up processing and feature detection build perception from the raw stimulus features, which here are actually wrong.",
      },
      {
        topic: "Social psychology and group behaviour",
        prompt: "A man collapses on a crowded subway platform. Many people see him, but each assumes someone else will call for help, and no one does. Which concept best explains this?",
        choices: ["Group polarization", "Social facilitation", "Deindividuation", "Diffusion of responsibility"],
        answerIndex: 3,
        explanation:
          "Diffusion of responsibility, a cause of the bystander effect, means each person feels less personal obligation to act as the number of witnesses grows. Deindividuation involves losing self-awareness in a group, not assuming others will help.",
      },
      {
        topic: "Social psychology and group behaviour",
        prompt:
          "An experienced pianist plays better in front of an audience, while a beginner makes more mistakes with an audience than when practising alone. Which concept explains both observations?",
        choices: ["Social loafing", "Social facilitation", "Groupthink", "Deindividuation"],
        answerIndex: 1,
        explanation:
          "In social facilitation, the presence of others raises arousal, which strengthens the dominant response: good performance on well-learned tasks, worse performance on new or difficult ones. Social loafing is reduced effort when individual contributions are pooled.",
      },
      {
        topic: "Social psychology and group behaviour",
        prompt:
          "Jurors who each lean slightly toward a harsh sentence before deliberating recommend a much harsher sentence after discussing the case together. This best illustrates which phenomenon?",
        choices: ["Groupthink", "Conformity", "Group polarization", "Social loafing"],
        answerIndex: 2,
        explanation:
          "Group polarization is the tendency of group discussion to strengthen the members' initial leaning, pushing the group to a more extreme position. Groupthink is about suppressing dissent to preserve harmony, not about intensifying a shared view.",
      },
    ],
  },
};
