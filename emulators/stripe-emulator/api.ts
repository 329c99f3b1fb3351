/** What every API handler gets and gives: the parsed request, and a status with a JSON body. */
import type { EmulatorState, StoredEvent } from './state.ts';
import { expand, render } from './render.ts';
import type { Json, JsonObject, Params } from './wire.ts';

export interface ApiRequest {
  state: EmulatorState;
  /** The account the request speaks for: its API key (accounts.ts). */
  account: string;
  method: string;
  path: string;
  /** The path's captured ids, in order. */
  ids: string[];
  params: Params;
  /** The API version this request speaks: its `Stripe-Version`, else the account's. */
  version: string | null;
  requestId: string;
  idempotencyKey: string | null;
  /** Events this request caused; the server sends them after it answers, as Stripe does. */
  emitted: StoredEvent[];
}

export interface ApiAnswer {
  status?: number;
  body: Json;
}

export type ApiHandler = (req: ApiRequest) => ApiAnswer;

/** A stored object as the request asked for it: its version, with its `expand[]` paths. */
export function answerObject(req: ApiRequest, object: object, extraExpandable?: (rendered: JsonObject, paths: string[]) => string[]): ApiAnswer {
  let paths = req.params.strings('expand');
  const rendered = render(object, req.version);
  if (extraExpandable) paths = extraExpandable(rendered, paths);
  return { body: expand(req.state, rendered, paths, req.version) };
}
