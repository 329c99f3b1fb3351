/**
 * Units of the measures EHR forms ask for (vital signs above all), as labels and notes spell them: which
 * unit a field's label names, which a value is given in, exact conversions between two units of one
 * quantity, and the range a value must fall in to be a measurement of that quantity at all.
 */

export type Unit = 'degF' | 'degC' | 'lb' | 'kg' | 'in' | 'cm' | 'mmHg' | 'percent' | 'perMin';
export type Quantity = 'temperature' | 'mass' | 'length' | 'pressure' | 'percentage' | 'rate';

export const UNIT_SYMBOL: Record<Unit, string> = { degF: '°F', degC: '°C', lb: 'lb', kg: 'kg', in: 'in', cm: 'cm', mmHg: 'mmHg', percent: '%', perMin: '/min' };

export const QUANTITY: Record<Unit, Quantity> = {
  degF: 'temperature',
  degC: 'temperature',
  lb: 'mass',
  kg: 'mass',
  in: 'length',
  cm: 'length',
  mmHg: 'pressure',
  percent: 'percentage',
  perMin: 'rate',
};

/**
 * What a measurement in each unit can be, generously (newborns to adults, fever to hypothermia): outside
 * it, a value is not that measure in that unit, e.g. 38.5 in a Fahrenheit field is a Celsius reading.
 * Temperature ranges do not overlap; masses and lengths do, so their units must come from the note.
 */
export const PLAUSIBLE: Record<Unit, readonly [number, number]> = {
  degC: [25, 45],
  degF: [77, 113],
  kg: [0.2, 500],
  lb: [0.5, 1100],
  cm: [20, 250],
  in: [8, 100],
  mmHg: [20, 300],
  percent: [0, 100],
  perMin: [1, 300],
};

/** Spellings of each unit as a whole text ("F", "mm/hg", "per min"); a lone F, C or "in" is a unit only alone or in brackets. */
const SPELLINGS: readonly (readonly [Unit, RegExp])[] = [
  ['degF', /^(°\s*f|º\s*f|deg(ree)?s?\s*f(ahrenheit)?|fahrenheit|f)$/i],
  ['degC', /^(°\s*c|º\s*c|deg(ree)?s?\s*c(elsius)?|celsius|centigrade|c)$/i],
  ['lb', /^(lbs?|pounds?)$/i],
  ['kg', /^(kgs?|kilo(gram)?s?)$/i],
  ['in', /^(in|ins|inch(es)?|")$/i],
  ['cm', /^(cms?|centimet(er|re)s?)$/i],
  ['mmHg', /^mm\s*(\/|of)?\s*hg$/i],
  ['percent', /^(%|percent|per\s*cent)$/i],
  ['perMin', /^(\/\s*min(ute)?|per\s*min(ute)?|bpm|(beats?|breaths?)\s*(\/|per|a)\s*min(ute)?)$/i],
];

/** Spellings that say their unit anywhere in a label, not only alone: never a bare F, C or "in". */
const IN_TEXT: readonly (readonly [Unit, RegExp])[] = [
  ['degF', /°\s*f\b|º\s*f\b|\bfahrenheit\b|\bdeg(ree)?s?\s*f\b/i],
  ['degC', /°\s*c\b|º\s*c\b|\bcelsius\b|\bcentigrade\b|\bdeg(ree)?s?\s*c\b/i],
  ['lb', /\blbs?\b|\bpounds?\b/i],
  ['kg', /\bkgs?\b|\bkilo(gram)?s?\b/i],
  ['in', /\binch(es)?\b/i],
  ['cm', /\bcms?\b|\bcentimet(er|re)s?\b/i],
  ['mmHg', /\bmm\s*(\/|of)?\s*hg\b/i],
  ['percent', /%|\bper\s*cent\b|\bpercent\b/i],
  ['perMin', /\/\s*min\b|\bper\s*min(ute)?\b|\bbpm\b/i],
];

/** The unit a whole text spells ("lbs", "(F)", "mm/hg"), or null. */
export function unitOfText(text: string): Unit | null {
  const bare = text
    .trim()
    .replace(/^[([]\s*(.*?)\s*[)\]]$/, '$1')
    .trim();
  return SPELLINGS.find(([, spelling]) => spelling.test(bare))?.[0] ?? null;
}

/**
 * The one unit a field's label names: in brackets ("Temperature (F)") or spelt out unmistakably ("Weight
 * in kg", "SpO2 %"). A label naming two units ("Weight (lbs/kg)") names none Charta can rely on.
 */
export function unitOfLabel(label: string): Unit | null {
  const found = new Set<Unit>();
  for (const [, inside] of label.matchAll(/[([]([^()[\]]{1,20})[)\]]/g)) {
    const unit = unitOfText(inside!);
    if (unit) found.add(unit);
  }
  for (const [unit, spelling] of IN_TEXT) if (spelling.test(label)) found.add(unit);
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * A number as a note writes it, in digits with a point: "38.5", "38,5" (a decimal comma), "1,250,000" (the
 * commas group thousands). One comma before exactly three digits ("3,250": three thousand, or 3.25 where a
 * comma is the decimal mark) cannot be told apart: `ambiguous`, so it is never written into a field as a
 * guess. Null for anything that is not a number.
 */
export function parseDecimal(text: string): { number: string } | { ambiguous: true } | null {
  const t = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(t)) return { number: t };
  if (/^-?\d{1,3},\d{3}$/.test(t)) return { ambiguous: true };
  if (/^-?\d{1,3}(,\d{3}){2,}(\.\d+)?$/.test(t) || /^-?\d{1,3},\d{3}\.\d+$/.test(t)) return { number: t.replace(/,/g, '') };
  if (/^-?\d+,\d+$/.test(t)) return { number: t.replace(',', '.') };
  return null;
}

/** The number a text starts with, as parseDecimal reads it, and the rest ("76 bpm" → 76, " bpm"). */
export function leadingNumber(text: string): { parsed: ReturnType<typeof parseDecimal>; rest: string } | null {
  const m = /^(-?\d[\d.,]*\d|-?\d)(.*)$/s.exec(text.trim());
  return m ? { parsed: parseDecimal(m[1]!), rest: m[2]! } : null;
}

/** One number and, if given, its unit ("38.5 °C", "97%", "72kg", "88"); null for anything else ("128/82", "about 70", "3,250"). */
export function parseMeasurement(text: string): { number: string; unit: Unit | null } | null {
  const lead = leadingNumber(text);
  if (!lead?.parsed || 'ambiguous' in lead.parsed) return null;
  const number = lead.parsed.number;
  const rest = lead.rest.trim().replace(/\.$/, '');
  if (rest === '') return { number, unit: null };
  const unit = unitOfText(rest);
  return unit ? { number, unit } : null;
}

/** The exact, standard factors: 1 lb = 0.45359237 kg (international pound), 1 in = 2.54 cm, °F = °C × 9/5 + 32. */
export function convert(value: number, from: Unit, to: Unit): number | null {
  if (from === to) return value;
  switch (`${from}>${to}`) {
    case 'degC>degF':
      return (value * 9) / 5 + 32;
    case 'degF>degC':
      return ((value - 32) * 5) / 9;
    case 'lb>kg':
      return value * 0.45359237;
    case 'kg>lb':
      return value / 0.45359237;
    case 'in>cm':
      return value * 2.54;
    case 'cm>in':
      return value / 2.54;
    default:
      return null;
  }
}

/** How each conversion is done, for the note the clinician reads beside the value. */
export const CONVERSION_RULE: Partial<Record<`${Unit}>${Unit}`, string>> = {
  'degC>degF': '°F = °C × 9/5 + 32',
  'degF>degC': '°C = (°F − 32) × 5/9',
  'lb>kg': '1 lb = 0.45359237 kg',
  'kg>lb': '1 lb = 0.45359237 kg',
  'in>cm': '1 in = 2.54 cm',
  'cm>in': '1 in = 2.54 cm',
};
