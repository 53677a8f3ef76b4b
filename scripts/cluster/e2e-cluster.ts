// The cluster the Playwright project `cluster` runs against (E2E_CLUSTER=1, see playwright.config.ts): builds the SPA
// (or reuses the build in E2E_CLUSTER_DIST), then starts Debian's PostgreSQL, 2 API nodes and 1 worker behind nginx
// on a block of ports from E2E_CLUSTER_PORT (4700: PostgreSQL, 4701: the proxy, 4710–4711: the API nodes). It writes
// .tmp/e2e/cluster-<port>.json (the proxy's URL, the database, each node's name, port and pid) for the specs, which
// kill nodes by pid. Like an orchestrator (systemd's Restart=always) it starts a node again RESTART_MS after it died,
// and rewrites the file. SIGTERM or SIGINT stops everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLUSTER_SECRET, startCluster, type ClusterNode } from './cluster.ts';
import { CLUSTER_BASE_PORT, clusterStateFile, type ClusterState } from '../../tests/e2e/cluster/port.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const RESTART_MS = 10_000;
const base = CLUSTER_BASE_PORT;
const distDir = path.resolve(process.env.E2E_CLUSTER_DIST ?? path.join(ROOT, '.tmp', 'e2e', `dist-cluster-${base}`));

if (!process.env.E2E_CLUSTER_DIST || !existsSync(path.join(distDir, 'index.html'))) {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, BUILD_ID: `e2e-cluster-${Date.now()}` } },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const cluster = await startCluster({
  api: 2,
  workers: 1,
  basePort: base,
  dir: path.join(ROOT, '.tmp', `e2e-cluster-${base}`),
  upstreamHeader: true,
  env: { DIST_DIR: distDir, LOGIN_RATE_LIMIT: '10000', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});

const writeState = () => {
  const state: ClusterState = {
    url: cluster.url,
    databaseUrl: cluster.databaseUrl,
    secretKey: CLUSTER_SECRET,
    dataDir: cluster.dataDir,
    nodes: cluster.nodes.map((n) => ({ name: n.name, role: n.role, port: n.port, pid: n.process.pid! })),
  };
  mkdirSync(path.dirname(clusterStateFile()), { recursive: true });
  writeFileSync(clusterStateFile(), JSON.stringify(state, null, 2));
};

let stopping = false;
/** Starts `node` again a while after its process ends, unless the cluster is stopping. */
const supervise = (node: ClusterNode) => {
  node.process.once('exit', (code, signal) => {
    if (stopping) return;
    console.log(`e2e-cluster: ${node.name} ended (${signal ?? code}); starting it again in ${RESTART_MS} ms`);
    setTimeout(() => {
      if (stopping) return;
      node.start().then(
        () => {
          writeState();
          supervise(node);
        },
        (error: unknown) => console.error(`e2e-cluster: ${node.name} did not start again`, error),
      );
    }, RESTART_MS);
  });
};
for (const node of cluster.nodes) supervise(node);
writeState();
console.log(`e2e-cluster: ${cluster.url} (2 API nodes, 1 worker)`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  });
}
