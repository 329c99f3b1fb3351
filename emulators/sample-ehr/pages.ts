/**
 * The sample EHR's pages: a visit-note form as EHRs write them (labels of every kind, a select, a date, a
 * part inside a same-origin iframe, a React-driven field) with fields that must never be read or filled
 * (password, hidden, file, disabled, read-only). Plain HTML, no framework but the one React field.
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
  .hint { grid-column: 2; margin: 0; color: #555; font-size: 13px; }
  h2 { font-size: 17px; margin: 18px 0 6px; }
  @media (max-width: 600px) { main { margin: 0; padding: 12px; } .row { grid-template-columns: 1fr; gap: 4px; } .hint { grid-column: 1; } }
`;

export const DIAGNOSES = [
  ['J06.9', 'Acute upper respiratory infection, unspecified'],
  ['J20.9', 'Acute bronchitis, unspecified'],
  ['I10', 'Essential (primary) hypertension'],
  ['E11.9', 'Type 2 diabetes mellitus without complications'],
  ['M54.50', 'Low back pain, unspecified'],
  ['F41.1', 'Generalized anxiety disorder'],
] as const;

export function visitNotePage(): string {
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
      <div class="row"><label for="chief-complaint">Chief complaint</label><input id="chief-complaint" name="chief_complaint" maxlength="200"></div>
      <div class="row"><label for="hpi">History of present illness</label><textarea id="hpi" name="hpi" rows="5"></textarea></div>
      <label class="row">Current medications <textarea name="medications" rows="3"></textarea></label>
      <div class="row"><span class="label">Allergies</span><input name="allergies" placeholder="e.g. penicillin: rash"></div>

      <h2>Examination</h2>
      <p>Vitals are recorded in the embedded vitals panel:</p>
      <iframe src="/vitals" title="Vitals panel" id="vitals-frame"></iframe>

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

      <h2>Sign</h2>
      <div class="row"><label for="attachment">Attach document</label><input type="file" id="attachment" name="attachment"></div>
      <div class="row"><label for="signature-password">Password to sign</label><input type="password" id="signature-password" name="signature_password" autocomplete="off"></div>
      <div class="row"><span></span><button type="submit">Sign note</button></div>
    </form>
  </main>
  <script type="module" src="/react-plan-field.js"></script>
</body>
</html>
`;
}

/** The same-origin iframe: the vitals panel many EHRs embed. Its selectors are local to this frame. */
export function vitalsPage(): string {
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
      <div class="row"><label for="vital-signs">Vital signs</label><textarea id="vital-signs" name="vital_signs" rows="3"></textarea></div>
      <input type="hidden" name="vitals_device" value="cuff-12">
    </form>
  </main>
</body>
</html>
`;
}
