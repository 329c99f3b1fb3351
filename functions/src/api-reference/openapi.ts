import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from '@charta/contract';
import { z } from 'zod';
import { APP_VERSION } from '../version.js';
import { API_OPERATIONS, API_TAGS, type ApiOperation } from './operations.js';

/**
 * The OpenAPI 3.1 document of the API, built from API_OPERATIONS and the contract's zod schemas (zod's own
 * JSON Schema output, draft 2020-12, which is OpenAPI 3.1's dialect), so what it says of a request is what
 * the route validates with. Served at /api/v1/openapi.json (api-reference/routes.ts) and rendered as a
 * readable page at /api/v1/reference (reference-page.ts). docs/api.md says how to read it.
 */

type JsonSchema = Record<string, unknown>;

/** The contract's error shape (contract/src/errors.ts, ErrorBody), as a schema. */
const errorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).describe('One of the contract\'s error codes; each has one HTTP status (contract/src/errors.ts)'),
      message: z.string().describe('A sentence a person can act on'),
      field: z.string().optional().describe('Where the problem is, as a dot path into the request (invalid_argument, consent_required...)'),
    }),
  })
  .describe('Every non-2xx answer');

/** A request schema as JSON Schema: what a client may send (zod's input side, before transforms and defaults). */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The properties of an object schema, for parameters (path, query) and form fields. */
function propertiesOf(schema: z.ZodType): { name: string; schema: JsonSchema; required: boolean; description?: string }[] {
  const json = jsonSchemaOf(schema);
  const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
    ...(typeof property['description'] === 'string' ? { description: property['description'] } : {}),
  }));
}

/** Which errors any operation like this one can answer, beyond those its row lists. */
export function errorsOf(operation: ApiOperation): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (operation.body || operation.multipart || operation.query || operation.params) codes.add('invalid_argument');
  if (operation.access === 'user' || operation.access === 'verified_user') codes.add('unauthenticated');
  // The caller's clinic may allow other sign-in methods (docs/clinics.md "Policies"; a route or two is exempt).
  if (operation.access === 'user' || operation.access === 'verified_user') codes.add('sign_in_method_not_allowed');
  if (operation.access === 'verified_user') codes.add('permission_denied');
  if (operation.body || operation.multipart) codes.add('payload_too_large');
  if (operation.limited) codes.add('rate_limited');
  if (operation.owned) codes.add('not_found');
  if (operation.upstream) codes.add('unavailable');
  if (operation.needsConsent) codes.add('consent_required');
  for (const code of operation.errors ?? []) codes.add(code);
  codes.add('internal');
  return ERROR_CODES.filter((code) => codes.has(code));
}

const ACCESS_TEXT: Record<ApiOperation['access'], string> = {
  user: 'Signed in: a Firebase ID token (Authorization: Bearer).',
  verified_user: 'Signed in with a verified email address: a Firebase ID token (Authorization: Bearer).',
  public: 'Public: no token.',
  download_token: "The download link's own secret (`token`); no ID token (a browser download sends none).",
  stripe_signature: "Stripe only: the Stripe-Signature header over the exact bytes sent.",
};

function requestBodyOf(operation: ApiOperation) {
  const content: Record<string, unknown> = {};
  if (operation.body) content['application/json'] = { schema: jsonSchemaOf(operation.body) };
  if (operation.multipart) {
    const fields = jsonSchemaOf(operation.multipart.fields);
    const schema = operation.multipart.file
      ? { ...fields, properties: { ...(fields['properties'] as object), file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The audio' } }, required: [...((fields['required'] ?? []) as string[]), 'file'] }
      : fields;
    content['multipart/form-data'] = { schema };
  }
  if (operation.access === 'stripe_signature') content['application/json'] = { schema: { type: 'object', description: 'A Stripe event, as Stripe signed it' } };
  return Object.keys(content).length > 0 ? { requestBody: { required: true, content } } : {};
}

function responsesOf(operation: ApiOperation) {
  const { status, description, contentType = 'application/json' } = operation.success;
  const responses: Record<string, unknown> = { [String(status)]: { description, content: { [contentType]: {} } } };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(operation)) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  for (const [errorStatus, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(errorStatus)] = {
      description: codes.map((code) => `\`${code}\``).join(', '),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  }
  return responses;
}

function operationObject(key: string, operation: ApiOperation) {
  const parameters = [
    ...(operation.params ? propertiesOf(operation.params).map((p) => ({ in: 'path', ...p, required: true })) : []),
    ...(operation.query ? propertiesOf(operation.query).map((p) => ({ in: 'query', ...p })) : []),
  ];
  const signedIn = operation.access === 'user' || operation.access === 'verified_user';
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''),
    tags: [operation.tag],
    summary: operation.summary,
    description: [operation.description, ACCESS_TEXT[operation.access], operation.limited ? 'Rate limited: 429 `rate_limited` with Retry-After.' : undefined].filter(Boolean).join('\n\n'),
    security: signedIn ? [{ firebaseIdToken: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBodyOf(operation),
    responses: responsesOf(operation),
  };
}

/** `POST /session/delete` and `DELETE /profile/{id}` into the document's paths (under the /api/v1 server). */
export function buildOpenApiDocument(operations: Readonly<Record<string, ApiOperation>> = API_OPERATIONS) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [key, operation] of Object.entries(operations)) {
    const [method = '', path = ''] = key.split(' ');
    (paths[path] ??= {})[method.toLowerCase()] = operationObject(key, operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Charta API',
      version: APP_VERSION,
      description:
        'The HTTP API the Charta web app and browser extension use. Requests are JSON unless an operation says otherwise; every error answers in one shape, `{ error: { code, message, field? } }`, each code with one status. Generated from the code (functions/src/api-reference, the contract\'s zod schemas); docs/api.md says more.',
    },
    servers: [{ url: '/api/v1' }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: { firebaseIdToken: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
      schemas: { ErrorBody: jsonSchemaOf(errorBodySchema) },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
