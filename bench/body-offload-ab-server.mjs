// The server of bench/body-offload-ab.mjs: the same build, with the pool as built ("new": large bodies
// parsed in the worker) or wrapped without runBody ("old": the request thread parses every body, as
// before issue 30 point 1).
import { createHandler } from '../dist/http/index.js';
import { createNodeServer, WorkerPool } from '../dist/node/index.js';

const mode = process.argv[2];
const keys = Array.from({ length: 30 }, (_, i) => `bench-key-${i}`);
const pool = new WorkerPool();
const workers =
  mode === 'old'
    ? Object.assign(Object.create(null), {
        get available() {
          return pool.available;
        },
        run: (...a) => pool.run(...a),
      })
    : pool;
const server = createNodeServer(createHandler({ apiKeys: keys }), { workers, deadlineMs: 30_000 });
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', () => process.exit(0));
