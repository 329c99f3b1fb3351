// The local Cloud Storage emulator (emulators/gcs-emulator) the README commands start: its address, its
// request log (what the SDK sent), and the bucket the API stores audio in.
import { getStorage } from 'firebase-admin/storage';
import { expect } from 'vitest';
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

/**
 * That the API stored this recording through the Cloud Storage adapter, as in production: its chunks written
 * create-only (ifGenerationMatch=0) to the bucket, joined there by compose into the audio the session names.
 */
export async function expectStoredInCloudStorage(uid: string, audioUri: string | null): Promise<void> {
  const prefix = `gs://${audioBucket().name}/`;
  expect(audioUri).toMatch(new RegExp(`^${prefix.replaceAll('.', '\\.')}users/${uid}/audio/`));
  const path = audioUri!.slice(prefix.length);
  const chunkWrites = (await gcsRequests(`uploads/${uid}/`)).filter((r) => r.query['uploadType'] === 'multipart' && r.query['ifGenerationMatch'] === '0' && r.status === 200);
  expect(chunkWrites.length).toBeGreaterThan(0);
  const joined = (await gcsRequests(path)).filter((r) => r.path.endsWith(`/o/${encodeURIComponent(path)}/compose`) && r.status === 200);
  expect(joined).toHaveLength(1);
  expect((await audioBucket().file(path).exists())[0]).toBe(true);
}
