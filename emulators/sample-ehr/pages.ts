/**
 * The sample EHR's pages: a visit-note form as EHRs write them (labels of every kind, a select, a radio
 * group, a date, a web component whose field sits in an open shadow root, a vitals table inside a
 * same-origin iframe, a cross-origin iframe, a React-driven field) with fields that must never be read or
 * filled (password, hidden, file, disabled, read-only). Plain HTML, no framework but the one React field.
 */

const STYLE = `
  body { font: 15px/1.4 system-ui, sans-serif; margin: 0; background: #eef1f4; color: #1b1f23; }
  header { background: #234; color: #fff; padding: 10px 20px; }
  main { max-width: 860px; margin: 16px auto; background: #fff; padding: 16px 24px; border: 1px solid #ccd; }
  .row { display: grid; grid-template-columns: 180px 1fr; gap: 8px; margin: 10px 0; align-items: start; }
  label, .label { font-weight: 600; }
  input, textarea, select { font: inherit; font-weight: 400; padding: 4px; width: 100%; box-sizing: border-box; }
  textarea { min-height: 3.5em; }
  iframe { width: 100%; height: 150px; border: 1px dashed #99a; }
  iframe.vitals-frame { height: 620px; }
  .hint { grid-column: 2; margin: 0; color: #555; font-size: 13px; }
  fieldset.choices { border: 0; padding: 0; margin: 10px 0; display: grid; grid-template-columns: 180px repeat(3, max-content); gap: 8px 16px; }
  fieldset.choices legend { float: left; font-weight: 600; padding: 0; }
  fieldset.choices label { font-weight: 400; }
  input[type="radio"] { width: auto; margin: 0 4px 0 0; }
  table.vitals { border-collapse: collapse; margin: 6px 0 12px; }
  table.vitals th, table.vitals td { border: 1px solid #ccd; padding: 3px 8px; text-align: left; }
  table.vitals input { width: 7em; }
  h2 { font-size: 17px; margin: 18px 0 6px; }
  @media (max-width: 600px) { main { margin: 0; padding: 12px; } .row, fieldset.choices { grid-template-columns: 1fr; gap: 4px; } .hint { grid-column: 1; } }
`;

export const DIAGNOSES = [
  ['J06.9', 'Acute upper respiratory infection, unspecified'],
  ['J20.9', 'Acute bronchitis, unspecified'],
  ['I10', 'Essential (primary) hypertension'],
  ['E11.9', 'Type 2 diabetes mellitus without complications'],
  ['M54.50', 'Low back pain, unspecified'],
  ['F41.1', 'Generalized anxiety disorder'],
] as const;

/**
 * The chief complaint is a web component, as some EHRs build theirs: its label and input live in an open
 * shadow root (the host's \`row\` class lays them out), so a reader that stays in the document never sees
 * them. Defined by a plain script, no framework.
 */
const SHADOW_FIELD_SCRIPT = `
customElements.define('ehr-text-field', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = 'label { font-weight: 600; } input { font: inherit; padding: 4px; width: 100%; box-sizing: border-box; }';
    const label = document.createElement('label');
    label.htmlFor = this.getAttribute('field-id');
    label.textContent = this.getAttribute('label');
    const input = document.createElement('input');
    input.id = this.getAttribute('field-id');
    input.name = this.getAttribute('name');
    input.maxLength = Number(this.getAttribute('maxlength'));
    root.append(style, label, input);
  }
});`;

/** The visit note; \`labsUrl\` is the lab-orders page on another origin (see server.ts). */
export function visitNotePage(labsUrl: string): string {
  const options = DIAGNOSES.map(([code, name]) => `<option value="${code}">${code} ${name}</option>`).join('\n          ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sample EHR · Visit note</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style>${STYLE}</style>
</head>
<body>
  <header><strong>Sample EHR</strong> · local development stand-in, no real patient data</header>
  <main aria-label="Visit note">
    <h1>Visit note</h1>
    <p>Patient: <strong>Test Patient</strong> · DOB 1970-01-01</p>
    <form id="visit-note" action="/submit" method="post" autocomplete="off">
      <input type="hidden" name="encounter_token" id="encounter-token" value="enc-7731-do-not-touch">
      <div class="row"><label for="mrn">MRN</label><input id="mrn" name="mrn" value="MRN-000123" readonly></div>
      <div class="row"><label for="visit-id">Visit ID</label><input id="visit-id" name="visit_id" value="V-42" disabled></div>

      <h2>History</h2>
      <ehr-text-field class="row" id="chief-complaint-field" field-id="chief-complaint" name="chief_complaint" label="Chief complaint" maxlength="200"></ehr-text-field>
      <div class="row"><label for="hpi">History of present illness</label><textarea id="hpi" name="hpi" rows="5"></textarea></div>
      <label class="row">Current medications <textarea name="medications" rows="3"></textarea></label>
      <div class="row"><span class="label">Allergies</span><input name="allergies" placeholder="e.g. penicillin: rash"></div>
      <fieldset class="choices">
        <legend>Smoking status</legend>
        <label><input type="radio" name="smoking_status" value="never"> Never smoker</label>
        <label><input type="radio" name="smoking_status" value="former"> Former smoker</label>
        <label><input type="radio" name="smoking_status" value="current"> Current smoker</label>
      </fieldset>

      <h2>Examination</h2>
      <p>Vitals are recorded in the embedded vitals panel:</p>
      <iframe src="/vitals" title="Vitals panel" id="vitals-frame" class="vitals-frame"></iframe>

      <h2 id="assessment-heading">Assessment</h2>
      <div class="row"><span></span><textarea aria-labelledby="assessment-heading" name="assessment" rows="4"></textarea></div>
      <div class="row">
        <label for="diagnosis">Primary diagnosis</label>
        <select id="diagnosis" name="diagnosis">
          <option value="">Select a diagnosis</option>
          ${options}
        </select>
      </div>

      <h2>Plan</h2>
      <div id="plan-root"><p>Loading the plan field…</p></div>
      <div class="row"><label for="follow-up">Follow-up date</label><input type="date" id="follow-up" name="follow_up"></div>
      <p>Lab orders go to the lab's own system, framed from another origin:</p>
      <iframe src="${labsUrl}" title="Lab orders" id="labs-frame"></iframe>

      <h2>Sign</h2>
      <div class="row"><label for="attachment">Attach document</label><input type="file" id="attachment" name="attachment"></div>
      <div class="row"><label for="signature-password">Password to sign</label><input type="password" id="signature-password" name="signature_password" autocomplete="off"></div>
      <div class="row"><span></span><button type="submit">Sign note</button></div>
    </form>
  </main>
  <script type="module" src="/react-plan-field.js"></script>
  <script>${SHADOW_FIELD_SCRIPT}</script>
</body>
</html>
`;
}

/** One row of the vitals table: the measure's name (spanning its unit rows), a unit, an input. */
const vitalRow = (name: string, rowSpan: number, unit: string, input: string) =>
  `<tr>${name ? `<td${rowSpan > 1 ? ` rowspan="${rowSpan}"` : ''}>${name}</td>` : ''}<td>${unit}</td><td>${input}</td></tr>`;

/**
 * The same-origin iframe: the vitals panel many EHRs embed, laid out as older and open-source EHRs lay
 * out vitals: a table whose rows hold the name, the unit and an unlabelled input, under a header row, with
 * weight, height and temperature in two units and two "mm/hg" and two "per min" rows (the text just
 * before each input is its unit). Two inputs are numbers with bounds. Its selectors are local to this frame.
 */
export function vitalsPage(): string {
  const rows = [
    vitalRow('Weight', 2, 'lbs', '<input id="weight-lbs" name="weight_lbs">'),
    vitalRow('', 1, 'kg', '<input id="weight-kg" name="weight_kg">'),
    vitalRow('Height', 2, 'in', '<input id="height-in" name="height_in">'),
    vitalRow('', 1, 'cm', '<input id="height-cm" name="height_cm">'),
    vitalRow('BP Systolic', 1, 'mm/hg', '<input id="bp-systolic" name="bps">'),
    vitalRow('BP Diastolic', 1, 'mm/hg', '<input id="bp-diastolic" name="bpd">'),
    vitalRow('Pulse', 1, 'per min', '<input id="pulse" name="pulse">'),
    vitalRow('Respiration', 1, 'per min', '<input id="respiration" name="respiration">'),
    vitalRow('Temperature', 2, 'F', '<input id="temp-f" name="temperature_f">'),
    vitalRow('', 1, 'C', '<input type="number" id="temp-c" name="temperature_c" min="30" max="45" step="0.1">'),
    vitalRow('Oxygen saturation', 1, '%', '<input type="number" id="spo2" name="oxygen_saturation" min="50" max="100">'),
  ].join('\n          ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Vitals panel</title>
  <style>${STYLE} body { background: #fff; } main { margin: 0; border: 0; padding: 8px; }</style>
</head>
<body>
  <main aria-label="Vitals">
    <form id="vitals-form">
      <table class="vitals">
        <thead><tr><th>Vital</th><th>Unit</th><th>Today</th></tr></thead>
        <tbody>
          ${rows}
        </tbody>
      </table>
      <div class="row"><label for="vital-signs">Vital signs</label><textarea id="vital-signs" name="vital_signs" rows="3"></textarea></div>
      <input type="hidden" name="vitals_device" value="cuff-12">
    </form>
  </main>
</body>
</html>
`;
}

/** The cross-origin iframe: the lab's own order form, served for another host name (see server.ts). */
export function labsPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Lab orders</title>
  <style>${STYLE} body { background: #fbfaf3; } main { margin: 0; border: 0; padding: 8px; background: transparent; }</style>
</head>
<body>
  <main aria-label="Lab orders">
    <form id="lab-orders">
      <div class="row"><label for="lab-tests">Tests to order</label><textarea id="lab-tests" name="lab_tests" rows="2"></textarea></div>
    </form>
  </main>
</body>
</html>
`;
}
