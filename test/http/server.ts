// A real node:http server on a loopback port for adapter tests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, type HandlerOptions } from '../../src/http/handler';
import { toNodeListener } from '../../src/node/index';

export interface TestServer {
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  /** Drops open connections and stops listening. */
  close(): Promise<void>;
}

/** `server` listening on a free loopback port. */
export async function listen(server: Server): Promise<TestServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function startServer(options: HandlerOptions): Promise<TestServer> {
  return listen(
    createServer(
      toNodeListener(
        createHandler(options),
        options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {},
      ),
    ),
  );
}

export const TVM_BODY = JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300_000 });
