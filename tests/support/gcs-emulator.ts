// The local Cloud Storage emulator (emulators/gcs-emulator) the README commands start: its address, its
// request log (what the SDK sent), and the bucket the API stores audio in.
import { getStorage } from 'firebase-admin/storage';
import type { LoggedRequest } from '../../emulators/gcs-emulator/server.ts';
import { adminApp } from './api-app.js';
import { storageEmulatorHost } from './emulators.js';

export const gcsEmulatorUrl = () => storageEmulatorHost().replace(/\/+$/, '');

/** The bucket the API stores audio in (the app's default), through firebase-admin's @google-cloud/storage. */
export const audioBucket = () => getStorage(adminApp()).bucket();

/** Requests the emulator served whose path, query or JSON mentions `match` (a test's own object names), oldest first. */
export async function gcsRequests(match: string): Promise<LoggedRequest[]> {
  const res = await fetch(`${gcsEmulatorUrl()}/emulator/v1/requests?match=${encodeURIComponent(match)}`);
  if (!res.ok) throw new Error(`Cloud Storage emulator request log: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { requests: LoggedRequest[] }).requests;
}
