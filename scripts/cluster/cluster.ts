// A Missiva cluster on one machine, as an operator runs one: Debian's PostgreSQL server as the external database, N
// API nodes (ROLE=api) and M workers (ROLE=worker) sharing it and one SECRET_KEY and DATA_DIR, and nginx in front of
// the API nodes (round-robin, websocket upgrade on /socket.io). `npm run cluster` starts one and keeps it running; the
// cross-node tests (tests/server/cluster/) and the cluster benchmarks start their own through `startCluster`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const PG_BIN = process.env.CLUSTER_PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const NGINX = process.env.CLUSTER_NGINX ?? '/usr/sbin/nginx';
export const CLUSTER_SECRET = 'cluster-secret-key-with-at-least-32-characters';

export interface ClusterOptions {
  /** API nodes behind the proxy. */
  api: number;
  /** Worker processes. */
  workers: number;
  /** First of a block of ports: PostgreSQL on it, the proxy on +1, API node i on +10+i. */
  basePort: number;
  /** Where the database, logs and shared DATA_DIR go; wiped first. */
  dir: string;
  /** Extra environment for every node (LOG_LEVEL, SMTP_URL, …). */
  env?: Record<string, string>;
  /** Also prints every node's output, each line prefixed with the node's name (npm run cluster). */
  inheritOutput?: boolean;
  /**
   * The proxy names the node(s) it tried in an `X-Upstream` response header (`127.0.0.1:5611`, or `…:5610, …:5611`
   * after a retry), so tests can tell which node answered. Not for production: it shows internal addresses.
   */
  upstreamHeader?: boolean;
  /**
   * Polls `/api/ready` through the proxy every HEALTH_CHECK_MS, standing in for a load balancer's health check (nginx
   * without Plus has none): the proxy's `/api/ready` location counts a 503 as a failed attempt, so a node that answers
   * it (draining, or cut off from PostgreSQL) is left out for `fail_timeout` before it closes its listener. Without it
   * the proxy learns of a drain only from refused connections, and a request it sent to the node just as the listener
   * closed is reset — a POST, which nginx never retries elsewhere, answers 502.
   */
  healthCheck?: boolean;
}

export interface ClusterNode {
  name: string;
  role: 'api' | 'worker';
  /** The node's own HTTP port (API nodes); undefined for workers. */
  port: number | undefined;
  process: ChildProcess;
  /** Every line the node printed (stdout and stderr), newest last. */
  output: string[];
  /** Starts the node again after it stopped (same name, port and role). */
  start(): Promise<void>;
  /** Sends a signal and resolves when the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** The proxy: what browsers and API clients use. */
  url: string;
  /** The owner's connection to the cluster's database (the nodes' DATABASE_URL). */
  databaseUrl: string;
  /** The postgres superuser's connection (the database `postgres`). */
  adminUrl: string;
  nodes: ClusterNode[];
  api: ClusterNode[];
  workers: ClusterNode[];
  dataDir: string;
  /** Restarts PostgreSQL (fast shutdown: every node's connections are cut). */
  restartDatabase(): Promise<void>;
  /** Runs pg_dump, pg_restore, psql… of PG_BIN against the cluster's PostgreSQL as its superuser; throws on failure. */
  postgresTool(tool: string, args: string[]): void;
  /** Adds a node of `role` (its port follows the last one); it is started. */
  addNode(role: 'api' | 'worker'): Promise<ClusterNode>;
  stop(): Promise<void>;
}

/** Runs a command as the `postgres` user when this process is root (PostgreSQL refuses to run as root). */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  const root = process.getuid?.() === 0;
  return root ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };
}

function must(command: string, args: string[]): void {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stderr || run.stdout}`);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

/**
 * How long nginx keeps an idle connection to a node: shorter than the nodes' SHUTDOWN_DELAY_MS (1 s here), so when a
 * draining node closes its listener nginx holds no idle connection to it. Otherwise nginx can send a request on a
 * connection the node is closing, and a POST (which nginx never retries elsewhere) answers 502. In production keep
 * it below SHUTDOWN_DELAY_MS too (docs/operations.md).
 */
const UPSTREAM_KEEPALIVE_MS = 500;

/** How often the stand-in health check (`healthCheck`) asks: well within the nodes' SHUTDOWN_DELAY_MS. */
const HEALTH_CHECK_MS = 100;

function nginxConfig(dir: string, listen: number, upstreams: number[], upstreamHeader = false): string {
  const upstream = upstreamHeader ? '\n      add_header X-Upstream $upstream_addr always;' : '';
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  client_max_body_size 0;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream missiva {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
    keepalive_timeout ${UPSTREAM_KEEPALIVE_MS}ms;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://missiva;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
      proxy_request_buffering off;
      proxy_next_upstream error timeout;${upstream}
    }
    # Readiness: a 503 counts as a failed attempt (max_fails=1), so the node is left out for fail_timeout; the health
    # check's request itself is answered by another node.
    location = /api/ready {
      proxy_pass http://missiva;
      proxy_http_version 1.1;
      proxy_set_header Connection close;
      proxy_next_upstream error timeout http_503;${upstream}
    }
  }
}
`;
}

export interface ExternalPostgres {
  /** The owner of Missiva's tables (`missiva`, with CREATEROLE for migration 016) on its database `missiva`. */
  databaseUrl: string;
  /** The superuser on the database `postgres`. */
  adminUrl: string;
  restart(): void;
  stop(mode: 'fast' | 'immediate'): void;
}

/**
 * Debian's PostgreSQL server (PG_BIN) in a fresh data directory on 127.0.0.1:`port`, run as the `postgres` user when
 * this process is root. Durability is off (fsync): the data is a test's. Also the server the suite runs on in CI's
 * PostgreSQL 15 step (scripts/test.mjs through scripts/cluster/postgres.ts).
 */
export function startPostgres(pgDir: string, port: number): ExternalPostgres {
  rmSync(pgDir, { recursive: true, force: true });
  mkdirSync(pgDir, { recursive: true });
  if (process.getuid?.() === 0) must('chown', ['postgres:postgres', pgDir]);
  const init = asPostgres(`${PG_BIN}/initdb`, ['-D', pgDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  must(init.command, [...init.args, '--no-sync']);
  const pgCtl = (action: string, extra: string[] = []) => {
    const ctl = asPostgres(`${PG_BIN}/pg_ctl`, [
      '-D',
      pgDir,
      '-l',
      path.join(pgDir, 'server.log'),
      '-o',
      `-p ${port} -k ${pgDir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off`,
      '-w',
      action,
      ...extra,
    ]);
    must(ctl.command, ctl.args);
  };
  pgCtl('start');
  const psql = (sql: string) =>
    must(`${PG_BIN}/psql`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-qc', sql]);
  psql(`create role missiva login password 'missiva' createrole`);
  psql('create database missiva owner missiva');
  return {
    databaseUrl: `postgres://missiva:missiva@127.0.0.1:${port}/missiva`,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl('restart', ['-m', 'fast']),
    stop: (mode) => pgCtl('stop', ['-m', mode]),
  };
}

/** Starts PostgreSQL, migrates nothing itself (the nodes do, together, under their lock), then the nodes and nginx. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { dir, basePort } = options;
  for (const bin of [`${PG_BIN}/initdb`, NGINX]) {
    if (!existsSync(bin)) throw new Error(`${bin} is missing: apt-get install -y postgresql nginx-light`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const pg = startPostgres(path.join(dir, 'postgres'), basePort);
  const { databaseUrl, adminUrl } = pg;
  const proxyPort = basePort + 1;
  const url = `http://127.0.0.1:${proxyPort}`;

  const nodes: ClusterNode[] = [];
  const makeNode = (role: 'api' | 'worker', index: number): ClusterNode => {
    const name = `${role}-${index + 1}`;
    const port = role === 'api' ? basePort + 10 + index : undefined;
    const node: ClusterNode = {
      name,
      role,
      port,
      process: undefined as unknown as ChildProcess,
      output: [],
      async start() {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            ROLE: role,
            PORT: String(port ?? 0),
            HOST: '127.0.0.1',
            // Named per node, so pg_stat_activity says which node holds a connection (the failure tests use it).
            DATABASE_URL: `${databaseUrl}?application_name=${name}`,
            SECRET_KEY: CLUSTER_SECRET,
            DATA_DIR: dataDir,
            PUBLIC_URL: url,
            TRUST_PROXY: 'true',
            SEED: 'false',
            LOG_FORMAT: 'json',
            // nginx here has no health checks: a second of drain is enough for its kept-alive connections to end.
            SHUTDOWN_DELAY_MS: '1000',
            ...options.env,
          },
        });
        node.process = child;
        // A restarted node keeps its earlier lines: it is ready when a line after them says so.
        const from = node.output.length;
        const keep = (chunk: Buffer) => {
          for (const line of chunk.toString().split('\n')) {
            if (!line) continue;
            node.output.push(line);
            if (options.inheritOutput) console.log(`${name} | ${line}`);
          }
        };
        child.stdout?.on('data', keep);
        child.stderr?.on('data', keep);
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        const ready = role === 'api' ? 'Missiva is ready' : 'Missiva worker is running';
        await Promise.race([
          waitFor(`${name}`, async () => node.output.slice(from).some((l) => l.includes(ready)), 120_000),
          exited.then(() => {
            throw new Error(`${name} exited while starting:\n${node.output.slice(-20).join('\n')}`);
          }),
        ]);
      },
      async kill(signal = 'SIGTERM') {
        const child = node.process;
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill(signal);
        await exited;
      },
    };
    return node;
  };

  for (let i = 0; i < options.api; i++) nodes.push(makeNode('api', i));
  for (let i = 0; i < options.workers; i++) nodes.push(makeNode('worker', i));
  // All at once, as an orchestrator starts them: the migrations run once, under their lock.
  try {
    await Promise.all(nodes.map((n) => n.start()));
  } catch (error) {
    await Promise.all(nodes.map((n) => n.process && n.kill('SIGKILL')));
    pg.stop('immediate');
    throw error;
  }

  const apiPorts = nodes.filter((n) => n.role === 'api').map((n) => n.port!);
  const nginxDir = path.join(dir, 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, proxyPort, apiPorts, options.upstreamHeader));
  const proxy = spawn(NGINX, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], { stdio: 'ignore' });
  try {
    await waitFor('nginx', async () => (await fetch(`${url}/api/health`)).ok);
  } catch (error) {
    // Nothing of a cluster that did not come up is left running (its fixed ports would refuse the next start).
    proxy.kill('SIGKILL');
    await Promise.all(nodes.map((n) => n.process && n.kill('SIGKILL')));
    pg.stop('immediate');
    throw error;
  }

  const checking = options.healthCheck
    ? setInterval(
        () =>
          void fetch(`${url}/api/ready`).then(
            (r) => r.arrayBuffer(),
            () => undefined,
          ),
        HEALTH_CHECK_MS,
      )
    : undefined;

  const cluster: Cluster = {
    url,
    databaseUrl,
    adminUrl,
    nodes,
    get api() {
      return nodes.filter((n) => n.role === 'api');
    },
    get workers() {
      return nodes.filter((n) => n.role === 'worker');
    },
    dataDir,
    async restartDatabase() {
      pg.restart();
    },
    postgresTool(tool, args) {
      must(`${PG_BIN}/${tool}`, ['-h', '127.0.0.1', '-p', String(basePort), '-U', 'postgres', ...args]);
    },
    async addNode(role) {
      const node = makeNode(role, nodes.filter((n) => n.role === role).length);
      nodes.push(node);
      await node.start();
      return node;
    },
    async stop() {
      clearInterval(checking);
      // nginx may have ended already (a signal to the whole process group reaches it too).
      const exited =
        proxy.exitCode !== null || proxy.signalCode !== null
          ? Promise.resolve()
          : new Promise<void>((resolve) => proxy.once('exit', () => resolve()));
      proxy.kill('SIGQUIT');
      await Promise.all([exited, ...nodes.map((n) => n.kill('SIGTERM'))]);
      pg.stop('fast');
    },
  };
  return cluster;
}
