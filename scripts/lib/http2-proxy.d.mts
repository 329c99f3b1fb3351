// Types for http2-proxy.mjs (a plain ES module, run by Node without a build), for the tests that import it.
export interface Http2Proxy {
  /** https://localhost:<port>, the proxy's address. */
  url: string;
  close(): Promise<void>;
}
export function startHttp2Proxy(target: string): Promise<Http2Proxy>;
