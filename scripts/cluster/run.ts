// `npm run cluster [-- --api 2 --workers 2 --port 5600 --dir .tmp/cluster]`: starts a cluster (./cluster.ts)
// and keeps it running until Ctrl-C, which stops nginx, every node (SIGTERM: each finishes what it has in hand) and
// PostgreSQL. Node output goes to the terminal, one JSON line each, after the node's name.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCluster } from './cluster.ts';

const { values } = parseArgs({
  options: {
    api: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    port: { type: 'string', default: '5600' },
    dir: { type: 'string', default: '.tmp/cluster' },
  },
});
const cluster = await startCluster({
  api: Number(values.api),
  workers: Number(values.workers),
  basePort: Number(values.port),
  dir: path.resolve(values.dir),
  inheritOutput: true,
});
console.log(`\n  Missiva cluster: ${cluster.url}  (${values.api} API nodes, ${values.workers} workers)`);
console.log(`  DATABASE_URL=${cluster.databaseUrl}`);
console.log(`  Create a user: DATABASE_URL=${cluster.databaseUrl} SECRET_KEY=… npm run cli -- user:create …\n`);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  });
}
