import { describe, expect, it } from 'vitest';
import { convert, parseMeasurement, unitOfLabel, unitOfText } from './units.js';

describe('units', () => {
  it.each([
    ['lbs', 'lb'],
    ['(kg)', 'kg'],
    ['F', 'degF'],
    ['°C', 'degC'],
    ['deg F', 'degF'],
    ['mm/hg', 'mmHg'],
    ['mm Hg', 'mmHg'],
    ['per min', 'perMin'],
    ['/min', 'perMin'],
    ['breaths/min', 'perMin'],
    ['%', 'percent'],
    ['in', 'in'],
    ['cm', 'cm'],
    ['Today', null],
    ['Pulse', null],
  ])('the text %j is the unit %j', (text, unit) => {
    expect(unitOfText(text)).toBe(unit);
  });

  it.each([
    ['Temperature (F), Today', 'degF'],
    ['Temperature °C', 'degC'],
    ['BP Systolic (mm/hg), Today', 'mmHg'],
    ['Weight in kg', 'kg'],
    ['Weight (lbs)', 'lb'],
    ['Height (in)', 'in'],
    ['Oxygen saturation (%)', 'percent'],
    ['Pulse (per min)', 'perMin'],
    // A bare F, C or "in" in running text is a word, not a unit.
    ['Follow up in clinic', null],
    ['Vitamin C', null],
    ['Weight (lbs/kg)', null],
    ['Weight (lbs) or (kg)', null],
    ['Pulse', null],
  ])('the label %j names %j', (label, unit) => {
    expect(unitOfLabel(label)).toBe(unit);
  });

  it.each([
    ['38.5 °C', { number: '38.5', unit: 'degC' }],
    ['38,5C', { number: '38.5', unit: 'degC' }],
    ['101.3 F', { number: '101.3', unit: 'degF' }],
    ['72 kg', { number: '72', unit: 'kg' }],
    ['97%', { number: '97', unit: 'percent' }],
    ['88 bpm', { number: '88', unit: 'perMin' }],
    ['128 mmHg.', { number: '128', unit: 'mmHg' }],
    ['88', { number: '88', unit: null }],
    ['128/82', null],
    // One comma before three digits: three thousand, or 3.25 where the comma is the decimal mark. Never guessed.
    ['3,250 g', null],
    ['250,000', null],
    ['1,250,000', { number: '1250000', unit: null }],
    ['1,250.5 kg', { number: '1250.5', unit: 'kg' }],
    ['about 70', null],
    ['70 maybe', null],
  ])('%j measures %j', (text, measurement) => {
    expect(parseMeasurement(text)).toEqual(measurement);
  });

  it('converts exactly, with the standard factors, and only within one quantity', () => {
    expect(convert(38.5, 'degC', 'degF')).toBeCloseTo(101.3, 10);
    expect(convert(101.3, 'degF', 'degC')).toBeCloseTo(38.5, 10);
    expect(convert(72, 'kg', 'lb')).toBeCloseTo(158.733, 3);
    expect(convert(100, 'lb', 'kg')).toBeCloseTo(45.359237, 10);
    expect(convert(170, 'cm', 'in')).toBeCloseTo(66.929, 3);
    expect(convert(10, 'in', 'cm')).toBeCloseTo(25.4, 10);
    expect(convert(72, 'kg', 'cm')).toBeNull();
    expect(convert(120, 'mmHg', 'mmHg')).toBe(120);
  });
});
