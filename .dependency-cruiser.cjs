// The rooms of ARCHITECTURE.md, checked on every `npm run lint`: what each area may import. Tests (tests/ and
// *.test.ts beside the code) may import anything.
const TESTS = ['^tests/', '[.]test[.]tsx?$'];
const REACT = '^node_modules/(react|react-dom|react-intl|react-router|@mantine|@xstate/react)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-not-to-spa',
      comment: 'The server runs in Node and shares code with the SPA only through shared/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/' },
    },
    {
      name: 'shared-stays-shared',
      comment: 'shared/ runs in the browser and in Node: it imports neither side, no Node-only module and no React.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TESTS },
      to: { path: ['^src/', '^server/', REACT] },
    },
    {
      name: 'shared-not-to-node',
      comment: 'shared/ runs in the browser too: no Node built-in modules.',
      severity: 'error',
      from: { path: '^shared/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'components-are-presentational',
      comment: 'Components shared by screens get data and callbacks from props: no machines, no API.',
      severity: 'error',
      from: { path: '^src/components/', pathNot: TESTS },
      to: { path: ['^src/machines/', '^src/api/'] },
    },
    {
      name: 'screens-do-not-call-the-api',
      comment: "Screens render machines; the machines' actors are the only code that calls the API client.",
      severity: 'error',
      from: { path: '^src/screens/', pathNot: TESTS },
      to: { path: '^src/api/(client|appClient)[.]ts$' },
    },
    {
      name: 'no-circular',
      comment: 'An import cycle makes module order matter and areas inseparable.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^(src|server|shared|tests|bench|scripts)/',
    exclude: { path: ['^shared/contract/schema[.]d[.]ts$'] },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are erased at build time, but they still tie the areas together: keep them in the graph.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
