// A RequestParts of plain values, as a bridge builds one: the input each step of the handler reads.
import { type RequestParts, TOO_LARGE } from '../../../src/http/request';

export interface PartsInit {
  readonly method?: string;
  readonly pathname?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly clientAddress?: string;
  readonly execute?: RequestParts['execute'];
}

/** The request `init` describes; `reads` counts the calls of readBody. */
export function parts(init: PartsInit = {}): RequestParts & { reads: number } {
  const headers = Object.fromEntries(
    Object.entries(init.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const body = init.body ?? '';
  return {
    method: init.method ?? 'POST',
    pathname: init.pathname ?? '/v1/tvm',
    header: (name) => headers[name],
    clientAddress: init.clientAddress,
    execute: init.execute,
    reads: 0,
    readBody(limit) {
      this.reads++;
      return Promise.resolve(Buffer.byteLength(body) > limit ? TOO_LARGE : body);
    },
  };
}

export const JSON_HEADERS = { 'content-type': 'application/json' };
