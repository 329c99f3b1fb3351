/** The sample EHR both README commands start (emulators/sample-ehr, 9450 + the port offset in tests). */
export function sampleEhrUrl(): string {
  const url = process.env['SAMPLE_EHR_URL'];
  if (!url) throw new Error('SAMPLE_EHR_URL is not set: run the tests with `npm test` or `npm run test:some`, which start the sample EHR.');
  return url;
}

/** A page of the sample EHR as served: `/` (the visit note), `/vitals` or `/labs` (its iframes' pages). */
export async function sampleEhrHtml(path: '/' | '/vitals' | '/labs' = '/'): Promise<string> {
  const res = await fetch(new URL(path, sampleEhrUrl()));
  if (!res.ok) throw new Error(`the sample EHR answered ${res.status} for ${path}`);
  return res.text();
}
