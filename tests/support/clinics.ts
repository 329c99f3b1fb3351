// The clinic suites' helpers: the caller's clinic, making one, and inviting and joining through the mail catcher.
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import type { MyClinicResponse } from '@charta/contract';
import { API_BASE_PATH } from '../../functions/src/app.js';
import type { TestUser } from './auth-users.js';
import { invitationToken } from './mail-catcher.js';
import { bearer } from './sessions.js';

export type InClinic = Extract<MyClinicResponse, { role: string }>;

export function clinicCalls(app: Express) {
  const call = (user: TestUser, path: string, body: object = {}) => request(app).post(`${API_BASE_PATH}/clinic${path}`).set(bearer(user)).send(body);
  const myClinic = async (user: TestUser) => (await request(app).get(`${API_BASE_PATH}/clinic`).set(bearer(user)).expect(200)).body as MyClinicResponse;
  const inClinic = async (user: TestUser): Promise<InClinic> => {
    const mine = await myClinic(user);
    if (!mine.clinic) throw new Error('expected a clinic');
    return mine;
  };

  async function newClinic(owner: TestUser, name = 'Northside Practice'): Promise<InClinic> {
    const res = await call(owner, '/create', { name });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as InClinic;
  }

  async function invite(by: TestUser, email: string, role: 'admin' | 'member' = 'member'): Promise<string> {
    const res = await call(by, '/invitations/create', { email, role });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return invitationToken(email);
  }

  async function join(owner: TestUser, user: TestUser, role: 'admin' | 'member' = 'member'): Promise<void> {
    const token = await invite(owner, user.email, role);
    const res = await call(user, '/invitations/accept', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  return { call, myClinic, inClinic, newClinic, invite, join };
}
