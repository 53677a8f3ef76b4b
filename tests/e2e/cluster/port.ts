import path from 'node:path';

/**
 * The first port of the e2e cluster's block (E2E_CLUSTER_PORT, 4700 by default): PostgreSQL on it, the proxy on +1,
 * API node i on +10+i (scripts/cluster/cluster.ts).
 */
export const CLUSTER_BASE_PORT = Number(process.env.E2E_CLUSTER_PORT ?? 4700);
/** The proxy, where the browser goes. PUBLIC_URL of the nodes is the same origin. */
export const CLUSTER_URL = `http://127.0.0.1:${CLUSTER_BASE_PORT + 1}`;

/** What scripts/cluster/e2e-cluster.ts writes for the specs, and rewrites when a node starts again. */
export interface ClusterState {
  url: string;
  databaseUrl: string;
  secretKey: string;
  dataDir: string;
  nodes: { name: string; role: 'api' | 'worker'; port: number | undefined; pid: number }[];
}

export const clusterStateFile = () =>
  path.resolve(import.meta.dirname, '..', '..', '..', '.tmp', 'e2e', `cluster-${CLUSTER_BASE_PORT}.json`);
