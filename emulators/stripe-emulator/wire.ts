/**
 * Stripe's REST wire format, the parts every resource shares: form-encoded parameters with nested keys,
 * typed parameter reading with Stripe's error messages, list objects with cursors, prefixed ids and the
 * error shape `{ error: { type, code, message, param } }`.
 */
import { randomBytes } from 'node:crypto';
import qs from 'qs';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** What a form body decodes to: strings, arrays (`a[0]=`, `a[]=`) and objects (`a[b]=`), nested. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

/**
 * Decodes `a[b][0][c]=x&expand[0]=y` as Stripe does. qs is the parser Stripe's SDKs have long used to
 * encode these bodies, so it reads exactly what they send (brackets escaped or not, `a[]=`, indexed
 * arrays) and it refuses prototype keys; the SDK nests at most a few levels, so deeper input is refused.
 */
export function decodeForm(text: string): FormParams {
  try {
    return qs.parse(text, { depth: 10, strictDepth: true, arrayLimit: 100, parameterLimit: 2000, throwOnLimitExceeded: true, plainObjects: true }) as FormParams;
  } catch (err) {
    throw invalidRequest(`Invalid request body: ${(err as Error).message}.`, 'parameter_invalid');
  }
}

const ERROR_DOCS = 'https://docs.stripe.com/error-codes/';

/** An error answered in Stripe's shape; `status` picks the SDK's error class (400 invalid request, 401, 404...). */
export class StripeApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  constructor(status: number, type: string, message: string, code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }

  body(): JsonObject {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code, doc_url: ERROR_DOCS + this.code.replaceAll('_', '-') } : {}),
        ...(this.param ? { param: this.param } : {}),
      },
    };
  }
}

export const invalidRequest = (message: string, code?: string, param?: string) => new StripeApiError(400, 'invalid_request_error', message, code, param);

/** Stripe's 404 for an id that names nothing: `No such customer: 'cus_x'`. */
export const resourceMissing = (resource: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${resource}: '${id}'`, 'resource_missing', param);

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A prefixed id like Stripe's (`cus_…`, `cs_test_…`): random, 24 characters after the prefix. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}_${out}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Reads one level of form parameters the way Stripe validates them: typed values, Stripe's messages and
 * codes, the full bracketed name in `param`, and unknown parameters refused, so a typo in an adapter
 * fails here as it would against Stripe instead of silently doing nothing.
 */
export class Params {
  private readonly values: { [key: string]: FormValue };
  private readonly prefix: string;

  constructor(values: { [key: string]: FormValue }, prefix = '') {
    this.values = values;
    this.prefix = prefix;
  }

  name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.values[key] !== undefined;
  }

  isHash(key: string): boolean {
    const value = this.values[key];
    return typeof value === 'object' && !Array.isArray(value);
  }

  /** Refuses any parameter not in `allowed` (Stripe's `parameter_unknown`). */
  only(allowed: readonly string[]): this {
    for (const key of Object.keys(this.values)) {
      if (!allowed.includes(key)) throw invalidRequest(`Received unknown parameter: ${this.name(key)}`, 'parameter_unknown', this.name(key));
    }
    return this;
  }

  string(key: string, opts: { required?: boolean; max?: number; oneOf?: readonly string[] } = {}): string | undefined {
    const value = this.values[key];
    if (value === undefined) {
      if (opts.required) throw invalidRequest(`Missing required param: ${this.name(key)}.`, 'parameter_missing', this.name(key));
      return undefined;
    }
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)} must be a string.`, 'parameter_invalid_string', this.name(key));
    if (opts.required && value === '') throw invalidRequest(`You passed an empty string for '${this.name(key)}'. We assume empty values are an attempt to unset a parameter; however '${this.name(key)}' cannot be unset. You should remove '${this.name(key)}' from your request or supply a non-empty value.`, 'parameter_invalid_empty', this.name(key));
    if (opts.max !== undefined && value.length > opts.max) throw invalidRequest(`Invalid ${this.name(key)}: must be at most ${opts.max} characters`, 'parameter_invalid_string', this.name(key));
    if (opts.oneOf && !opts.oneOf.includes(value)) throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${opts.oneOf.join(', ')}`, 'parameter_invalid', this.name(key));
    return value;
  }

  /** A string that may be unset with '' (the SDK sends `null` as an empty value): undefined = not given, null = unset. */
  nullableString(key: string, opts: { max?: number } = {}): string | null | undefined {
    const value = this.string(key, opts);
    return value === '' ? null : value;
  }

  int(key: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const raw = this.string(key, { required: opts.required });
    if (raw === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(raw)) throw invalidRequest(`Invalid integer: ${raw}`, 'parameter_invalid_integer', this.name(key));
    const value = Number(raw);
    if ((opts.min !== undefined && value < opts.min) || (opts.max !== undefined && value > opts.max)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be between ${opts.min ?? '-∞'} and ${opts.max ?? '∞'}`, 'parameter_invalid_integer', this.name(key));
    }
    return value;
  }

  bool(key: string): boolean | undefined {
    const raw = this.string(key);
    if (raw === undefined) return undefined;
    if (raw !== 'true' && raw !== 'false') throw invalidRequest(`Invalid boolean: ${raw}`, 'parameter_invalid', this.name(key));
    return raw === 'true';
  }

  /** A nested hash (`a[b]=`), or undefined when absent. */
  object(key: string): Params | undefined {
    const value = this.values[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid object: ${this.name(key)} must be a hash.`, 'parameter_invalid', this.name(key));
    return new Params(value, this.name(key));
  }

  /** An array of hashes (`a[0][b]=`); qs gives indexed arrays, or an object past its array limit. */
  objects(key: string): Params[] | undefined {
    const value = this.values[key];
    if (value === undefined || value === '') return undefined;
    const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : null;
    if (!items) throw invalidRequest(`Invalid array: ${this.name(key)} must be an array.`, 'parameter_invalid', this.name(key));
    return items.map((item, index) => {
      if (typeof item !== 'object' || Array.isArray(item)) throw invalidRequest(`Invalid object: ${this.name(key)}[${index}] must be a hash.`, 'parameter_invalid', `${this.name(key)}[${index}]`);
      return new Params(item, `${this.name(key)}[${index}]`);
    });
  }

  /** An array of strings (`expand[0]=`, `expand[]=`). */
  strings(key: string): string[] {
    const value = this.values[key];
    if (value === undefined || value === '') return [];
    const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : [value];
    return items.map((item, index) => {
      if (typeof item !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)}[${index}] must be a string.`, 'parameter_invalid_string', `${this.name(key)}[${index}]`);
      return item;
    });
  }

  /**
   * Stripe's metadata rules: at most 50 keys of 40 characters, values of 500; on update a key set to ''
   * is removed and `metadata=` clears all. Answers the new metadata given the current one.
   */
  metadata(current: { [key: string]: string } = {}): { [key: string]: string } | undefined {
    const value = this.values['metadata'];
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid metadata: must be a hash of strings.', 'parameter_invalid', this.name('metadata'));
    const next = { ...current };
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== 'string') throw invalidRequest(`Invalid metadata[${key}]: must be a string.`, 'parameter_invalid', this.name(`metadata`));
      if (key.length > 40) throw invalidRequest(`Metadata keys can have a maximum length of 40 characters: ${key.slice(0, 40)}…`, 'parameter_invalid', this.name('metadata'));
      if (item.length > 500) throw invalidRequest(`Metadata values can have a maximum length of 500 characters (metadata[${key}]).`, 'parameter_invalid', this.name('metadata'));
      if (item === '') delete next[key];
      else next[key] = item;
    }
    if (Object.keys(next).length > 50) throw invalidRequest('You can specify up to 50 keys in metadata.', 'parameter_invalid', this.name('metadata'));
    return next;
  }
}

export type ListObject = { object: 'list'; data: Json[]; has_more: boolean; url: string };

/**
 * A page of a list, newest first, as Stripe pages: `limit` 1-100 (default 10), `starting_after` (older
 * than that id) or `ending_before` (newer than it).
 */
export function listPage<T extends { id: string }>(newestFirst: T[], url: string, params: Params, render: (item: T) => Json): ListObject {
  const limit = params.int('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  let items = newestFirst;
  if (startingAfter) {
    const index = items.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw resourceMissing('object', startingAfter, 'starting_after');
    items = items.slice(index + 1);
    return { object: 'list', data: items.slice(0, limit).map(render), has_more: items.length > limit, url };
  }
  if (endingBefore) {
    const index = items.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw resourceMissing('object', endingBefore, 'ending_before');
    items = items.slice(0, index);
    return { object: 'list', data: items.slice(-limit).map(render), has_more: items.length > limit, url };
  }
  return { object: 'list', data: items.slice(0, limit).map(render), has_more: items.length > limit, url };
}

/** `created[gte]=…` style filters, or an exact `created=…`. */
export function createdFilter(params: Params): (created: number) => boolean {
  if (!params.has('created')) return () => true;
  if (!params.isHash('created')) {
    const at = params.int('created');
    return (created) => created === at;
  }
  const range = params.object('created')!.only(['gt', 'gte', 'lt', 'lte']);
  const gt = range.int('gt');
  const gte = range.int('gte');
  const lt = range.int('lt');
  const lte = range.int('lte');
  return (created) => (gt === undefined || created > gt) && (gte === undefined || created >= gte) && (lt === undefined || created < lt) && (lte === undefined || created <= lte);
}
