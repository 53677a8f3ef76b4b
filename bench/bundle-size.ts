/**
 * Initial JavaScript per route, gzip: the entry chunk and its static imports, plus the lazy chunks a route loads
 * before it renders (and their static imports). Builds the app with its own vite.config.ts and, in the same run, a
 * bare React + Mantine + XState + router + intl skeleton for comparison.
 *
 *   npx tsx bench/bundle-size.ts [--json]
 *
 * Targets (issue "Application shell"): /login ≤ 150 kB gzip, / ≤ 200 kB gzip.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Manifest } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Source modules each route loads lazily before it renders (see src/routes.tsx). */
const ROUTES: Record<string, string[]> = {
  '/login': ['src/screens/auth/LoginScreen.tsx'],
  '/': ['src/screens/shell/DefaultLayout.tsx', 'src/screens/dashboard/DashboardScreen.tsx'],
};
export const TARGETS_KB: Record<string, number> = { '/login': 150, '/': 200 };

interface RouteSize {
  route: string;
  files: string[];
  gzipKb: number;
  rawKb: number;
}

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

function measure(outDir: string, files: Set<string>): { gzipKb: number; rawKb: number } {
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    const content = readFileSync(path.join(outDir, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { gzipKb: Math.round(gzip / 100) / 10, rawKb: Math.round(raw / 100) / 10 };
}

async function buildApp(outDir: string): Promise<RouteSize[]> {
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  return Object.entries(ROUTES).map(([route, modules]) => {
    for (const m of modules) if (!manifest[m]) throw new Error(`${m} is not a chunk of its own`);
    const files = closure(manifest, [entry, ...modules]);
    return { route, files: [...files], ...measure(outDir, files) };
  });
}

const SKELETON = `
import '@mantine/core/styles.css';
import { Button, MantineProvider, Title } from '@mantine/core';
import { createActorContext } from '@xstate/react';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { createMachine } from 'xstate';

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { toggle: 'on' } }, on: { on: { toggle: 'off' } } } });
const Toggle = createActorContext(toggle);

function Page() {
  const on = Toggle.useSelector((s) => s.matches('on'));
  const actor = Toggle.useActorRef();
  return (
    <>
      <Title><FormattedMessage id="hello" defaultMessage="Hello {name}" values={{ name: 'skeleton' }} /></Title>
      <Button onClick={() => actor.send({ type: 'toggle' })}>{on ? 'on' : 'off'}</Button>
    </>
  );
}

const router = createBrowserRouter([{ path: '/', element: <Outlet />, children: [{ index: true, element: <Page /> }] }]);

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <IntlProvider locale="en" messages={{}}>
      <Toggle.Provider>
        <RouterProvider router={router} />
      </Toggle.Provider>
    </IntlProvider>
  </MantineProvider>,
);
`;

async function buildSkeleton(outDir: string): Promise<{ gzipKb: number; rawKb: number }> {
  const dir = mkdtempSync(path.join(ROOT, '.tmp-skeleton-'));
  try {
    writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>',
    );
    writeFileSync(path.join(dir, 'main.tsx'), SKELETON);
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias: {} },
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    return measure(outDir, closure(manifest, entry ? [entry] : []));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'missiva-bundle-'));
  mkdirSync(work, { recursive: true });
  try {
    const app = await buildApp(path.join(work, 'app'));
    const skeleton = await buildSkeleton(path.join(work, 'skeleton'));
    const result = {
      measuredAt: new Date().toISOString(),
      skeleton,
      routes: app.map(({ route, gzipKb, rawKb, files }) => ({
        route,
        gzipKb,
        rawKb,
        targetKb: TARGETS_KB[route],
        withinTarget: gzipKb <= (TARGETS_KB[route] ?? Infinity),
        overSkeletonKb: Math.round((gzipKb - skeleton.gzipKb) * 10) / 10,
        chunks: files.length,
      })),
    };
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      console.log(
        `skeleton (React + Mantine + XState + router + intl): ${skeleton.gzipKb} kB gzip (${skeleton.rawKb} kB raw)`,
      );
      for (const r of result.routes) {
        console.log(
          `${r.route.padEnd(8)} ${String(r.gzipKb).padStart(6)} kB gzip (${r.rawKb} kB raw, ${r.chunks} chunks) target ≤ ${r.targetKb} kB: ${r.withinTarget ? 'ok' : 'OVER'}; skeleton + ${r.overSkeletonKb} kB`,
        );
      }
    }
    if (result.routes.some((r) => !r.withinTarget)) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
