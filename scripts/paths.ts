/**
 * `npm run paths`: for every machine with a model (tests/model/models.ts), the settleable states, the state-changing
 * transitions, the generated paths and the covered percentage; then the paths the message wizard's browser walk takes.
 * Writes reports/paths.json for QA.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyse } from '../tests/model/graph.ts';
import { models } from '../tests/model/models.ts';
import { selectWalk } from '../tests/e2e/messageWizardWalk.ts';

const reports = models.map((model) => analyse(model));

for (const r of reports) {
  console.log(`\n${r.machine}: ${r.coveredPercent}% covered`);
  console.log(`  states (${r.reachedStates.length}/${r.states.length} reached): ${r.states.join(', ')}`);
  if (r.unreachedStates.length) console.log(`  UNREACHED: ${r.unreachedStates.join(', ')}`);
  console.log(
    `  transitions (${r.transitions.length - r.uncoveredTransitions.length}/${r.transitions.length} covered)`,
  );
  for (const t of r.uncoveredTransitions) console.log(`    UNCOVERED ${t}`);
  if (r.definedTransitions.length) {
    const unreachable = r.unreachable.length;
    console.log(
      `  defined transitions (${r.definedTransitions.length - r.untakenTransitions.length - unreachable}/${r.definedTransitions.length - unreachable} taken, ${unreachable} unreachable)`,
    );
    for (const t of r.untakenTransitions) console.log(`    UNTAKEN ${t}`);
    for (const u of r.unreachable) console.log(`    unreachable ${u.transition}: ${u.reason}`);
    for (const t of r.staleUnreachable) console.log(`    STALE unreachable entry ${t}`);
  }
  console.log(`  paths (${r.paths.length}):`);
  for (const p of r.paths) console.log(`    ${p.name}`);
}

const summary = reports.map((r) => ({
  machine: r.machine,
  states: r.states.length,
  transitions: r.transitions.length,
  defined: r.definedTransitions.length,
  paths: r.paths.length,
  coveredPercent: r.coveredPercent,
}));
console.log('\nmachine               states  transitions  defined  paths  covered');
for (const s of summary) {
  console.log(
    `${s.machine.padEnd(22)}${String(s.states).padStart(6)}${String(s.transitions).padStart(13)}${(s.defined ? String(s.defined) : '-').padStart(9)}${String(s.paths).padStart(7)}${`${s.coveredPercent}%`.padStart(9)}`,
  );
}

// The message wizard's browser walk (tests/e2e/messageWizard.walk.spec.ts): the paths Playwright takes, one test each.
const wizardWalk = selectWalk();
const walkSteps = wizardWalk.walked.reduce((n, p) => n + p.steps.length, 0);
console.log(
  `\nmessageWizard browser walk: ${wizardWalk.generated} generated, ${wizardWalk.realizable} the browser can make, ` +
    `${wizardWalk.withoutPrefixes} without prefixes, ${wizardWalk.walked.length} walked (${walkSteps} steps); ` +
    `defined transitions ${wizardWalk.definedTransitions - wizardWalk.unwalkedTransitions.length}/` +
    `${wizardWalk.definedTransitions} walked; state values ${wizardWalk.walkedValues}/${wizardWalk.generatedValues}`,
);
for (const t of wizardWalk.unwalkedTransitions) console.log(`    UNWALKED ${t}`);
for (const p of wizardWalk.walked) console.log(`    ${p.name}`);
const browserWalks = {
  messageWizard: {
    generated: wizardWalk.generated,
    realizable: wizardWalk.realizable,
    withoutPrefixes: wizardWalk.withoutPrefixes,
    definedTransitions: wizardWalk.definedTransitions,
    unwalkedTransitions: wizardWalk.unwalkedTransitions,
    paths: wizardWalk.walked.map((p) => ({ name: p.name, steps: p.steps.length })),
  },
};

const out = path.resolve(import.meta.dirname, '..', 'reports', 'paths.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify({ generatedAt: new Date().toISOString(), summary, machines: reports, browserWalks }, null, 2) + '\n',
);
console.log(`\nwritten ${path.relative(process.cwd(), out)}`);
if (reports.some((r) => r.coveredPercent < 100 || r.staleUnreachable.length > 0)) process.exitCode = 1;
if (wizardWalk.unwalkedTransitions.length > 0) process.exitCode = 1;
