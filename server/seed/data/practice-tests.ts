/** Demo practice tests: weekly MCAT CARS passages and an LSAT practice test (SPEC §1, §2). */
export interface PracticeQuestionSeed {
  prompt: string;
  /** Four or five answer choices, plain text. */
  choices: string[];
  /** Index into choices of the right answer. */
  answerIndex: number;
  /** Why the right answer is right and the tempting wrong one is wrong: 1–3 sentences. */
  explanation: string;
  /** The question type, e.g. "Main idea", "Inference", "Flaw", "Assumption", "Strengthen", "Weaken", "Author's attitude", "Application". */
  topic: string;
}

export interface PracticeSectionSeed {
  title: string;
  timeLimitMinutes: number;
  /** A reading passage the section's questions are about (CARS, LSAT Reading Comprehension); null for Logical Reasoning, whose stimulus is in each prompt. */
  passage: string | null;
  questions: PracticeQuestionSeed[];
}

export interface CarsWeekSeed {
  /** Weeks before the current one: 0 is this week's passage, 1 last week's, … */
  weeksAgo: number;
  title: string;
  /** e.g. "Humanities: philosophy of art" */
  discipline: string;
  section: PracticeSectionSeed;
}

export interface LsatTestSeed {
  slug: string;
  title: string;
  description: string;
  sections: PracticeSectionSeed[];
  /** conversion[raw] is the scaled score (120–180) for `raw` right answers across all sections: length = total questions + 1, non-decreasing, conversion[0] = 120, conversion[last] = 180. */
  conversion: number[];
}

export const carsWeeks: readonly CarsWeekSeed[] = [
  {
    weeksAgo: 0,
    title: "The museum as a moral argument",
    discipline: "Humanities: ethics of museums",
    section: {
      title: "CARS passage",
      timeLimitMinutes: 10,
      passage:
        "It has become customary to describe the museum as a neutral repository, a place where objects are kept safe and made available to anyone who cares to look. The description flatters curators and visitors alike, but it cannot survive even a short walk through a large collection. Every gallery is the product of decisions about what to acquire, what to display, what to leave in storage, and what to say on the small card beside each object. Those decisions embody judgments about which peoples made things worth keeping and which stories are worth telling, and a judgment of that kind is not neutral simply because it is rarely stated aloud. The museum, I want to suggest, is best understood not as a warehouse but as an argument, and like any argument it can be a good or a bad one.\n\nConsider the familiar arrangement in which the art of ancient Egypt, Greece and Rome leads the visitor, room by room, toward the painting of Renaissance Italy and eventually toward the modern European canvas. Nothing in the objects themselves requires this sequence. It was devised in the nineteenth century, when it served to present European civilization as the culmination of human history and to relegate the arts of Africa, Oceania and the Americas to separate wings, often administered by departments of ethnography rather than of art. The visitor who walks the route absorbs its thesis without ever being asked to accept it, which is precisely what makes the thesis persuasive.\n\nCritics of the museum have drawn from such examples the conclusion that the institution is irredeemable, that its origins in conquest and collecting contaminate everything it now does. I think this conclusion mistakes a description of the museum's past for a verdict on its possibilities. If a museum makes arguments, then the appropriate response to a bad argument is not to abolish argument but to make better ones, and to make them openly. A gallery can tell visitors how an object was acquired, including when the acquisition was coerced; it can place objects from different traditions side by side without implying a ladder of progress; it can acknowledge disagreement among scholars rather than speaking with a single authoritative voice.\n\nNor should the demand for restitution be treated, as it sometimes is by museum directors, as a threat to the museum's mission. Returning an object taken under duress is itself a kind of argument, one about the relationship between possession and legitimacy, and a museum that makes it publicly may teach its visitors more than one that keeps the object and says nothing. Defenders of the encyclopedic museum reply that great collections permit comparisons across cultures that no national museum can offer. The point has some force, but it is an argument for lending and exchange, not for retaining objects whose original owners have asked for them back.\n\nNone of this implies that a museum should become a lecture hall. Objects have a power that no wall text can replace, and a gallery that buries every vase beneath paragraphs of commentary will lose the very visitors it hopes to persuade. The aim is not to replace looking with reading but to stop pretending that the arrangement of what we look at is innocent. A museum that admits it is arguing invites its public to argue back, and that invitation is the closest thing to neutrality the institution can honestly offer.",
      questions: [
        {
          prompt: "Which of the following best expresses the main idea of the passage?",
          choices: [
            "Because museums originated in conquest and colonial collecting, they cannot present the art of other cultures fairly.",
            "Museums unavoidably make arguments through their choices, and they should make better arguments and make them openly rather than claim neutrality.",
            "Museums should replace chronological displays with thematic ones that place objects from different traditions side by side.",
            "The primary obligation of a museum is to return objects to their places of origin whenever it is asked to do so.",
          ],
          answerIndex: 1,
          explanation:
            "The author's thesis is that the museum is 'an argument' and that the remedy for a bad one is to 'make better ones, and to make them openly.' The first choice is the critics' view, which the author rejects as mistaking 'a description of the museum's past for a verdict on its possibilities.'",
          topic: "Main idea",
        },
        {
          prompt: "The author's remark that the arts of Africa, Oceania and the Americas were often administered by departments of ethnography rather than of art most strongly suggests that:",
          choices: [
            "ethnographers were better qualified than art historians to interpret those objects.",
            "nineteenth-century museums lacked the space to display all of their collections as art.",
            "the chronological route through the galleries was designed mainly for the convenience of visitors.",
            "the organization of the museum itself implied that these objects mattered as evidence about peoples rather than as art.",
          ],
          answerIndex: 3,
          explanation:
            "The remark belongs to the author's account of an arrangement that presented European art as the culmination of history and 'relegated' other traditions; administering them as ethnography implied they were not art in the same sense. Nothing in the passage compares the qualifications of ethnographers and art historians.",
          topic: "Inference",
        },
        {
          prompt: "The author's attitude toward critics who regard the museum as irredeemable is best described as:",
          choices: [
            "agreement with their account of the museum's history but disagreement with the conclusion they draw from it.",
            "dismissal of their account of the museum's history as exaggerated.",
            "endorsement of their view that the encyclopedic museum should be abolished.",
            "indifference, since the author considers the museum's origins irrelevant to its present.",
          ],
          answerIndex: 0,
          explanation:
            "The author accepts the kind of evidence the critics cite (the second paragraph supplies an example) but says their conclusion mistakes the museum's past for a verdict on its possibilities. Because the author never disputes the history, 'dismissal' is wrong.",
          topic: "Author's attitude",
        },
        {
          prompt: "Which of the following new exhibits would the author most likely regard as a model for museums to follow?",
          choices: [
            "A gallery that removes all labels so that visitors can respond to the objects without the influence of curatorial commentary",
            "A gallery that arranges objects from many cultures in a single sequence from the oldest to the most recent, to show the development of human skill",
            "A gallery that displays a bronze head with a label explaining that it was taken during a military expedition and that its return has been requested",
            "A gallery in which each object is accompanied by several pages of scholarly commentary that visitors are asked to read before viewing it",
          ],
          answerIndex: 2,
          explanation:
            "The author wants museums to argue openly, including by telling visitors 'how an object was acquired, including when the acquisition was coerced.' Removing labels would not make the display neutral, since its arrangement still argues, and the heavily annotated gallery is the 'lecture hall' the author warns against.",
          topic: "Application",
        },
        {
          prompt: "Which of the following findings, if true, would most weaken the author's claim about the traditional chronological route through a museum?",
          choices: [
            "The chronological arrangement was first used in a museum founded in the early nineteenth century.",
            "Several large museums have recently moved objects from their ethnography departments into their art departments.",
            "Visitors who follow the chronological route spend more time in the European galleries than in any others.",
            "Visitors who had walked the route were no more likely than visitors who had not to rank European art above the art of other traditions.",
          ],
          answerIndex: 3,
          explanation:
            "The author claims that the visitor who walks the route 'absorbs its thesis'; evidence that walking it leaves visitors' rankings unchanged directly undercuts that claim. Time spent in the European galleries says nothing about whether visitors adopt the route's thesis, and the first choice fits the author's dating.",
          topic: "Weaken",
        },
      ],
    },
  },
  {
    weeksAgo: 1,
    title: "The honest blank: cartography and the rhetoric of accuracy",
    discipline: "Humanities: history of cartography",
    section: {
      title: "CARS passage",
      timeLimitMinutes: 10,
      passage:
        "Histories of cartography once told a simple story. Medieval maps, crowded with monsters, biblical sites and fabulous peoples, were said to reflect a culture that preferred legend to observation; the maps of the Enlightenment, which replaced the monsters with measured coastlines and left unexplored interiors conspicuously blank, marked the triumph of science over fancy. In this telling the blank space is a badge of honesty: the mapmaker confesses what he does not know instead of filling the void with invention.\n\nThe story is not wrong so much as incomplete. Eighteenth-century cartographers did develop methods, such as systematic triangulation and the determination of longitude by chronometer, that made maps far more accurate, and it would be perverse to deny that a ship's captain was better served by their charts than by a medieval mappa mundi. But the story assumes that the purpose of every map is to represent territory as exactly as possible, and that any departure from exactness is a failure. The mappa mundi was never meant to guide a traveler. It arranged the world around Jerusalem because it was an image of sacred history, in which the position of a place expressed its significance rather than its coordinates. Judging such a map by its positional error is like faulting a hymn for its poor arithmetic.\n\nMore revealing is what the progressive story conceals about the Enlightenment map itself. The blank interior of Africa that appeared on many European maps in the late eighteenth century was not simply an admission of ignorance. Earlier maps had shown kingdoms, rivers and towns in that interior, drawn in part from the reports of African and Arab traders. When cartographers erased this information because no European observer had confirmed it, they were applying a standard of evidence that counted some testimony and discounted the rest. The resulting blank was honest by one definition of knowledge and deeply misleading by another: it told European readers that the land was empty, or at least unknown to anyone who mattered, and thereby made it look available.\n\nNone of this makes accuracy a mere ideology. Measured coastlines saved lives, and the distinction between a verified observation and a rumor is a genuine achievement of method. The point is rather that every map selects, and that its selections are guided by purposes the map does not announce. A modern road atlas omits the geology beneath its highways and the history of the land they cross, not because these things are unreal but because the atlas was made for drivers.\n\nThe lesson for the historian, then, is not to abandon the language of accuracy but to ask of any map: accurate for whom, and for what? A map that answers one question precisely may answer another falsely. And the blank space, far from being the purest form of cartographic honesty, may be the place where a map's assumptions are most fully at work, precisely because they are least visible there.",
      questions: [
        {
          prompt: "The author's central claim is that:",
          choices: [
            "medieval maps were more honest than Enlightenment maps because they did not pretend to scientific accuracy.",
            "the blank spaces on Enlightenment maps were deliberate falsifications intended to encourage colonization.",
            "although maps did become more accurate, every map selects according to unstated purposes, so its accuracy must be judged relative to those purposes.",
            "the history of cartography is best understood as a steady progress from legend to measurement.",
          ],
          answerIndex: 2,
          explanation:
            "The author grants the gains in accuracy ('not wrong so much as incomplete') but argues that 'every map selects' and that historians should ask 'accurate for whom, and for what?' The second choice overstates the case: the blanks came from applying a standard of evidence, and the author never calls them deliberate falsifications.",
          topic: "Main idea",
        },
        {
          prompt: "In comparing the judgment of a mappa mundi by its positional error to 'faulting a hymn for its poor arithmetic,' the author implies that:",
          choices: [
            "a mappa mundi should be evaluated by criteria suited to what it was made to do.",
            "medieval mapmakers lacked the mathematical skill to represent distances accurately.",
            "religious images have no place in the history of cartography.",
            "historians have exaggerated the positional errors of medieval maps.",
          ],
          answerIndex: 0,
          explanation:
            "A hymn is not meant to do arithmetic, just as the mappa mundi 'was never meant to guide a traveler'; it should be judged as the image of sacred history it was. The analogy concerns purpose, not the mapmakers' mathematical ability.",
          topic: "Inference",
        },
        {
          prompt: "The author's attitude toward the surveying methods developed by eighteenth-century cartographers is best described as:",
          choices: [
            "suspicious, since the author regards them chiefly as instruments of colonial ambition.",
            "dismissive, since the author believes accuracy is merely an ideology.",
            "neutral, since the author does not evaluate them.",
            "appreciative, since the author regards the accuracy they made possible as a real achievement.",
          ],
          answerIndex: 3,
          explanation:
            "The author says it 'would be perverse to deny' that their charts served sailors better and that 'measured coastlines saved lives.' The fourth paragraph explicitly denies that accuracy is 'a mere ideology,' which rules out the dismissive reading.",
          topic: "Author's attitude",
        },
        {
          prompt: "Which of the following would the author most likely consider most closely analogous to the blank interior of Africa on late eighteenth-century European maps?",
          choices: [
            "A road atlas that leaves out the geology beneath the highways it shows",
            "A city map that shows an informally built neighborhood as vacant land because its houses do not appear in official registers",
            "A tourist map that enlarges famous landmarks so that visitors can find them easily",
            "A medieval map that places Jerusalem at the center of the world",
          ],
          answerIndex: 1,
          explanation:
            "The blank interior resulted from discarding information whose sources the mapmakers did not count, which made inhabited land look empty; the city map does the same. The road atlas is the author's example of ordinary selection for a purpose, which misleads no one about what exists.",
          topic: "Application",
        },
        {
          prompt: "Which of the following, if true, would most strengthen the author's claim that the blank interior made the land 'look available'?",
          choices: [
            "Some eighteenth-century cartographers privately doubted the reports of African and Arab traders.",
            "Triangulation could not be carried out in regions that European surveyors had not visited.",
            "Nineteenth-century promoters of colonial ventures cited the emptiness of European maps as evidence that the African interior was unclaimed.",
            "Earlier maps of the African interior contained many errors in the positions of rivers and towns.",
          ],
          answerIndex: 2,
          explanation:
            "Evidence that readers actually took the blanks as signs of unclaimed land directly supports the author's claim about their effect. Errors in the earlier maps, if anything, support the decision to erase them, and cartographers' private doubts bear on their motives rather than on how readers understood the maps.",
          topic: "Strengthen",
        },
      ],
    },
  },
  {
    weeksAgo: 2,
    title: "What kind of thing is a rule of grammar?",
    discipline: "Social sciences: linguistics",
    section: {
      title: "CARS passage",
      timeLimitMinutes: 10,
      passage:
        'Few academic disputes have leaked into public life as thoroughly as the quarrel between prescriptivists and descriptivists. The prescriptivist, in the popular imagination, is the stern editor who insists that "hopefully" must never modify a whole sentence and that a preposition is something no sentence should end with. The descriptivist is the linguist who replies that native speakers cannot make mistakes in their own language, that rules are merely generalizations about how people in fact talk, and that the editor\'s strictures are prejudice dressed as logic.\n\nOn the central empirical point the linguists are plainly right. Many of the rules most fiercely defended by usage guides have no basis in the structure of English. The ban on split infinitives was borrowed, by analogy, from Latin, in which the infinitive is a single word and cannot be split at all. The claim that two negatives make a positive confuses the grammar of a language with the rules of arithmetic, and it ignores the fact that double negation has been used for emphasis in English from Chaucer to the present day. When the prescriptivist calls such constructions illogical, he is simply mistaken about what logic requires of a language.\n\nYet the descriptivist victory is less complete than it is often taken to be. To show that a rule has no basis in logic is not to show that it has no basis at all. A standard variety of a language is a convention, and conventions can be worth keeping for the same reason that driving on one side of the road is worth keeping: not because the chosen side is better, but because agreement on some side is valuable. A reader who knows what to expect of formal written prose can attend to its content rather than its form, and a writer who departs from the expected forms spends some of the reader\'s attention, whether or not the departure is "correct" in any deeper sense.\n\nThis defense of the standard has limits that its more zealous advocates ignore. A convention justifies itself by its usefulness for coordination, and it therefore has no authority where coordination is not at stake. It does not license the judgment that speakers of other dialects are careless or unintelligent, and it does not make the conventions of formal prose binding on conversation, song, or the dialogue of a novel. Nor can it freeze the standard in place. Conventions change as their users change, and a usage guide that refuses to record a shift that educated writers made long ago has stopped describing a convention and started inventing one.\n\nThe quarrel, then, is best resolved not by choosing a side but by relocating it. The question is not whether there are rules but what sort of thing a rule is. Understood as a convention, the standard deserves a modest and revisable respect; understood as a law of logic or a mark of character, it deserves none.',
      questions: [
        {
          prompt: "Which of the following best states the main idea of the passage?",
          choices: [
            "Standard usage norms deserve respect as revisable conventions that aid communication, but not as requirements of logic or marks of a speaker's character.",
            "Because native speakers cannot make mistakes in their own language, usage guides serve no legitimate purpose.",
            "Prescriptive rules such as the ban on split infinitives should be kept because they make formal prose easier to read.",
            "Dialects other than the standard are less logical than the standard, but they should be tolerated in informal settings.",
          ],
          answerIndex: 0,
          explanation:
            "The final paragraph says that as a convention the standard deserves 'a modest and revisable respect' and as a law of logic or mark of character 'none.' The third choice misreads the passage: the author defends the standard as a convention in general but says the split-infinitive ban has no basis in the structure of English.",
          topic: "Main idea",
        },
        {
          prompt: "The author's account of the rule against split infinitives suggests that:",
          choices: [
            "English infinitives were once single words, as Latin infinitives are.",
            "the rule was first proposed by linguists who study how English is actually spoken.",
            "a rule of English usage may derive from the features of a different language.",
            "split infinitives are less common in formal writing than in conversation.",
          ],
          answerIndex: 2,
          explanation:
            "The ban was 'borrowed, by analogy, from Latin,' whose infinitive 'cannot be split at all,' so the rule reflects the structure of Latin rather than of English. The passage implies that English infinitives differ from Latin ones, which rules out the first choice.",
          topic: "Inference",
        },
        {
          prompt: "The author's attitude toward the descriptivists described in the passage is best characterized as:",
          choices: [
            "unqualified support for both their findings and their conclusions.",
            "agreement with their central empirical point combined with a belief that they draw too sweeping a conclusion from it.",
            "hostility, since the author considers their views a threat to the standard language.",
            "skepticism about their claim that many usage rules lack a basis in the structure of English.",
          ],
          answerIndex: 1,
          explanation:
            "The author says that 'on the central empirical point the linguists are plainly right' but that 'the descriptivist victory is less complete than it is often taken to be,' since a rule without a basis in logic can still be a useful convention. The last choice contradicts the author's explicit agreement.",
          topic: "Author's attitude",
        },
        {
          prompt: "Which of the following practices would the author most likely endorse?",
          choices: [
            "An editor who rejects any sentence ending in a preposition on the grounds that such sentences are illogical",
            "A usage guide that continues to condemn a construction long used by educated writers, so as to keep the standard stable",
            "A teacher who accepts in formal essays any construction used by native speakers, since native speakers cannot make mistakes",
            "A teacher who corrects \"ain't\" in a student's formal essay but not in the dialogue of the student's short story",
          ],
          answerIndex: 3,
          explanation:
            "The author holds that the standard's conventions apply to formal prose, where coordination is at stake, but are not binding on 'the dialogue of a novel.' The first two choices treat rules as laws of logic or freeze the standard, both of which the author rejects, and the third ignores the value the author assigns to the standard in formal prose.",
          topic: "Application",
        },
        {
          prompt: "Which of the following findings, if true, would most weaken the author's defense of the standard variety in the third paragraph?",
          choices: [
            "Many of the rules in usage guides have changed over the past century.",
            "Readers understand and remember the content of formal texts equally well whether or not the texts follow standard forms, and they rarely notice departures from those forms.",
            "Speakers of nonstandard dialects often switch to the standard variety when writing for publication.",
            "Double negation is used for emphasis in many languages other than English.",
          ],
          answerIndex: 1,
          explanation:
            "The defense rests on the claim that departures from expected forms cost the reader attention; if such departures go unnoticed and do not impair comprehension, the convention's coordinating value disappears. Changing rules are consistent with the author's view that conventions change as their users do.",
          topic: "Weaken",
        },
      ],
    },
  },
  {
    weeksAgo: 3,
    title: "What is lost when a forgery is exposed",
    discipline: "Humanities: philosophy of art",
    section: {
      title: "CARS passage",
      timeLimitMinutes: 10,
      passage:
        "Suppose a painting hangs in a museum for decades, admired by critics as among the finest works of a seventeenth-century master, and is then shown by chemical analysis to have been painted in the twentieth century. Nothing about the canvas has changed. The brushwork that critics praised is still there, as are the light and the composition. Yet the painting is removed from the galleries, its market value collapses, and the critics who praised it are embarrassed. What, exactly, has been lost?\n\nOne influential answer is that nothing has been lost, at least nothing aesthetic. On this view the value of a painting lies entirely in what can be perceived in it, so two perceptually indistinguishable objects must be of equal artistic worth. The collapse in price reflects the snobbery of collectors, who prize a famous signature as they might prize a celebrity's autograph, and the removal from the galleries reflects institutional embarrassment rather than any discovery about the painting itself. The view has the appeal of hard-headedness, and it rightly mocks the collector who, having paid a fortune, can suddenly see flaws that were invisible the day before.\n\nBut the view rests on an impoverished idea of what we admire in art. When we praise a painting we are rarely praising a pattern of pigment alone; we are praising something a person did. A seventeenth-century painter who found a way to render the fall of light through a window solved a problem that no one had solved before, using the materials and conventions available to him. A forger who reproduces that solution three centuries later has done something quite different: he has studied a solution and copied it. The two acts may leave identical traces, but they are not the same achievement, any more than copying out a proof is the same as discovering it.\n\nThis account explains what the perceptual view cannot, namely why originality and historical context matter to judgments that are still recognizably aesthetic. It does not, however, require us to dismiss the forgery as worthless. The skill involved in imitating a master's technique convincingly is real; the case of Han van Meegeren, whose counterfeit Vermeers deceived Dutch experts in the 1930s and 1940s, is a testament to it, as well as to the experts' readiness to see what they hoped to find. A forgery can deserve admiration as a forgery. What it cannot deserve is the admiration owed to the achievement it imitates.\n\nNor does the account vindicate the market. Prices respond to scarcity, fashion and rumor, and their collapse on the discovery of a forgery misrepresents the difference in value, which is a difference in kind rather than merely in degree. The critic's embarrassment, by contrast, is deserved, though not because the critic's eye failed. The critic's mistake lay in crediting the painter with a discovery the painter had not made.",
      questions: [
        {
          prompt: "The passage is primarily concerned with:",
          choices: [
            "explaining why the market value of paintings is an unreliable guide to their artistic worth.",
            "defending the view that two perceptually identical paintings must have equal artistic value.",
            "describing the scientific methods by which forgeries are detected.",
            "arguing that a forgery lacks part of an original's value because artistic value includes the achievement a work embodies.",
          ],
          answerIndex: 3,
          explanation:
            "The author rejects the purely perceptual view, holding that in praising a painting 'we are praising something a person did,' so an identical copy is 'not the same achievement.' The market comes up only in the final paragraph, to distinguish the author's view from the market's verdict.",
          topic: "Main idea",
        },
        {
          prompt: "The author's comparison between copying out a proof and discovering it is meant to show that:",
          choices: [
            "forgers generally lack the skill of the painters they imitate.",
            "two acts can produce indistinguishable results while being different accomplishments.",
            "artistic achievements are less valuable than mathematical ones.",
            "a copy can never be perceptually identical to its original.",
          ],
          answerIndex: 1,
          explanation:
            "The comparison follows the claim that the painter's and the forger's acts 'may leave identical traces' but 'are not the same achievement.' The author credits forgers with real skill in the next paragraph, which rules out the first choice.",
          topic: "Inference",
        },
        {
          prompt: "The author's attitude toward the view that a painting's value lies entirely in what can be perceived in it is best described as:",
          choices: [
            "unreserved rejection, since the author finds nothing of merit in it.",
            "cautious acceptance, pending further evidence about how viewers perceive forgeries.",
            "partial sympathy: the author credits its criticism of collectors but rejects its account of artistic value.",
            "enthusiastic endorsement of its hard-headed treatment of the art market.",
          ],
          answerIndex: 2,
          explanation:
            "The author says the view 'rightly mocks' the collector who suddenly sees flaws, but that it 'rests on an impoverished idea of what we admire in art.' That mixture of credit and rejection rules out both unreserved rejection and endorsement.",
          topic: "Author's attitude",
        },
        {
          prompt: "Which of the following cases would the author most likely regard as involving the same kind of loss that occurs when a forgery is exposed?",
          choices: [
            "A celebrated solution to a scientific problem turns out to have been copied, without acknowledgment, from a researcher who published it decades earlier.",
            "A much-admired novel turns out to have been typed by a secretary from the author's dictation.",
            "A damaged sculpture is restored with small repairs that are invisible to visitors.",
            "A photograph is printed from the photographer's original negative by a laboratory after the photographer's death.",
          ],
          answerIndex: 0,
          explanation:
            "The author locates the loss in having credited someone with 'a discovery the painter had not made'; the copied scientific solution is exactly such a case. The dictated novel remains its author's achievement, since the typing is not what readers admire.",
          topic: "Application",
        },
        {
          prompt: "Which of the following findings, if true, would most strengthen the author's argument against the perceptual view?",
          choices: [
            "Experts shown a forgery and its original side by side can usually tell which is which.",
            "The prices of paintings by famous forgers have risen steadily in recent decades.",
            "Viewers who admire a painting's handling of light admire it less when told that the technique was already common when the painting was made, though the painting itself is unchanged.",
            "Collectors who have bought forgeries are reluctant to admit that they were deceived.",
          ],
          answerIndex: 2,
          explanation:
            "If aesthetic admiration shifts with information about achievement and historical context while the perceived object stays the same, then what we value is not only what can be perceived, as the author argues. Experts' ability to tell the works apart sidesteps the argument, which concerns perceptually indistinguishable works.",
          topic: "Strengthen",
        },
      ],
    },
  },
];

export const lsatTests: readonly LsatTestSeed[] = [
  {
    slug: "lsat-practice-test-1",
    title: "LSAT Practice Test 1",
    description: "A short timed practice test with one Logical Reasoning section and one Reading Comprehension section, scored on the 120-180 LSAT scale.",
    sections: [
      {
        title: "Section 1: Logical Reasoning",
        timeLimitMinutes: 35,
        passage: null,
        questions: [
          {
            prompt:
              "Critic: The novelist Maria Ortez insists that her new book is not autobiographical. But Ortez has set nearly all of her fiction in small coastal towns, and she grew up in one. Moreover, the protagonist of the new book, like Ortez herself, is a schoolteacher who later became a writer. Clearly, then, every event in the novel is drawn from Ortez's own life.\n\nThe reasoning in the critic's argument is most vulnerable to criticism on the grounds that the argument",
            choices: [
              "attacks Ortez's character rather than addressing the substance of her claim",
              "takes for granted that a writer cannot convincingly describe a place in which she has never lived",
              "relies on the testimony of a source whose impartiality is open to question",
              "infers that all of the novel's events come from Ortez's life merely because some features of the novel resemble her life",
              "treats a claim as false merely because no evidence has been offered in support of it",
            ],
            answerIndex: 3,
            explanation:
              "The premises establish only a few parallels between the novel and Ortez's life (setting and profession), yet the conclusion concerns every event in the novel. The critic does not attack Ortez personally but questions her claim with inadequate evidence.",
            topic: "Flaw",
          },
          {
            prompt:
              "Ecologist: The population of marsh wrens in the Delmar wetland has declined sharply over the past decade. During the same period, the reed beds in which marsh wrens build their nests have shrunk to half their former area. Since the reed beds are shrinking because the wetland's water is becoming saltier, reducing the wetland's salinity would help restore its marsh wren population.\n\nWhich one of the following is an assumption on which the ecologist's argument depends?",
            choices: [
              "The shrinking of the reed beds has contributed to the decline in the wetland's marsh wren population.",
              "Rising salinity is the only factor contributing to the shrinking of the reed beds.",
              "Marsh wrens never build their nests anywhere other than in reed beds.",
              "Marsh wren populations in other wetlands have remained stable over the past decade.",
              "Reducing the wetland's salinity would not harm any other species that lives there.",
            ],
            answerIndex: 0,
            explanation:
              "If the loss of reed beds played no part in the wrens' decline, restoring the reed beds would do nothing for the wrens, so the argument requires this link. It does not need salinity to be the only cause of the shrinking, or wrens never to nest elsewhere; those claims are stronger than the argument requires.",
            topic: "Assumption",
          },
          {
            prompt:
              "Researchers gave two groups of office workers the same proofreading task. One group worked in a room with large windows overlooking a wooded park; the other worked in a windowless room with the same furniture. The group in the room with windows found significantly more of the errors. The researchers concluded that a view of nature improves people's ability to concentrate.\n\nWhich one of the following, if true, most strengthens the researchers' reasoning?",
            choices: [
              "The room with windows was more brightly lit than the windowless room.",
              "Most workers in both groups described proofreading as tedious.",
              "Some workers in the windowless group had previously worked in offices with views of parks.",
              "Workers in the room with windows reported enjoying the task slightly more than the other workers did.",
              "A third group, working in a room with equally large windows overlooking a parking lot, found about as many errors as the group in the windowless room.",
            ],
            answerIndex: 4,
            explanation:
              "The third group rules out the obvious alternative explanation that windows as such, for example through daylight, improved performance, and so isolates the view of nature as the relevant difference. The difference in lighting weakens the argument by suggesting exactly that alternative.",
            topic: "Strengthen",
          },
          {
            prompt:
              "Over the past five years, the city of Brannock has doubled the total length of bicycle lanes on its streets. Over the same period, the number of Brannock residents who commute to work by bicycle has tripled. Clearly, building bicycle lanes is an effective way to encourage people to commute by bicycle.\n\nWhich one of the following, if true, most seriously weakens the argument?",
            choices: [
              "Some residents who commute by bicycle rarely use the city's bicycle lanes.",
              "Building a kilometer of bicycle lane costs Brannock far less than building a kilometer of road for cars.",
              "Most of the increase in bicycle commuting occurred among residents whose routes to work include none of the new bicycle lanes.",
              "In several other cities, the number of bicycle commuters rose after bicycle lanes were built.",
              "Many Brannock residents who drive to work say they would consider cycling if their routes were safer.",
            ],
            answerIndex: 2,
            explanation:
              "If the new cyclists mostly ride routes without new lanes, the lanes are unlikely to be what drew them, so the correlation does not show that the lanes caused the increase. That only 'some' cyclists rarely use the lanes is too weak to matter, and the evidence from other cities supports the argument.",
            topic: "Weaken",
          },
          {
            prompt:
              "Every member of the Orchard Street community garden who has a plot larger than ten square meters volunteers at the garden's weekend market. No one who volunteers at the weekend market is eligible to serve on the garden's planning committee. Some members of the garden's finance team have plots larger than ten square meters.\n\nIf the statements above are true, which one of the following must also be true?",
            choices: [
              "No member of the finance team is eligible to serve on the planning committee.",
              "Some members of the finance team are not eligible to serve on the planning committee.",
              "Everyone who volunteers at the weekend market has a plot larger than ten square meters.",
              "Every member with a plot of ten square meters or smaller is eligible to serve on the planning committee.",
              "Some members of the planning committee volunteer at the weekend market.",
            ],
            answerIndex: 1,
            explanation:
              "The finance team members with large plots volunteer at the market and are therefore ineligible for the committee, so some finance team members are ineligible. The statements say nothing about finance team members with smaller plots, so 'no member' goes too far.",
            topic: "Inference",
          },
          {
            prompt:
              "Columnist: It is often said that handwritten letters declined because email is faster. But speed alone cannot be the explanation. The telephone, which is faster than either, coexisted with letter writing for most of the twentieth century. What email offered that the telephone did not was exactly what letters had always offered: a written message that the writer can compose, and the recipient read, at a convenient time. So email supplanted the letter chiefly because it could serve the letter's purpose, not merely because it was fast.\n\nWhich one of the following most accurately expresses the overall conclusion drawn in the columnist's argument?",
            choices: [
              "Speed alone cannot explain why handwritten letters declined.",
              "The telephone coexisted with letter writing for most of the twentieth century.",
              "Letters and email both allow messages to be written and read at a convenient time.",
              "Email replaced the handwritten letter chiefly because it could serve the same purpose, rather than simply because it was faster.",
              "People who prefer the telephone to email value speed more than convenience.",
            ],
            answerIndex: 3,
            explanation:
              "The final sentence, introduced by 'So,' is the claim that everything else supports. That speed alone cannot be the explanation is an intermediate conclusion: it is supported by the telephone example and in turn supports the final claim.",
            topic: "Main conclusion",
          },
        ],
      },
      {
        title: "Section 2: Reading Comprehension",
        timeLimitMinutes: 35,
        passage:
          "Adverse possession is among the oddest doctrines in property law. Under it, a person who occupies land belonging to another, openly, continuously and without the owner's permission, for a period fixed by statute (in American states typically ten to twenty years, though some require as few as five or as many as thirty) may acquire title to that land, and the original owner's claim is extinguished. To a layperson the doctrine can look like a license to steal. Legal scholars have therefore spent considerable effort justifying it, and the justifications they offer, though often presented together, point in different directions.\n\nThe oldest justification is evidentiary. Over time witnesses die, documents are lost, and boundaries marked on the ground drift from those described in deeds. A rule that settles title in whoever has long been in possession spares courts the task of reconstructing ancient transactions and gives buyers confidence that the land they purchase will not be claimed by a stranger holding a forgotten deed. On this view the doctrine is a statute of limitations for land: the owner who fails to sue within the prescribed period loses not because the possessor deserves the land but because the law's interest in repose outweighs a stale claim.\n\nA second justification focuses on the owner. Land left idle and unsupervised, the argument runs, is wasted, and an owner who fails for many years to notice that someone else is farming or building on it has shown too little interest in the land to deserve the law's protection. A third focuses on the possessor: a person who has lived on and cared for land for decades develops an attachment to it that the law should respect, and dispossessing that person would inflict a harm far greater than the absent owner would suffer from losing a parcel he had long ignored.\n\nThese rationales diverge most sharply on the question of the possessor's state of mind. If the doctrine exists to quiet titles, the possessor's beliefs are irrelevant: a deliberate squatter and a neighbor who innocently misread a survey are equally entitled once the period has run. If the doctrine exists to honor the possessor's attachment, however, it is hard to see why a knowing trespasser should benefit, and the innocent neighbor seems the paradigm case. The majority of American jurisdictions follow the evidentiary view and declare the possessor's intentions irrelevant. Yet one study of appellate decisions found that courts, while reciting this rule, tend in practice to rule against possessors who knew the land was not theirs, often by finding that some other element of the claim had not been proved.\n\nThis gap between stated doctrine and actual outcomes suggests that judges find the evidentiary rationale, on its own, insufficient. It need not be read as hypocrisy. Each of the doctrine's justifications may capture part of what makes it tolerable, and courts, unable to reconcile them in a single rule, may be reconciling them case by case. The cost of that approach is predictability, which was the evidentiary rationale's chief promise.",
        questions: [
          {
            prompt: "Which one of the following most accurately expresses the main point of the passage?",
            choices: [
              "Adverse possession should be abolished because none of its justifications explains the doctrine as courts actually apply it.",
              "The evidentiary rationale is the only coherent justification for adverse possession, and courts should apply it consistently.",
              "The justifications offered for adverse possession conflict, most clearly over the possessor's state of mind, and courts appear to reconcile them case by case at some cost to predictability.",
              "Judges who rule against knowing trespassers while reciting that intent is irrelevant are acting hypocritically.",
              "The attachment rationale has replaced the evidentiary rationale as the dominant justification for adverse possession in American law.",
            ],
            answerIndex: 2,
            explanation:
              "The passage sets out three justifications, shows that they diverge over the possessor's state of mind, and suggests that courts reconcile them case by case at the cost of predictability. The author explicitly says the courts' practice 'need not be read as hypocrisy.'",
            topic: "Main idea",
          },
          {
            prompt:
              "Based on the passage, which one of the following possessors would be entitled to title under the evidentiary rationale but would NOT clearly be favored by the attachment rationale?",
            choices: [
              "A neighbor who, relying on a mistaken survey, has openly farmed a strip of another's land for the statutory period",
              "A tenant who has occupied land for the statutory period with the owner's written permission",
              "A person who has secretly stored goods in another's unused barn for the statutory period",
              "A family that has lived openly on land it believed it had inherited for twice the statutory period",
              "A person who has openly occupied another's land for the statutory period, knowing all along that it belonged to someone else",
            ],
            answerIndex: 4,
            explanation:
              "Under the evidentiary view 'a deliberate squatter and a neighbor who innocently misread a survey are equally entitled,' but under the attachment view 'it is hard to see why a knowing trespasser should benefit.' The neighbor relying on a survey is the attachment view's 'paradigm case,' and the tenant and the secret user fail the doctrine's requirements of possession without permission and open possession.",
            topic: "Inference",
          },
          {
            prompt: "The author's attitude toward courts that rule against knowing trespassers while reciting that intent is irrelevant is best described as",
            choices: [
              "understanding of their approach, tempered by awareness of a cost it imposes",
              "disapproval of their evident hypocrisy",
              "enthusiastic approval of their willingness to disregard formal doctrine",
              "puzzlement at a practice the author cannot explain",
              "indifference, since the author regards the outcomes of individual cases as unimportant",
            ],
            answerIndex: 0,
            explanation:
              "The author says the gap 'need not be read as hypocrisy' and offers an explanation, courts reconciling several justifications case by case, but adds that 'the cost of that approach is predictability.' That rules out both disapproval and unqualified approval.",
            topic: "Author's attitude",
          },
          {
            prompt: "Which one of the following, if true, would most strengthen the author's suggestion that judges find the evidentiary rationale insufficient on its own?",
            choices: [
              "Most adverse possession cases that reach appellate courts involve boundary disputes between neighbors.",
              "In the decisions studied, judges who ruled against knowing trespassers often remarked that awarding them title would reward deliberate wrongdoing.",
              "Statutory periods for adverse possession have generally become shorter over the past century.",
              "Buyers of land rarely investigate whether any part of it is occupied by someone other than the seller.",
              "Owners who lose land through adverse possession usually live far from the land they lose.",
            ],
            answerIndex: 1,
            explanation:
              "Remarks about rewarding wrongdoing show judges weighing the possessor's culpability, a consideration the evidentiary rationale treats as irrelevant, which supports the view that they find that rationale insufficient. The other choices do not bear on why judges depart from the stated rule.",
            topic: "Strengthen",
          },
          {
            prompt: "Which one of the following rules is most closely analogous, in the justification offered for it, to adverse possession as understood under the evidentiary rationale?",
            choices: [
              "A rule that a museum may keep a painting it has displayed for forty years because its staff have cared for the painting and grown attached to it",
              "A rule that an owner who has not looked for a lost painting in forty years has shown too little interest in it to deserve its return",
              "A rule that the finder of a lost painting must return it if the owner comes forward within one year",
              "A rule that an owner cannot reclaim a painting from a museum that has openly displayed it for forty years, because after so long the facts of its original transfer cannot be reliably established",
              "A rule that a museum may acquire a painting only after verifying the full history of its ownership",
            ],
            answerIndex: 3,
            explanation:
              "The evidentiary rationale rests on the loss of reliable evidence over time and the value of settled title, which is the stated basis of this rule. The first two choices track the attachment and owner-neglect rationales instead.",
            topic: "Application",
          },
        ],
      },
    ],
    conversion: [120, 123, 128, 134, 141, 148, 154, 160, 166, 172, 177, 180],
  },
];
