import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_CODES, ERROR_STATUS, sessionIdBody } from '@charta/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument, errorsOf } from './openapi.js';
import { API_OPERATIONS, API_TAGS } from './operations.js';

const document = buildOpenApiDocument();
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface OperationObject {
  tags: string[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] as OperationObject })),
);

describe('The OpenAPI document', () => {
  it('Is a valid OpenAPI 3.1 document (by the specification\'s own schema)', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? [], 'errors against the OpenAPI 3.1 schema').toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('Has an operation for every row of API_OPERATIONS, under a declared tag', () => {
    expect(operations).toHaveLength(Object.keys(API_OPERATIONS).length);
    for (const { operation } of operations) for (const tag of operation.tags) expect(Object.keys(API_TAGS)).toContain(tag);
  });

  it('Describes a path parameter for every {name} in a path, and no other', () => {
    for (const { path, operation } of operations) {
      const named = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const described = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(described, path).toEqual(named);
    }
  });

  it('Answers every error in the contract\'s shape, at the status the contract gives its code', () => {
    for (const { path, method, operation } of operations) {
      const row = API_OPERATIONS[`${method.toUpperCase()} ${path}`];
      if (!row) throw new Error(`No row for ${method} ${path}`);
      const statuses = Object.keys(operation.responses).map(Number).filter((status) => status >= 400);
      expect(statuses.sort(), `${method} ${path}`).toEqual([...new Set(errorsOf(row).map((code) => ERROR_STATUS[code]))].sort());
      expect(statuses, `${method} ${path} can fail with internal`).toContain(500);
      for (const status of statuses) expect(operation.responses[String(status)]?.content?.['application/json']?.schema?.$ref).toBe('#/components/schemas/ErrorBody');
    }
    const errorBody = JSON.stringify(document.components.schemas.ErrorBody);
    for (const code of ERROR_CODES) expect(errorBody).toContain(`"${code}"`);
  });

  it('Takes the very schema the route validates with: a change to a contract schema changes the document', () => {
    const body = document.paths['/session/session']?.['post'] as OperationObject;
    expect(body.requestBody?.content['application/json']?.schema).toEqual(Object.fromEntries(Object.entries(z.toJSONSchema(sessionIdBody, { io: 'input', unrepresentable: 'any' })).filter(([key]) => key !== '$schema')));
    expect(body.responses['401'], 'a signed-in route can answer 401').toBeDefined();
  });

  it('Needs a token exactly where a route is behind sign-in', () => {
    const open = operations.filter(({ operation }) => !operation.responses['401']).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(open.sort()).toEqual(Object.entries(API_OPERATIONS).filter(([, row]) => row.access !== 'user' && row.access !== 'verified_user').map(([key]) => key).sort());
  });
});

describe('docs/api.md', () => {
  it('Has a heading for every tag of the reference, which source comments cite by name after docs/api.md', () => {
    const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const headings = [...doc.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(Object.keys(API_TAGS));
  });
});
