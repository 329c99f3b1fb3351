import type { DataExport } from '@charta/contract';
import type { createServices } from '../../functions/src/services.js';

type Services = ReturnType<typeof createServices>;

/**
 * Builds an export here, as its trigger would, and waits until it is built by whoever claimed it. Under
 * `npm test` the Functions emulator's trigger sees the same export document and may claim it first: this
 * build then returns at once (or, when both claim in the same instant, loses the Firestore emulator's lock
 * to that one and throws), and the export is that build's to finish. So the export's state decides, read
 * until it is ready or failed.
 */
export async function builtExport(services: Services, uid: string, exportId: string): Promise<DataExport> {
  const lostToTheTrigger = await services.dataExportService.build(exportId).then(
    () => null,
    (err: unknown) => err,
  );
  for (let attempt = 0; attempt < 120; attempt++) {
    const current = await services.dataExportService.get(uid, exportId);
    if (current.status === 'ready' || current.status === 'failed') return current;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`export ${exportId} not built after 60 s`, { cause: lostToTheTrigger });
}
