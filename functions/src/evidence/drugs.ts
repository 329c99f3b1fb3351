/**
 * Drug names: a curated list, compiled by hand for Charta (no download, no model), of common generic
 * names (guided by the WHO Model List of Essential Medicines and the medicines most prescribed in primary
 * care in the US and UK) and their common brand names, each brand mapped to its generic so "Lasix" in a
 * note and "furosemide" in speech are the same drug. Names the list lacks are still found by the USAN
 * Council's stems (the endings of nonproprietary names: -pril, -sartan, -olol...), as docs/quality.md says.
 */

const GENERICS = `
acetaminophen paracetamol ibuprofen naproxen aspirin diclofenac meloxicam celecoxib indomethacin ketorolac tramadol
oxycodone hydrocodone morphine codeine fentanyl hydromorphone methadone buprenorphine naloxone naltrexone tapentadol
gabapentin pregabalin duloxetine amitriptyline nortriptyline cyclobenzaprine methocarbamol tizanidine baclofen carisoprodol
lisinopril enalapril ramipril benazepril captopril quinapril perindopril fosinopril trandolapril
losartan valsartan irbesartan olmesartan candesartan telmisartan azilsartan sacubitril
metoprolol atenolol carvedilol propranolol bisoprolol nebivolol labetalol nadolol sotalol
amlodipine nifedipine felodipine diltiazem verapamil
hydrochlorothiazide chlorthalidone indapamide furosemide bumetanide torsemide spironolactone eplerenone triamterene amiloride acetazolamide
hydralazine clonidine minoxidil doxazosin terazosin prazosin tamsulosin alfuzosin silodosin finasteride dutasteride
isosorbide nitroglycerin ranolazine digoxin amiodarone dronedarone flecainide propafenone dofetilide ivabradine
atorvastatin rosuvastatin simvastatin pravastatin lovastatin pitavastatin ezetimibe fenofibrate gemfibrozil niacin evolocumab alirocumab icosapent
warfarin apixaban rivaroxaban dabigatran edoxaban heparin enoxaparin clopidogrel prasugrel ticagrelor dipyridamole cilostazol
metformin glipizide glyburide glimepiride pioglitazone sitagliptin saxagliptin linagliptin alogliptin
empagliflozin dapagliflozin canagliflozin ertugliflozin semaglutide liraglutide dulaglutide exenatide tirzepatide
insulin glargine detemir degludec lispro aspart glulisine
levothyroxine liothyronine methimazole propylthiouracil
prednisone prednisolone methylprednisolone dexamethasone hydrocortisone budesonide fluticasone mometasone beclomethasone triamcinolone
albuterol salbutamol levalbuterol salmeterol formoterol tiotropium ipratropium umeclidinium montelukast theophylline roflumilast
cetirizine levocetirizine loratadine desloratadine fexofenadine diphenhydramine hydroxyzine chlorpheniramine promethazine
omeprazole esomeprazole lansoprazole pantoprazole rabeprazole dexlansoprazole famotidine ranitidine cimetidine sucralfate
ondansetron metoclopramide prochlorperazine meclizine dicyclomine loperamide bisacodyl senna docusate polyethylene lactulose
mesalamine sulfasalazine azathioprine mercaptopurine methotrexate hydroxychloroquine leflunomide
amoxicillin ampicillin penicillin dicloxacillin piperacillin augmentin clavulanate cephalexin cefadroxil cefuroxime cefdinir cefpodoxime ceftriaxone cefazolin cefepime
azithromycin clarithromycin erythromycin doxycycline minocycline tetracycline ciprofloxacin levofloxacin moxifloxacin ofloxacin
sulfamethoxazole trimethoprim nitrofurantoin fosfomycin metronidazole clindamycin vancomycin linezolid gentamicin tobramycin rifampin isoniazid
fluconazole itraconazole voriconazole terbinafine nystatin clotrimazole ketoconazole miconazole
acyclovir valacyclovir famciclovir oseltamivir paxlovid nirmatrelvir ritonavir tenofovir emtricitabine
sertraline fluoxetine paroxetine citalopram escitalopram fluvoxamine venlafaxine desvenlafaxine bupropion mirtazapine trazodone vortioxetine
buspirone lorazepam alprazolam clonazepam diazepam temazepam zolpidem eszopiclone melatonin
quetiapine olanzapine risperidone aripiprazole ziprasidone haloperidol lurasidone clozapine paliperidone
lithium lamotrigine valproate divalproex carbamazepine oxcarbazepine levetiracetam topiramate phenytoin lacosamide zonisamide
methylphenidate amphetamine dextroamphetamine lisdexamfetamine atomoxetine guanfacine modafinil
donepezil memantine rivastigmine galantamine
levodopa carbidopa pramipexole ropinirole rasagiline selegiline benztropine amantadine
sumatriptan rizatriptan zolmitriptan eletriptan topiramate propranolol
alendronate risedronate ibandronate zoledronic denosumab raloxifene teriparatide calcitriol cholecalciferol ergocalciferol
allopurinol febuxostat colchicine probenecid
oxybutynin tolterodine solifenacin mirabegron sildenafil tadalafil vardenafil
estradiol progesterone medroxyprogesterone norethindrone levonorgestrel testosterone tamoxifen letrozole anastrozole clomiphene
adalimumab etanercept infliximab ustekinumab secukinumab dupilumab rituximab omalizumab
ferrous iron folic cyanocobalamin potassium magnesium calcium
epinephrine glucagon nicotine varenicline
`;

/** Brand names as patients and notes say them, mapped to the generic they are. */
const BRANDS: Readonly<Record<string, string>> = {
  tylenol: 'acetaminophen', advil: 'ibuprofen', motrin: 'ibuprofen', aleve: 'naproxen', naprosyn: 'naproxen', mobic: 'meloxicam',
  celebrex: 'celecoxib', voltaren: 'diclofenac', toradol: 'ketorolac', ultram: 'tramadol', percocet: 'oxycodone', oxycontin: 'oxycodone',
  norco: 'hydrocodone', vicodin: 'hydrocodone', dilaudid: 'hydromorphone', suboxone: 'buprenorphine', narcan: 'naloxone',
  neurontin: 'gabapentin', lyrica: 'pregabalin', cymbalta: 'duloxetine', elavil: 'amitriptyline', flexeril: 'cyclobenzaprine',
  robaxin: 'methocarbamol', zanaflex: 'tizanidine', soma: 'carisoprodol',
  zestril: 'lisinopril', prinivil: 'lisinopril', vasotec: 'enalapril', altace: 'ramipril', lotensin: 'benazepril',
  cozaar: 'losartan', diovan: 'valsartan', avapro: 'irbesartan', benicar: 'olmesartan', atacand: 'candesartan', micardis: 'telmisartan',
  entresto: 'sacubitril', lopressor: 'metoprolol', toprol: 'metoprolol', tenormin: 'atenolol', coreg: 'carvedilol', inderal: 'propranolol',
  bystolic: 'nebivolol', norvasc: 'amlodipine', procardia: 'nifedipine', cardizem: 'diltiazem', calan: 'verapamil',
  microzide: 'hydrochlorothiazide', lasix: 'furosemide', bumex: 'bumetanide', demadex: 'torsemide', aldactone: 'spironolactone',
  catapres: 'clonidine', cardura: 'doxazosin', flomax: 'tamsulosin', proscar: 'finasteride', avodart: 'dutasteride',
  imdur: 'isosorbide', nitrostat: 'nitroglycerin', ranexa: 'ranolazine', lanoxin: 'digoxin', cordarone: 'amiodarone', multaq: 'dronedarone',
  lipitor: 'atorvastatin', crestor: 'rosuvastatin', zocor: 'simvastatin', pravachol: 'pravastatin', zetia: 'ezetimibe', tricor: 'fenofibrate',
  repatha: 'evolocumab', praluent: 'alirocumab', vascepa: 'icosapent',
  coumadin: 'warfarin', jantoven: 'warfarin', eliquis: 'apixaban', xarelto: 'rivaroxaban', pradaxa: 'dabigatran', savaysa: 'edoxaban',
  lovenox: 'enoxaparin', plavix: 'clopidogrel', effient: 'prasugrel', brilinta: 'ticagrelor',
  glucophage: 'metformin', glucotrol: 'glipizide', amaryl: 'glimepiride', actos: 'pioglitazone', januvia: 'sitagliptin', tradjenta: 'linagliptin',
  jardiance: 'empagliflozin', farxiga: 'dapagliflozin', invokana: 'canagliflozin', ozempic: 'semaglutide', wegovy: 'semaglutide',
  rybelsus: 'semaglutide', victoza: 'liraglutide', saxenda: 'liraglutide', trulicity: 'dulaglutide', mounjaro: 'tirzepatide', zepbound: 'tirzepatide',
  lantus: 'glargine', basaglar: 'glargine', toujeo: 'glargine', levemir: 'detemir', tresiba: 'degludec', humalog: 'lispro', novolog: 'aspart',
  synthroid: 'levothyroxine', levoxyl: 'levothyroxine', cytomel: 'liothyronine', tapazole: 'methimazole',
  medrol: 'methylprednisolone', decadron: 'dexamethasone', flonase: 'fluticasone', nasonex: 'mometasone', pulmicort: 'budesonide',
  proventil: 'albuterol', ventolin: 'albuterol', proair: 'albuterol', xopenex: 'levalbuterol', advair: 'fluticasone', symbicort: 'budesonide',
  spiriva: 'tiotropium', atrovent: 'ipratropium', singulair: 'montelukast', breo: 'fluticasone', trelegy: 'fluticasone',
  zyrtec: 'cetirizine', xyzal: 'levocetirizine', claritin: 'loratadine', clarinex: 'desloratadine', allegra: 'fexofenadine', benadryl: 'diphenhydramine',
  atarax: 'hydroxyzine', vistaril: 'hydroxyzine', phenergan: 'promethazine',
  prilosec: 'omeprazole', nexium: 'esomeprazole', prevacid: 'lansoprazole', protonix: 'pantoprazole', aciphex: 'rabeprazole', dexilant: 'dexlansoprazole',
  pepcid: 'famotidine', zantac: 'ranitidine', tagamet: 'cimetidine', carafate: 'sucralfate', zofran: 'ondansetron', reglan: 'metoclopramide',
  compazine: 'prochlorperazine', antivert: 'meclizine', bentyl: 'dicyclomine', imodium: 'loperamide', dulcolax: 'bisacodyl', colace: 'docusate',
  miralax: 'polyethylene', senokot: 'senna', lialda: 'mesalamine', asacol: 'mesalamine', imuran: 'azathioprine', plaquenil: 'hydroxychloroquine',
  amoxil: 'amoxicillin', keflex: 'cephalexin', ceftin: 'cefuroxime', omnicef: 'cefdinir', rocephin: 'ceftriaxone', zithromax: 'azithromycin',
  'z-pak': 'azithromycin', zpack: 'azithromycin', biaxin: 'clarithromycin', vibramycin: 'doxycycline', cipro: 'ciprofloxacin', levaquin: 'levofloxacin',
  avelox: 'moxifloxacin', bactrim: 'sulfamethoxazole', septra: 'sulfamethoxazole', macrobid: 'nitrofurantoin', macrodantin: 'nitrofurantoin',
  flagyl: 'metronidazole', cleocin: 'clindamycin', diflucan: 'fluconazole', lamisil: 'terbinafine', valtrex: 'valacyclovir', zovirax: 'acyclovir',
  tamiflu: 'oseltamivir',
  zoloft: 'sertraline', prozac: 'fluoxetine', paxil: 'paroxetine', celexa: 'citalopram', lexapro: 'escitalopram', effexor: 'venlafaxine',
  pristiq: 'desvenlafaxine', wellbutrin: 'bupropion', remeron: 'mirtazapine', desyrel: 'trazodone', trintellix: 'vortioxetine', buspar: 'buspirone',
  ativan: 'lorazepam', xanax: 'alprazolam', klonopin: 'clonazepam', valium: 'diazepam', restoril: 'temazepam', ambien: 'zolpidem', lunesta: 'eszopiclone',
  seroquel: 'quetiapine', zyprexa: 'olanzapine', risperdal: 'risperidone', abilify: 'aripiprazole', geodon: 'ziprasidone', haldol: 'haloperidol',
  latuda: 'lurasidone', lamictal: 'lamotrigine', depakote: 'divalproex', tegretol: 'carbamazepine', trileptal: 'oxcarbazepine', keppra: 'levetiracetam',
  topamax: 'topiramate', dilantin: 'phenytoin', vimpat: 'lacosamide',
  ritalin: 'methylphenidate', concerta: 'methylphenidate', adderall: 'amphetamine', vyvanse: 'lisdexamfetamine', strattera: 'atomoxetine',
  intuniv: 'guanfacine', provigil: 'modafinil', aricept: 'donepezil', namenda: 'memantine', exelon: 'rivastigmine',
  sinemet: 'carbidopa', mirapex: 'pramipexole', requip: 'ropinirole', azilect: 'rasagiline', cogentin: 'benztropine',
  imitrex: 'sumatriptan', maxalt: 'rizatriptan', zomig: 'zolmitriptan', relpax: 'eletriptan',
  fosamax: 'alendronate', actonel: 'risedronate', boniva: 'ibandronate', reclast: 'zoledronic', prolia: 'denosumab', evista: 'raloxifene', forteo: 'teriparatide',
  zyloprim: 'allopurinol', uloric: 'febuxostat', colcrys: 'colchicine',
  ditropan: 'oxybutynin', detrol: 'tolterodine', vesicare: 'solifenacin', myrbetriq: 'mirabegron', viagra: 'sildenafil', cialis: 'tadalafil', levitra: 'vardenafil',
  premarin: 'estradiol', provera: 'medroxyprogesterone', depo: 'medroxyprogesterone', nolvadex: 'tamoxifen', femara: 'letrozole', arimidex: 'anastrozole',
  clomid: 'clomiphene', humira: 'adalimumab', enbrel: 'etanercept', remicade: 'infliximab', stelara: 'ustekinumab', cosentyx: 'secukinumab',
  dupixent: 'dupilumab', rituxan: 'rituximab', xolair: 'omalizumab', epipen: 'epinephrine', chantix: 'varenicline', nicorette: 'nicotine',
  'k-dur': 'potassium', klor: 'potassium', augmentin: 'amoxicillin',
};

/**
 * The USAN Council's stems: a name ending in one of these is a drug of that class even when the list above
 * lacks it. Only stems whose ending no common English or clinical word shares (so "-ide", "-ine" are out),
 * and a name must be three letters longer than its stem.
 */
export const DRUG_STEMS: readonly string[] = [
  'pril', 'sartan', 'olol', 'alol', 'dipine', 'statin', 'cillin', 'mycin', 'micin', 'floxacin', 'cycline', 'prazole', 'tidine',
  'formin', 'gliptin', 'gliflozin', 'glutide', 'xaban', 'gatran', 'parin', 'grel', 'azepam', 'azolam', 'oxetine', 'triptan', 'setron',
  'lukast', 'terol', 'tropium', 'conazole', 'dronate', 'zosin', 'afil', 'tinib', 'ciclib', 'umab', 'imab', 'zumab', 'navir', 'ciclovir',
  'cyclovir', 'semide', 'thiazide', 'profen', 'coxib', 'olone', 'asone', 'barbital', 'caine', 'pramine', 'triptyline', 'peridone',
  'apine', 'vudine', 'tegravir', 'previr', 'buvir', 'glinide', 'glitazone',
];

/** Words that end like a stem but name no medicine a note would prescribe. */
const NOT_DRUGS: ReadonlySet<string> = new Set(['cholesterol', 'sterol', 'cocaine', 'alpine']);

const GENERIC_SET: ReadonlySet<string> = new Set(GENERICS.split(/\s+/).filter(Boolean));

/** The curated generic names, for tests and the benchmark's planted drugs. */
export const KNOWN_DRUGS: readonly string[] = [...GENERIC_SET].sort();

/** The drug a word names, as its generic (brands mapped to theirs; stem-only names are their own), or null. */
export function drugOf(word: string): string | null {
  const lower = word.toLowerCase();
  if (lower.length < 4 || NOT_DRUGS.has(lower)) return null;
  if (GENERIC_SET.has(lower)) return lower;
  const brand = BRANDS[lower];
  if (brand) return brand;
  return DRUG_STEMS.some((stem) => lower.endsWith(stem) && lower.length >= stem.length + 3) ? lower : null;
}
