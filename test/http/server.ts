// A real node:http server on a loopback port for adapter tests.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler, type HandlerOptions } from '../../src/http/handler';
import { toNodeListener } from '../../src/node/index';

export interface TestServer {
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

export async function startServer(options: HandlerOptions): Promise<TestServer> {
  const server: Server = createServer(
    toNodeListener(
      createHandler(options),
      options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {},
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const TVM_BODY = JSON.stringify({ solve_for: 'pmt', rate: 0.005, nper: 360, pv: 300_000 });
