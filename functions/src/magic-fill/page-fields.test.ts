import { MAGIC_FILL_LIMITS } from '@charta/contract';
import { describe, expect, it } from 'vitest';
import { MAX_FIELD_DEPTH, MAX_TOTAL_OPTIONS, readPageFields } from './page-fields.js';

const fieldsOf = (body: string) => readPageFields(`<!doctype html><html><body>${body}</body></html>`);

describe('readPageFields', () => {
  it('labels fields from every source a page uses', () => {
    const { fields } = fieldsOf(`
      <h2 id="a-h">Assessment</h2>
      <form id="f">
        <label for="cc">Chief complaint:</label><input id="cc">
        <label>Medications <textarea name="meds">old value</textarea></label>
        <input aria-label="Allergies" name="allergies">
        <textarea aria-labelledby="a-h" name="assessment"></textarea>
        <div><span>Pulse</span><input name="pulse" type="number"></div>
        <input name="weight_kg" placeholder="Weight (kg)">
      </form>`);
    expect(fields.map((f) => [f.selector, f.label, f.kind])).toEqual([
      ['#cc', 'Chief complaint', 'text'],
      ['[name="meds"]', 'Medications', 'textarea'],
      ['[name="allergies"]', 'Allergies', 'text'],
      ['[name="assessment"]', 'Assessment', 'textarea'],
      ['[name="pulse"]', 'Pulse', 'number'],
      ['[name="weight_kg"]', 'Weight (kg)', 'text'],
    ]);
  });

  describe('labels in tables: what a person reads across the row and up the column', () => {
    const labels = (body: string) => fieldsOf(body).fields.map((f) => f.label);

    it('a vitals table: name and unit cells before the field, its column header, a name spanning two unit rows', () => {
      expect(
        labels(`
        <table>
          <thead><tr><th>Vital</th><th>Unit</th><th>Today</th></tr></thead>
          <tbody>
            <tr><td rowspan="2">Weight</td><td>lbs</td><td><input name="weight_lbs"></td></tr>
            <tr><td>kg</td><td><input name="weight_kg"></td></tr>
            <tr><td>BP Systolic</td><td>mm/hg</td><td><input name="bps"></td></tr>
            <tr><td>BP Diastolic</td><td>mm/hg</td><td><input name="bpd"></td></tr>
            <tr><td>Pulse</td><td>per min</td><td><input name="pulse"></td></tr>
            <tr><td>Respiration</td><td>per min</td><td><input name="respiration"></td></tr>
            <tr><th scope="row" rowspan="2">Temperature:</th><td>F</td><td><input name="temp_f"></td></tr>
            <tr><td>C</td><td><input name="temp_c"></td></tr>
            <tr><td>Oxygen saturation</td><td>%</td><td><input name="o2"></td></tr>
          </tbody>
        </table>`),
      ).toEqual([
        'Weight (lbs), Today',
        'Weight (kg), Today',
        'BP Systolic (mm/hg), Today',
        'BP Diastolic (mm/hg), Today',
        'Pulse (per min), Today',
        'Respiration (per min), Today',
        'Temperature (F), Today',
        'Temperature (C), Today',
        'Oxygen saturation (%), Today',
      ]);
    });

    it('several fields in a row: each its own name, the row’s name when it has none, a unit after it (in its cell or the next)', () => {
      expect(
        labels(`
        <table>
          <tr><td>Chief complaint</td><td><input name="cc"></td><td>Onset</td><td><input name="onset"></td></tr>
          <tr><td>Weight</td><td><input name="w1"></td><td>lbs</td><td><input name="w2"></td><td>kg</td></tr>
          <tr><td>Height</td><td><input name="h1"> in</td><td><input name="h2"> cm</td></tr>
        </table>`),
      ).toEqual(['Chief complaint', 'Onset', 'Weight (lbs)', 'Weight (kg)', 'Height (in)', 'Height (cm)']);
    });

    it('headers spanning columns (colspan) and rows headed by th: row, then the column’s headers top down', () => {
      expect(
        labels(`
        <table>
          <tr><td></td><th colspan="2">Blood pressure</th></tr>
          <tr><td></td><th>Systolic</th><th>Diastolic</th></tr>
          <tr><th>Sitting</th><td><input name="s1"></td><td><input name="d1"></td></tr>
          <tr><th>Standing</th><td colspan="1"><input name="s2"></td><td><input name="d2"></td></tr>
        </table>`),
      ).toEqual(['Sitting, Blood pressure Systolic', 'Sitting, Blood pressure Diastolic', 'Standing, Blood pressure Systolic', 'Standing, Blood pressure Diastolic']);
    });

    it('nested tables: the inner row’s text after the outer row’s, and nothing from another field’s row', () => {
      expect(
        labels(`
        <table>
          <tr><td>Vitals</td><td><table><tr><td>Pulse</td><td><input name="p"></td></tr><tr><td><input name="unnamed_field"></td></tr></table></td></tr>
          <tr><td>Notes</td><td><textarea name="notes"></textarea></td></tr>
          <tr><td><input name="last_row"></td></tr>
        </table>`),
      ).toEqual(['Vitals Pulse', 'unnamed field', 'Notes', 'last row']);
    });

    it('a label row above the field (a row of text only) names it; a row holding a field does not', () => {
      expect(labels(`<table><tr><td>Chief complaint</td></tr><tr><td><input name="cc"></td></tr><tr><td><input name="second_field"></td></tr></table>`)).toEqual(['Chief complaint', 'second field']);
    });

    it('ARIA grids built from divs read the same way (rows, row and column headers, aria-colspan)', () => {
      expect(
        labels(`
        <div role="grid" aria-label="Vitals">
          <div role="rowgroup">
            <div role="row"><span role="columnheader">Measure</span><span role="columnheader">Unit</span><span role="columnheader" aria-colspan="2">This visit</span></div>
          </div>
          <div role="rowgroup">
            <div role="row"><span role="rowheader">Pulse</span><span role="gridcell">per min</span><span role="gridcell"><input name="ap"></span><span role="gridcell">regular</span></div>
            <div role="row"><span role="rowheader">Temperature</span><span role="gridcell">°C</span><span role="gridcell"><input name="at"></span></div>
          </div>
        </div>`),
      ).toEqual(['Pulse (per min), This visit', 'Temperature (°C), This visit']);
    });

    it('stays fast on a table of 10,000 rows (each table’s grid is built once)', () => {
      const started = Date.now();
      const rows = Array.from({ length: 10_000 }, (_, i) => `<tr><td>Measure ${i}</td><td>kg</td><td><input name="m${i}"></td></tr>`).join('');
      const page = fieldsOf(`<table><thead><tr><th>Name</th><th>Unit</th><th>Value</th></tr></thead><tbody>${rows}</tbody></table>`);
      expect(page.fields[499]!.label).toBe('Measure 499 (kg), Value');
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('stays bounded on a table of cells that each span the rest of the table (rowspan=0) and 99 columns', () => {
      // Half a megabyte of HTML that once filled billions of grid slots and ran the API out of memory.
      const started = Date.now();
      const rows = Array.from({ length: 1000 }, () => `<tr>${'<td rowspan="0" colspan="99">x</td>'.repeat(20)}</tr>`).join('');
      const page = fieldsOf(`<table>${rows}<tr><td>Weight</td><td><input name="w"></td></tr></table>`);
      expect(page.fields).toHaveLength(1);
      // Seconds, not minutes: generous, since the failure this guards against took 56 s and then crashed.
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('gives number and text fields the unit their label names', () => {
      const { fields } = fieldsOf(`<table><tr><td>Temperature</td><td>F</td><td><input name="tf"></td></tr><tr><td>Pulse</td><td><input type="number" name="p"> bpm</td></tr>
        <tr><td>Notes (in)</td><td><textarea name="n"></textarea></td></tr><tr><td>Follow up in</td><td><input name="f"></td></tr></table>`);
      expect(fields.map((f) => [f.label, f.unit])).toEqual([
        ['Temperature (F)', 'degF'],
        ['Pulse (bpm)', 'perMin'],
        ['Notes (in)', undefined],
        ['Follow up in', undefined],
      ]);
    });

    it('names a radio group by its row when no legend does', () => {
      const { fields } = fieldsOf(`<table><tr><td>Smoker</td><td><label><input type="radio" name="smk" value="y"> Yes</label><label><input type="radio" name="smk" value="n"> No</label></td></tr></table>`);
      expect(fields).toEqual([expect.objectContaining({ label: 'Smoker', kind: 'radio', options: [{ value: 'y', label: 'Yes' }, { value: 'n', label: 'No' }] })]);
    });

    it('keeps the labels a page gives itself first', () => {
      expect(labels(`<table><tr><td>Pulse</td><td><label for="hr">Heart rate</label><input id="hr"></td><td><input aria-label="Rhythm"></td></tr></table>`)).toEqual(['Heart rate', 'Rhythm']);
    });
  });

  it('never reads password, hidden, file, disabled, read-only or hidden-by-markup fields, nor scripts', () => {
    const { fields } = fieldsOf(`
      <input type="password" id="p" aria-label="Password"><input type="hidden" name="h" value="x"><input type="file" aria-label="File">
      <input disabled aria-label="Disabled"><input readonly aria-label="Read only"><fieldset disabled><input aria-label="In disabled fieldset"></fieldset>
      <div hidden><input aria-label="In hidden"></div><div style="display: none"><input aria-label="Display none"></div>
      <script>document.write('<input aria-label="From script">')</script><template><input aria-label="In template"></template>
      <input aria-label="Visible" onfocus="alert(1)">`);
    expect(fields.map((f) => f.label)).toEqual(['Visible']);
  });

  it('answers a select with its real options, placeholders left out', () => {
    const { fields } = fieldsOf(`<label for="dx">Diagnosis</label><select id="dx"><option value="">Select…</option><option value="I10">I10 Hypertension</option><optgroup label="g"><option>J06.9</option></optgroup></select>`);
    expect(fields[0]).toMatchObject({ kind: 'select', options: [{ value: 'I10', label: 'I10 Hypertension' }, { value: 'J06.9', label: 'J06.9' }] });
  });

  it('reads the bounds of number, date and time inputs, ignoring ones a browser would ignore', () => {
    const { fields } = fieldsOf(`
      <input type="number" aria-label="Temperature" min="30" max="43" step="0.1">
      <input type="number" aria-label="Pulse" min="abc" max="" step="0">
      <input type="number" aria-label="Weight" step="any">
      <input type="date" aria-label="Follow-up" min="2026-03-02" max="2026-13">
      <input aria-label="Text" min="1" max="2">`);
    expect(fields.map(({ label, min, max, step }) => ({ label, min, max, step }))).toEqual([
      { label: 'Temperature', min: '30', max: '43', step: '0.1' },
      { label: 'Pulse', min: undefined, max: undefined, step: undefined },
      { label: 'Weight', min: undefined, max: undefined, step: 'any' },
      { label: 'Follow-up', min: '2026-03-02', max: undefined, step: undefined },
      { label: 'Text', min: undefined, max: undefined, step: undefined },
    ]);
  });

  it('scopes a repeated name by its form, and falls back to a structural path', () => {
    const { fields } = fieldsOf(`<form id="one"><input name="note" aria-label="A"></form><form id="two"><input name="note" aria-label="B"></form><div><p><input aria-label="C"></p></div>`);
    expect(fields.map((f) => f.selector)).toEqual(['#one [name="note"]', '#two [name="note"]', 'body > div:nth-of-type(1) > p:nth-of-type(1) > input:nth-of-type(1)']);
  });

  it('reads and fills fields inside open shadow roots, ids and labels local to each root, with their hosts’ selectors', () => {
    const { fields } = fieldsOf(`
      <input id="i" aria-label="Outside">
      <ehr-field id="reason"><template shadowrootmode="open"><label for="i">Reason for visit</label><input id="i"></template></ehr-field>
      <ehr-field><template shadowrootmode="open"><div><input aria-label="Inner" name="allergies"></div>
        <ehr-note id="n"><template shadowrootmode="open"><p>Note<textarea></textarea></p></template></ehr-note></template></ehr-field>
      <ehr-field><template shadowrootmode="closed"><input aria-label="Closed"></template></ehr-field>
      <template><input aria-label="Plain template"></template>`);
    expect(fields.map((f) => [f.shadowHosts, f.selector, f.label])).toEqual([
      [undefined, '#i', 'Outside'],
      [['#reason'], '#i', 'Reason for visit'],
      [['body > ehr-field:nth-of-type(2)'], '[name="allergies"]', 'Inner'],
      [['body > ehr-field:nth-of-type(2)', '#n'], ':host > p:nth-of-type(1) > textarea:nth-of-type(1)', 'Note'],
    ]);
  });

  it('escapes ids and names for querySelector', () => {
    const { fields } = fieldsOf(`<input id="1st:field" aria-label="A"><input name='a"b' aria-label="B">`);
    expect(fields.map((f) => f.selector)).toEqual(['#\\31 st\\:field', '[name="a\\"b"]']);
  });

  it(`considers at most ${MAGIC_FILL_LIMITS.fields} fields and says the rest were left out`, () => {
    const started = Date.now();
    const page = fieldsOf('<form>' + Array.from({ length: 10_000 }, (_, i) => `<input name="n${i}" aria-label="Field ${i}">`).join('') + '</form>');
    expect(page.fields).toHaveLength(MAGIC_FILL_LIMITS.fields);
    expect(page.truncated).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it(`sends at most ${MAX_TOTAL_OPTIONS} options in all: selects past that are left out, truncated`, () => {
    const select = (i: number) => `<select aria-label="List ${i}">${Array.from({ length: 200 }, (_, j) => `<option>o${j}</option>`).join('')}</select>`;
    const page = fieldsOf(Array.from({ length: 100 }, (_, i) => select(i)).join(''));
    expect(page.fields).toHaveLength(MAX_TOTAL_OPTIONS / 200);
    expect(page.truncated).toBe(true);
  });

  it(`reads nothing nested deeper than ${MAX_FIELD_DEPTH} elements, and deep nesting stays fast`, () => {
    const started = Date.now();
    const deep = '<div>'.repeat(200_000) + '<input aria-label="Deep">';
    expect(fieldsOf(`<input aria-label="Shallow">${deep}`).fields.map((f) => f.label)).toEqual(['Shallow']);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
