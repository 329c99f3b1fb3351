/**
 * The operator's review of library entries hidden by reports (not deployed; there is no admin UI):
 *
 *   GCLOUD_PROJECT=<project> npx tsx functions/src/templates/library-review-cli.ts list
 *   GCLOUD_PROJECT=<project> npx tsx functions/src/templates/library-review-cli.ts keep <publishedTemplateId>
 *   GCLOUD_PROJECT=<project> npx tsx functions/src/templates/library-review-cli.ts remove <publishedTemplateId>
 *
 * with Application Default Credentials of someone allowed to write the project's Firestore
 * (`gcloud auth application-default login`), or FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 GCLOUD_PROJECT=demo-charta
 * against `npm start`. `list` prints each hidden entry with the reasons and notes of its reports (never who
 * reported); `keep` lists it again and clears its reports; `remove` takes it out of the library.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { libraryReview } from './library-review.js';

async function main(args: readonly string[]): Promise<number> {
  const [command, id] = args;
  const review = libraryReview(getFirestore(initializeApp({ projectId: process.env['GCLOUD_PROJECT'] ?? 'demo-charta' })));
  if (command === 'list') {
    const hidden = await review.hidden();
    if (hidden.length === 0) console.log('No library entry is hidden.');
    for (const entry of hidden) {
      console.log(`\n${entry.id}  “${entry.name}” by ${entry.authorName}, published ${entry.publishedAt}, ${entry.reportCount} reports`);
      console.log(`  ${entry.description}`);
      for (const report of entry.reports) console.log(`  - ${report.reportedAt} ${report.reason}${report.note ? `: ${report.note}` : ''}`);
    }
    return 0;
  }
  if ((command === 'keep' || command === 'remove') && id) {
    const done = command === 'keep' ? await review.keep(id) : await review.remove(id);
    console.log(done ? `${id}: ${command === 'keep' ? 'kept and listed again' : 'taken out of the library'}` : `${id}: no such library entry`);
    return done ? 0 : 1;
  }
  console.error('usage: library-review-cli.ts list | keep <publishedTemplateId> | remove <publishedTemplateId>');
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
