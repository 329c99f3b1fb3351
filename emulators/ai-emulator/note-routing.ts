import type { SectionSpec } from './prompt.ts';
import type { NoteSentence } from './note-sentences.ts';

/**
 * Where each sentence of a consultation belongs in a note, by rules: the emulator's stand-in for a model's
 * reading (docs/magic-fill.md, "Simulated output, and what the emulator's writing does"). A sentence gets one kind
 * from its cues ("on examination" → exam, "allergic to" → allergies, "start" with a dose → plan), the
 * heading it stands under, who said it and the question it answers; a section takes the kinds its title
 * names. A kind no section of the template takes falls back to a broader one (a family history goes to the
 * Subjective of a SOAP note), so every sentence lands in one section at most. Deterministic: no scores
 * depend on anything but the request.
 */
export type Kind =
  | 'complaint'
  | 'history'
  | 'ros'
  | 'pmh'
  | 'medications'
  | 'allergies'
  | 'family'
  | 'social'
  | 'exam'
  | 'results'
  | 'assessment'
  | 'plan'
  | 'followup'
  | 'safety'
  | 'referral'
  | 'procedures'
  | 'course'
  | 'condition'
  | 'intervention'
  | 'response'
  | 'expectations';

/** Where a kind goes when the template has no section for it, nearest first. */
const FALLBACK: Record<Kind, Kind[]> = {
  complaint: ['history', 'referral'],
  history: ['complaint', 'course'],
  ros: ['history'],
  pmh: ['history'],
  medications: ['history'],
  allergies: ['history'],
  family: ['history'],
  social: ['history'],
  exam: ['results', 'condition', 'history'],
  results: ['exam', 'course'],
  assessment: ['course', 'response', 'history'],
  plan: ['followup', 'safety'],
  followup: ['plan'],
  safety: ['plan'],
  referral: ['plan', 'complaint'],
  procedures: ['course', 'pmh', 'history'],
  course: ['history'],
  condition: ['exam', 'course'],
  intervention: ['history', 'plan'],
  response: ['history'],
  expectations: ['history'],
};

/** When cues tie, the narrower kind wins: "denies" makes a history sentence a review of systems. */
const PRIORITY: readonly Kind[] = ['allergies', 'family', 'social', 'safety', 'followup', 'referral', 'ros', 'medications', 'pmh', 'results', 'exam', 'assessment', 'plan', 'complaint', 'intervention', 'response', 'expectations', 'procedures', 'course', 'condition', 'history'];

// --- Cues -------------------------------------------------------------------------------------------------
// Tuned by reading how consultations phrase things (ACI-Bench's doctor-patient dialogues and the notes
// written from them, Yim et al. 2023, CC BY 4.0), tested on the project's own text. Weights: 4 decides
// unless a heading says otherwise ("allergic to", "on examination"), 3 is a strong cue, 2 a clear one, 1
// leans; a heading of the sentence's own adds 5, one carried over from an earlier label 2.

const NUMBER = String.raw`(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|a few|a couple of|several|a|an)`;
const PERIOD = String.raw`(?:minutes?|hours?|days?|nights?|weeks?|months?|years?)`;
const DOSE = String.raw`\b\d+(?:\.\d+)?\s*(?:mg|mcg|µg|g|ml|units?|iu|milligrams?|micrograms?|grams?)\b|\b(?:one|two|three|four|five|ten|twenty|fifty|hundred)[\w\s-]*\b(?:milligrams?|micrograms?|units)\b`;
const FREQUENCY = String.raw`\b(?:once|twice|three times|four times)\s+(?:a|per)\s+(?:day|daily|week)\b|\b(?:daily|nightly|bid|tid|qid|qd|qhs|prn|b\.i\.d|t\.i\.d|as needed|every (?:morning|evening|night|day|\d+ hours))\b`;
// Medicines by the endings of their families ("-pril", "-olol", "-statin") and a short list of common
// names, for sentences that name one with no dose ("I take levothyroxine").
const DRUG =
  String.raw`\b(?:\w{2,}(?:pril|sartan|olol|dipine|statin|prazole|tidine|mab|cycline|cillin|floxacin|mycin|azole|glutide|gliptin|gliflozin|formin|oxetine|traline|triptan|zepam|zolam|sone|olone|parin|xaban|gatran)|aspirin|paracetamol|acetaminophen|tylenol|advil|motrin|aleve|prozac|zoloft|lexapro|wellbutrin|norvasc|lipitor|crestor|synthroid|coumadin|eliquis|xarelto|plavix|flonase|claritin|zyrtec|ibuprofen|naproxen|diclofenac|codeine|tramadol|morphine|oxycodone|insulin|metformin|levothyroxine|thyroxine|warfarin|lasix|furosemide|amlodipine|lisinopril|salbutamol|albuterol|inhaler|prednisone|prednisolone|gabapentin|pregabalin|sertraline|citalopram|fluoxetine|allopurinol|clopidogrel|digoxin|spironolactone|hydrochlorothiazide|contraceptive|pill|antibiotics?|antihistamines?|vitamin \w+|supplements?)\b`;
const SYMPTOM = String.raw`(?:pain|ache|aching|cough|fever|fevers|chills|sweats|nausea|vomiting|diarrh(?:o)?ea|constipation|headaches?|dizziness|dizzy|lightheaded|short(?:ness)? of breath|breathless(?:ness)?|wheez\w*|chest pain|palpitations|swelling|rash|itch\w*|bleeding|blood in|weight (?:loss|gain)|tired(?:ness)?|fatigue|numbness|tingling|weakness|runny nose|sore throat|congestion|sneezing|burning|discharge|urinary|dysuria|heartburn|reflux|appetite|sleep|insomnia|anxiety|low mood|depress\w*|hoarse\w*|stiffness|cramps?|bloat\w*|vision|hearing|syncope|fainting|loss of consciousness|seizures?|hemoptysis|haemoptysis|sputum|phlegm)`;
const EXAM_SIGN = String.raw`(?:murmurs?|rubs?|gallops?|rales|crackles|rhonchi|wheezes|edema|oedema|effusion|erythema|tenderness|tender|lymphadenopathy|jvd|jugular venous|guarding|rebound|organomegaly|hepatomegaly|splenomegaly|clubbing|cyanosis|pallor|jaundice|icterus|exudate|nystagmus|bruits?|deformity|crepitus|focal deficits?|distress)`;
// Body systems, as a review of systems or an examination is written ("Respiratory: clear", "Neuro: endorses numbness").
const SYSTEM = String.raw`(?:constitutional|general|heent|head|eyes|ears|ent|nose|mouth|throat|neck|cardiovascular|cvs|cardiac|heart|respiratory|resp|chest|lungs?|pulmonary|abdomen|abdominal|gastrointestinal|gi|genitourinary|gu|musculoskeletal|msk|skin|integumentary|neuro(?:logical)?|psych(?:iatric)?|extremities|lymphatic|hematologic|endocrine|back|spine|cervical|lumbar|thoracic|breast|pelvic|rectal)`;
const RELATIVE = String.raw`(?:mother|father|mom|mum|dad|parents?|brother|sister|siblings?|grand(?:mother|father|parents?)|aunt|uncle|cousin|son|daughter)`;

// A cue's parts are looked for within a sentence's reach ([^.]{0,150}, never [^.]*), so a pasted text with
// no full stop in it costs linear time, not quadratic.
type Cue = readonly [RegExp, number];
const cue = (pattern: string, weight: number): Cue => [new RegExp(pattern, 'i'), weight];

const CUES: Record<Kind, readonly Cue[]> = {
  complaint: [
    cue(String.raw`\b(?:presents?|presenting|presented|comes? in|came in|here today|is here|are here) (?:today )?(?:with|for|because)\b`, 4),
    cue(String.raw`^(?:routine |hospital |emergency (?:room|department) )?follow[ -]?up (?:of|from|after|for|on)\b|\b(?:presents?|here|is seen) for (?:(?:a|an|her|his|routine|annual) )*follow[ -]?up\b`, 3),
    cue(String.raw`\breferred (?:by|from) (?:\w+ ){1,4}for\b`, 3),
    cue(String.raw`\b(?:complain(?:s|ing|ed)? of|c\/o|chief complaint|reason for (?:the )?(?:visit|consultation|referral|admission)|brings? (?:you|him|her|them) in|(?:was|is) admitted (?:\w+ ){0,4}?(?:with|for))\b`, 3),
  ],
  history: [
    cue(String.raw`\b(?:reports?|reported|reporting|states?|stated|describes?|described|notes? (?:that|some|a)|endorses?|endorsed|noticed|experienc\w+|complains)\b`, 2),
    cue(String.raw`\bfor (?:the (?:past|last) )?${NUMBER} ${PERIOD}\b|\b(?:since|started|began|onset|ago|last (?:night|week|month|year)|yesterday|this morning|on and off|comes and goes|intermittent\w*|constant\w*|episodes?|getting (?:worse|better)|worse (?:with|when|on|at|in|after|going)|better (?:with|when|after)|(?:worse|better) in the (?:morning|evening)s?|radiat\w+|tried|helps?|bothering)\b`, 2),
    cue(String.raw`\b${SYMPTOM}\b`, 1),
    cue(String.raw`\b(?:(?:has|have|had) (?:been )?(?:tried|trying|done|doing|seen|continued|attended|noticed|had)|used|tried|took|iced|attended|was (?:seen|started|prescribed|referred|told|given|treated|advised)|(?:were|was) (?:noted|found)|saw|visited|went to|was last seen)\b`, 2),
    cue(String.raw`\b(?:i(?:'ve| have)? (?:been|had|felt|noticed)|i feel|i(?:'m| am) (?:having|feeling|getting|not sleeping)|my (?:\w+ )?(?:\w+ )?(?:hurts?|aches?|is sore|has been))\b`, 2),
  ],
  ros: [
    cue(String.raw`\b(?:denies|denied|denying|negative for|review of systems)\b`, 3),
    // "Endorses fatigue." with no subject, or under a body system: a review of systems, as notes write one.
    cue(String.raw`^(?:${SYSTEM}:\s*)?(?:endorses|positive (?:for )?|reports|admits to)\b`, 4),
    cue(String.raw`^(?:no|not any|never|nor) (?:\w+ ){0,2}${SYMPTOM}\b|,\s*no ${SYMPTOM}\b|\bno (?:fevers?|chills|cough|night sweats|weight loss|chest pain|shortness of breath|nausea|vomiting|diarrh(?:o)?ea|headaches?|dizziness|palpitations|runny nose|blood)\b`, 3),
  ],
  pmh: [
    cue(String.raw`\b(?:(?:past )?(?:medical |surgical )?history of|hx of|pmh|known (?:case of|history)|was diagnosed|diagnosed (?:with \w+(?: \w+)? )?(?:in (?:19|20)\d\d|${NUMBER} ${PERIOD} ago|as a child)|had (?:an? )?(?:\w+ )?(?:surgery|operation|\w+ectomy|\w+plasty|replacement|stent|bypass)|(?:was|been) (?:hospitali[sz]ed|admitted) (?:in|for|last|years?|\d)|in (?:19|20)\d\d|(?:years|childhood) ago)\b`, 3),
    cue(String.raw`\b(?:chronic|long.?standing|background of|previous(?:ly)?|prior)\b`, 1),
    cue(String.raw`\b(?:(?:${NUMBER}|many|several) years ago|as a (?:child|teenager)|(?:took|taken|had) (?:my|his|her|the) (?:\w+ ){1,2}out)\b`, 2),
  ],
  medications: [
    cue(String.raw`\b(?:takes?|taking|took|is on|been on|using|uses|currently on|still on|his|her|my|current) (?:\w+ ){0,3}?(?:medications?|medicines?|meds|tablets?|pills?|inhalers?|drops)\b`, 3),
    cue(String.raw`\b(?:takes|taking|i take|is on|been on|using|uses|she uses|he uses)\b[^.]{0,150}${DRUG}`, 4),
    cue(DRUG, 2),
    cue(String.raw`${DOSE}|${FREQUENCY}`, 1),
    cue(String.raw`\b(?:no other medications|over the counter|herbal|adheren\w+|complian\w+|missed doses?|ran out)\b`, 2),
  ],
  allergies: [cue(String.raw`\ballerg\w*|\bnkda\b|\bnka\b|\banaphyla\w+|\b(?:reaction|intoleran\w+) to\b`, 4)],
  family: [
    cue(String.raw`\bfamily history\b|\bruns in (?:the|my|his|her) family\b|\bfhx?\b`, 4),
    cue(String.raw`\b(?:her|his|my|their|a|the patient's) ${RELATIVE}\b|\b${RELATIVE} (?:has|had|have|was|with|died|passed)\b`, 3),
  ],
  social: [
    cue(String.raw`\b(?:smok\w*|cigarettes?|tobacco|vap\w+|pack.?years?|alcohol|drinks? (?:alcohol|beer|wine|socially|a (?:glass|bottle|few))|(?:beer|wine|spirits|liquor)\b|units (?:a|per) week|recreational|illicit|cannabis|marijuana|cocaine|lives (?:with|alone|in)|living (?:with|alone)|married|divorced|widowed|occupation|works? (?:as|at|in|from)|retired|unemployed|employed|veteran|disability|his job|her job|my job|at work|walks? (?:the dog|daily|every)|sexually active)`, 3),
    cue(String.raw`\b(?:exercis\w+|diet|work|hobb(?:y|ies)|stress(?:ed|ful)?)\b`, 1),
  ],
  exam: [
    cue(String.raw`\b(?:on (?:exam|examination|inspection|palpation|auscultation)|(?:physical )?exam(?:ination)? (?:of|shows?|showed|reveals?|revealed|was|is|today)|o\/e|vital signs|vitals)\b`, 4),
    cue(String.raw`^${SYSTEM}:`, 2),
    cue(String.raw`\b(?:regular rate and rhythm|to palpation|supple|(?:grossly |neurovascularly )?intact|non.?tender|(?:is|are) noted|\d\+ (?:\w+ )?(?:pulses|edema|oedema|reflexes)|pulses|maneuver|sign is (?:positive|negative)|scar|lesions?|mass(?:es)?|no (?:acute )?distress|well.?(?:appearing|nourished|developed)|oriented|mucous membranes|tympanic membranes?|conjunctiva\w*|thyroid|carotid|abdomen is|bowel sounds|flexion|extension|abduction|rotation|swelling and|effusion)\b`, 2),
    cue(String.raw`\b(?:blood pressure|bp|pulse|heart rate|hr|respiratory rate|rr|temperature|temp|oxygen saturation|sats?|spo2|o2 sat\w*|weight|bmi)\b[^.]{0,30}?(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ninety|hundred|thirty|forty|fifty|sixty|seventy|eighty)\b)`, 3),
    cue(String.raw`\b\d{2,3}\s*\/\s*\d{2,3}\b(?!\/)|\bmm ?hg\b|\bbpm\b|°\s?[cf]\b|\bdegrees\b|\b(?:kg|kilograms|lbs)\b`, 2),
    cue(String.raw`\b${EXAM_SIGN}\b`, 2),
    cue(String.raw`\b(?:clear to auscultation|heart sounds|breath sounds|bowel sounds|air entry|range of motion|reflexes|pupils|capillary refill|soft,? non.?tender|alert and oriented|gait|strength (?:is|was)|sensation (?:is|was)|ligaments?|lungs? (?:are|were|is) clear|chest (?:is|was) clear|appears?|appearing|looks? (?:well|unwell|pale|tired)|i (?:can |do )?(?:see|feel|hear|appreciate|note) (?:a|an|some|no|mild|slight|fine|any|crackles|wheez\w*|murmur\w*|swelling|tenderness|redness)\b|i do appreciate|when i (?:press|listen|look)|affect|mood (?:is|was) (?:low|euthymic|anxious))\b`, 2),
  ],
  results: [
    cue(String.raw`\b(?:pathology|histology|biopsy (?:showed|shows|results?)|panel|report(?:ed)? (?:shows?|showed|states?)|(?:alt|ast|wbc|hgb|hb|plt|platelets|inr|bun|crp|esr|psa|tsh|a1c|hba1c|ldl|hdl|triglycerides|glucose|creatinine|egfr|sodium|potassium|vitamin d|ejection fraction|ef)\b[^.]{0,150}\d)`, 3),
    cue(String.raw`\b(?:x-?rays?|xr|ct|cat scan|mri|ultrasound|echo(?:cardiogram)?|ekg|ecg|labs?|blood (?:work|tests?|results?)|bloods|results?|a1c|hba1c|h(?:a)?emoglobin|creatinine|egfr|potassium|sodium|cholesterol|ldl|tsh|kidney function|liver function|urinalysis|urine (?:test|dip)|cultures?|swab|biopsy|scan|report|levels?)\b[^.]{0,150}\b(?:show(?:s|ed|n)?|reveal(?:s|ed)?|demonstrat\w+|confirm(?:s|ed)|came back|looks? (?:really |very |completely )?(?:good|normal|fine|great|okay|unremarkable|clear)|(?:was|were|is|are) (?:\w+ )?(?:normal|abnormal|elevated|high|low|negative|positive|unremarkable|fine|stable|\d))`, 3),
    cue(String.raw`\b(?:(?:from|last) (?:last )?(?:week|month|year)|previous(?:ly)?|recent)\b[^.]{0,150}\b(?:tests?|results?|labs?|scan|x-?ray|bloods)\b`, 1),
  ],
  assessment: [
    cue(String.raw`\b(?:most likely|likely|unlikely|consistent with|suggestive of|in keeping with|compatible with|impression|diagnos(?:is|es)|differential|rule out|ruled out|r\/o|secondary to|probable|probably|possible|possibly|suspect(?:ed)?|concern(?:ing)? for|indicative of|(?:i|we) (?:(?:do not|don't) )?(?:think|believe|suspect)|side effect)\b`, 3),
    cue(String.raw`\b(?:looks like|sounds like|seems like)\b`, 2),
    cue(String.raw`\b(?:(?:well|poorly|un|not)[ -]?controlled|at (?:goal|target)|(?:above|below|not at) target)\b`, 3),
    cue(String.raw`\b(?:(?:is|are) (?:improving|getting better|worse|unchanged)|compared (?:with|to) (?:the )?last (?:session|visit|time)|progress(?:ing)? (?:toward|towards|with|well)|risk (?:is|was|remains) (?:low|moderate|high|minimal)|responding (?:well )?to)\b`, 3),
    cue(String.raw`\b(?:(?:is|are|remains?) stable|improv(?:ed|ing)|worsen(?:ed|ing)|resolv(?:ed|ing)|exacerbation|flare|acute|chronic (?:\w+ )?(?:disease|condition)|viral|bacterial|infection)\b`, 1),
  ],
  // A plan is what happens next: actions in the present or future ("start", "we will order", "I'd like you
  // to"), not what was done before the visit ("he was started on", "she used ice", "referred by her GP").
  plan: [
    cue(String.raw`(?<!\b(?:was|were|been|had|has|have|is|are|being|who|she|he|they|patient)\s)\b(?:start (?:you |him |her |them )?(?:on|with)|start|begin|initiate|prescribe|continue|keep (?:taking|using|doing)|stay on|increase|decrease|reduce|titrate|switch|change (?:to|your|the|his|her)|stop(?: taking)?|discontinue|hold (?:the|off|his|her)|taper|instead of)\b`, 4),
    cue(String.raw`\brefer(?:ring)?\b(?! (?:by|from))|\breferral (?:to|for)\b|\b(?:i|we)(?: have|'ve)? (?:ordered|scheduled|arranged|sent|prescribed|referred|recommended|advised|started|increased|decreased|switched|stopped)\b`, 3),
    cue(String.raw`^(?:please |we will |i will |will )?(?:start|continue|take|use|apply|avoid|increase|decrease|stop|obtain|order|check|repeat|schedule|refer|rest|elevate|keep|monitor|recheck|encourage|counsel|prescribe|discontinue|hold|titrate|drink|limit|return|try|call|complete|book|arrange|bring|remember|practi[sc]e|homework)\b`, 3),
    cue(String.raw`\b(?:(?:i|we)(?: do)?(?:'ll| will| are going to|'re going to| would like to|'d like to| want to| need to|'re gonna| are gonna| wan na| wanna| gon na| gonna| going to) (?:(?:go ahead and|just|also|probably|then|first|definitely|get you|have you|have to|do) )*(?:order|send|get|check|start|refer|give|prescribe|put|have|do|recommend|arrange|book|repeat|increase|decrease|switch|continue|try|go ahead|schedule|obtain|draw|test|stop|change|write|place|bring|plan for|plan on|consider|set up|send)|i(?:'d| would)? (?:like|want|need) (?:you|him|her|them) to|(?:is|are) (?:due|overdue) for|will be (?:considered|ordered|scheduled|started|arranged|done|repeated|checked|sent|referred|increased|decreased|stopped)|(?:let's |we'll |we will )?go ahead and|get (?:your|an?|the|some) (?:\w+ ){1,5}(?:scheduled|booked|done|ordered|arranged)|(?:we|i) (?:could|can|should|might|may) (?:also )?(?:do|try|order|get|start|consider|refer|add|increase|switch|give)|(?:the )?(?:other |best )?options? (?:is|are|would be)|(?:discussion|discussed)\b[^.]{0,150}\b(?:regarding|options|treatment|risks|benefits|plan))\b`, 3),
    cue(String.raw`\b(?:order|schedule|arrange|book|get (?:an? |some )?(?:x-?ray|scan|mri|ct|ultrasound|echo|blood|labs?|ecg|ekg)|the plan (?:is|will be)|recommend\w*|advis\w+|suggest\w*|encourag\w+|counsel\w+|educat\w+|instruct\w+|prescription|refills?|should (?:try|use|take|avoid|rest|keep|drink|apply|continue|start|stop|monitor|limit)|try to|vaccin\w+|work note|sick note)\b`, 2),
    cue(String.raw`\b(?:avoid\w*|rest\b|fluids|elevat\w+|raise (?:your|the) legs|physiotherapy|physical therapy|exercises|diet|weight loss|lifestyle)\b`, 1),
    cue(String.raw`(?:${DOSE})[^.]{0,150}(?:${FREQUENCY})|\bfor (?:${NUMBER}) (?:days|weeks)\b`, 1),
  ],
  followup: [
    cue(String.raw`\b(?:follow(?:ing)?[ -]?up (?:in|with (?:me|us|you|your|the|him|her|his)|as needed|prn|appointment|visit|on)|(?:will|'ll|should|please|can|going to|want to|like to|need to) (?:follow[ -]?up|return|come back|see (?:you|him|her|them))|come back|return (?:to (?:clinic|the clinic|see)|in)|see (?:you|him|her|them) (?:again|back|in)|(?:review|recheck|reassess)(?:ed)? in|next (?:appointment|visit|session|review|time)|pending|awaiting)\b`, 3),
  ],
  safety: [
    cue(String.raw`\bif (?:it|the|you|your|she|he|they|his|her|their|there|any|symptoms?|things?)\b[^.]{0,150}\b(?:call|come (?:back|in)|return|go to|seek|contact|ring|phone|emergency|a&e|er\b|911|999|urgent\w*|same day)`, 4),
    cue(String.raw`\b(?:call (?:me|us|the (?:office|clinic|practice))|(?:go|come|return|head|present|attend)(?: back)? to (?:the )?(?:emergency|er\b|a&e|urgent care|hospital)|seek (?:urgent |medical |immediate )?(?:help|attention|care)|red flags?|warning signs?|(?:call|dial) (?:911|999|112|an ambulance))\b`, 3),
  ],
  referral: [cue(String.raw`\b(?:grateful if you could|would you (?:kindly )?see|your (?:opinion|advice|assessment)|for (?:an? )?(?:opinion|assessment|review|further management)|(?:i am|i'm) referring|refer(?:ring)? (?:him|her|them|this (?:patient|gentleman|lady)) (?:to|for))\b`, 3)],
  // Done, not planned: "underwent a colonoscopy"; "we will book a colonoscopy" is a plan.
  procedures: [
    cue(String.raw`\b(?:underwent|(?:was|were) performed|performed (?:an?|the)|(?:had|has had) (?:an?|the|her|his|my) (?:\w+ )?(?:\w+oscopy|\w+ectomy|\w+plasty|\w+otomy|biopsy|procedure|operation|surgery|injection|cathet\w+))\b`, 3),
    cue(String.raw`\b(?:procedure|operation|biopsy|catheter\w*|intubat\w+|cannula\w*|sutur\w+|incision|drain(?:ed|age)|\w+oscopy|\w+ectomy|\w+plasty|\w+otomy)\b`, 1),
  ],
  course: [cue(String.raw`\b(?:during (?:the|his|her|this) (?:stay|admission)|on (?:day|hospital day) \d|while (?:in hospital|admitted|an inpatient)|was (?:treated|given|started|managed) (?:with|on)|post.?op\w*|on the ward|in hospital)\b`, 3)],
  condition: [cue(String.raw`\b(?:discharged|at discharge|on discharge|fit for discharge|mobili[sz]\w+|ambulat\w+|independent(?:ly)?|self.?caring|going home|back to baseline)\b`, 3)],
  intervention: [
    cue(String.raw`\b(?:we|i|therapist|clinician) (?:practi[cs]ed|explored|discussed|reviewed|introduced|taught|used|role.?played|reframed|validated|reflected|worked on|went over)\b`, 3),
    cue(String.raw`\b(?:cognitive|cbt|reframing|restructuring|motivational|psychoeducation|grounding|breathing exercises?|mindfulness|exposure|behavio(?:u)?ral activation|thought record|safety plan)\b`, 2),
  ],
  response: [
    cue(String.raw`\b(?:(?:client|patient|she|he|they|i|and) (?:agreed|was receptive|engaged|found (?:it|this|that|the [\w-]+(?: [\w-]+)?) (?:helpful|useful|difficult|hard|calming)|felt (?:better|calmer|relieved|lighter)|understood|was able to)|(?:that|this|it) (?:helps|helped|makes sense|was helpful)|i(?:'ll| will) try)\b`, 4),
  ],
  expectations: [
    cue(String.raw`\b(?:(?:she|he|they|the patient|i) (?:wants?|would (?:like|prefer)|hopes?|prefers?|expects?|is worried|am worried|(?:is|am) concerned|wish(?:es)?)|interpreter|(?:her|his|their) understanding|understands? (?:that|the))\b`, 2),
  ],
};

/**
 * The narrower kinds a heading of each topic covers: under "Subjective", "denies chest pain" is still a
 * review of systems and "takes amlodipine" a medication; under "Plan", "review in a week" a follow-up.
 */
const HEADING_COVERS: Partial<Record<Kind, readonly Kind[]>> = {
  history: ['complaint', 'ros', 'pmh', 'medications', 'allergies', 'family', 'social'],
  exam: ['results'],
  plan: ['followup', 'safety', 'referral'],
};

/** A kind with the narrower kinds it covers: a Subjective takes the chief complaint and the allergies too. */
export const covered = (topic: Kind): readonly Kind[] => [topic, ...(HEADING_COVERS[topic] ?? [])];

const isKind = (topic: string): topic is Kind => topic in CUES;

/** Cue scores of a text, per kind. */
export function cueScores(text: string): Map<Kind, number> {
  const scores = new Map<Kind, number>();
  for (const kind of Object.keys(CUES) as Kind[]) {
    const score = CUES[kind].reduce((sum, [pattern, weight]) => sum + (pattern.test(text) ? weight : 0), 0);
    if (score > 0) scores.set(kind, score);
  }
  return scores;
}

// What a patient says is their account: their "I think it's the new shoes" is not an assessment. What a
// clinician says of a medicine or a symptom is mostly advice or a decision: "keep taking amlodipine" is a plan.
const CLINICIANS_KINDS = new Set<Kind>(['exam', 'assessment', 'plan', 'intervention', 'referral']);
const PATIENTS_KINDS = new Set<Kind>(['complaint', 'history', 'medications', 'social', 'expectations']);

/**
 * The kind of each sentence, or null when it says nothing a note keeps (a clinician's "so, let's talk"
 * with no cue). The first account of the problem is the chief complaint when no sentence says it is one.
 */
export function classify(sentences: readonly NoteSentence[]): (Kind | null)[] {
  const kinds: (Kind | null)[] = [];
  const position = new Map(sentences.map((s, i) => [s, i]));
  for (const [i, s] of sentences.entries()) {
    const ownScores = cueScores(s.text);
    const scores = new Map(ownScores);
    if (s.voice === 'patient') {
      for (const kind of CLINICIANS_KINDS) if (scores.has(kind)) scores.set(kind, scores.get(kind)! / 2);
      scores.set('history', (scores.get('history') ?? 0) + 1);
    }
    if (s.voice === 'clinician') for (const kind of PATIENTS_KINDS) if (scores.has(kind)) scores.set(kind, scores.get(kind)! / 2);
    // The question it answers says what the answer is about ("Any allergies?" → "Only penicillin.").
    if (s.question) for (const [kind, score] of cueScores(s.question)) if (!CLINICIANS_KINDS.has(kind)) scores.set(kind, (scores.get(kind) ?? 0) + Math.min(score, 3));
    // A heading is the strongest cue: what stands under "Objective" is an examination unless it is one of
    // the narrower kinds the heading covers ("Subjective: denies chest pain" is a review of systems).
    const headed = new Set<Kind>();
    for (const topic of s.heading) if (isKind(topic)) for (const kind of covered(topic)) headed.add(kind);
    for (const kind of headed) scores.set(kind, (scores.get(kind) ?? 0) + (s.carried ? 2 : 5));
    // A thought continues: the sentence before in the same segment breaks ties.
    const before = s.previous ? (kinds[position.get(s.previous)!] ?? null) : null;
    if (before) scores.set(before, (scores.get(before) ?? 0) + 1.5);
    const first = s.heading.find(isKind);
    const rank = (kind: Kind) => (first && kind === first ? -1 : PRIORITY.indexOf(kind));
    const best = [...scores].filter(([, score]) => score > 0).sort((a, b) => b[1] - a[1] || rank(a[0]) - rank(b[0]))[0];
    // An answer with nothing of its own ("uh, yes, I am.") says nothing a note can quote, whatever the question was.
    const saysSomething = ownScores.size > 0 || s.heading.length > 0 || defaultKind(s) !== null || (before !== null && substantiveWords(s) >= 2);
    kinds[i] = !saysSomething ? null : best ? best[0] : defaultKind(s);
  }
  if (!kinds.includes('complaint')) {
    const first = kinds.findIndex((k, i) => k === 'history' && sentences[i]!.voice !== 'clinician');
    if (first >= 0) kinds[first] = 'complaint';
  }
  return kinds;
}

/** A sentence with no cue at all: what a patient or a typed note says is their history; a clinician's aside is left out. */
function defaultKind(s: NoteSentence): Kind | null {
  if (s.voice === 'clinician') return null;
  // Fillers ("I don't know", "that's it") carry fewer than three words of substance.
  return substantiveWords(s) >= 3 || s.voice === 'note' ? 'history' : null;
}

const substantiveWords = (s: NoteSentence) => (s.text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).filter((w) => !FILLER_WORDS.has(w)).length;

const FILLER_WORDS = new Set('the and you that this what yes yeah not just know think really okay right well so but have was for with there they its it\'s don\'t dont can get got like kind sort all about'.split(' '));

// --- Sections ---------------------------------------------------------------------------------------------

/** The kinds a section's title names, in the order they were named. Titles of the built-in templates and their usual synonyms. */
const TITLE_KINDS: readonly [RegExp, Kind[]][] = [
  [/chief complaint|presenting (complaint|problem)|reason for (the )?(visit|admission|encounter|attendance|consultation)/, ['complaint']],
  [/referral/, ['referral']],
  // "History", "Knee history", "History of present illness"; not a past, family, social or drug history.
  [/subjective|present(ing)? illness|\bhpi\b|(?<!(past|family|social|medical|surgical|drug|medication|travel|sexual|psychiatric|obstetric)\s)\bhistory\b|what we talked about|behaviou?r|^data$|presentation/, ['history']],
  [/review of systems|\bros\b|systems review/, ['ros']],
  [/past (medical|surgical)|medical history|\bpmh\b|problem list/, ['pmh']],
  [/medication|medicines|\bdrugs?\b|prescription/, ['medications']],
  [/allerg/, ['allergies']],
  [/family/, ['family']],
  [/social|lifestyle/, ['social']],
  [/objective|exam|physical|findings?|what we found|vital|observation|mental state/, ['exam']],
  [/(?<!pending )results?|investigation|\blabs?\b|imaging|what we found/, ['results']],
  [/assessment|impression|diagnos|what we found|formulation/, ['assessment']],
  [/plan|what to do|next steps?|recommendation|management|treatment|disposition|instructions given/, ['plan']],
  [/follow.?up|pending/, ['followup']],
  [/when to get help|warning|safety|red flag|return precaution|instructions given/, ['safety']],
  [/procedure|operation/, ['procedures']],
  [/course/, ['course']],
  [/condition/, ['condition']],
  [/intervention/, ['intervention']],
  [/response/, ['response']],
  [/understanding|wishes|expectation|concerns/, ['expectations']],
];

export function kindsNamed(text: string): Kind[] {
  const lower = text.toLowerCase().trim();
  const kinds: Kind[] = [];
  for (const [pattern, named] of TITLE_KINDS) if (pattern.test(lower)) for (const k of named) if (!kinds.includes(k)) kinds.push(k);
  return kinds;
}

/** Custom instructions that open by narrowing the section: "Only the medications the patient takes." */
export const ONLY = /^\s*only\s+(?:include\s+)?(?:the\s+)?([^.;]+)/i;

/**
 * The kinds a section takes: its title's, unless its instructions narrow it to others ("Only the
 * medications the patient takes"). A custom title that names none ("Goals") takes none: the composer
 * finds its sentences by its words instead.
 */
export function sectionKinds(section: SectionSpec): Kind[] {
  const only = ONLY.exec(section.instructions ?? '');
  const narrowed = only ? kindsNamed(only[1]!) : [];
  return narrowed.length > 0 ? narrowed : kindsNamed(section.title);
}

/**
 * The section (index into `kinds`) a sentence of `kind` goes to: the first section taking the kind itself,
 * else the first taking its nearest fallback. Null when the template has no place for it.
 */
export function placeOf(kind: Kind, sectionKindsList: readonly (readonly Kind[])[]): number | null {
  for (const k of [kind, ...FALLBACK[kind]]) {
    const i = sectionKindsList.findIndex((kinds) => kinds.includes(k));
    if (i >= 0) return i;
  }
  return null;
}
