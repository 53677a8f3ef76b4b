/**
 * UserFlow training benchmark (issue 24 targets): trains a probability model on 100,000 generated rows × 20 features
 * (the training core as the job runs it, in a worker thread) against the 5-minute target, prints the chosen model's
 * validation AUC beside the AUC of the rule that generated the data (on fresh rows), then scores 1,000,000 rows with
 * the trained artifact in memory (encode + predict, the CPU part of a scoring run). Usage: npm run bench:userflow:train
 * [-- rows]. The database half of the scoring target (the attribute written by COPY + UPDATE against a bare
 * COPY-and-UPDATE) is bench/userflow/score.ts (npm run bench:userflow:score).
 */
import { cpus, loadavg } from 'node:os';
import type { SourceRow } from '../../server/services/userflow/connectors/types.ts';
import { trainInThread } from '../../server/services/userflow/training/inThread.ts';
import { auc } from '../../server/services/userflow/training/metrics.ts';
import { seeded } from '../../server/services/userflow/training/random.ts';
import { scoreRows, type Example } from '../../server/services/userflow/training/train.ts';

const ROWS = Number(process.argv[2] ?? 100_000);
const SCORE_ROWS = 1_000_000;
const NUMERIC = 16;
const PLANS = ['free', 'basic', 'pro', 'gold', 'team'];

/** Rows with 16 numeric, 2 categorical, 1 boolean and 1 date feature; "yes" follows a logistic rule of five of them. */
function generate(n: number, seed: number) {
  const random = seeded(seed);
  const normal = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
  const examples: Example[] = [];
  const truth: number[] = [];
  const now = Date.UTC(2026, 10, 1);
  for (let i = 0; i < n; i++) {
    const row: SourceRow = {};
    for (let k = 0; k < NUMERIC; k++) row[`n${k}`] = normal();
    row.plan = PLANS[Math.floor(random() * PLANS.length)]!;
    row.country = ['IT', 'FR', 'DE', 'ES'][Math.floor(random() * 4)]!;
    row.newsletter = random() < 0.4 ? 'yes' : 'no';
    const age = random() * 90;
    row.lastSeen = new Date(now - age * 86_400_000).toISOString();
    const logOdds =
      -2 +
      1.2 * (row.n0 as number) -
      0.8 * (row.n1 as number) +
      0.5 * (row.n2 as number) +
      (row.plan === 'gold' ? 0.9 : 0) +
      (row.newsletter === 'yes' ? 0.4 : 0) -
      age / 60;
    examples.push({ row, label: random() < 1 / (1 + Math.exp(-logOdds)) ? 1 : 0 });
    truth.push(logOdds);
  }
  return { examples, truth };
}

const features = [
  ...Array.from({ length: NUMERIC }, (_, k) => ({ name: `n${k}`, type: 'numeric' as const })),
  { name: 'plan', type: 'categorical' as const },
  { name: 'country', type: 'categorical' as const },
  { name: 'newsletter', type: 'boolean' as const },
  { name: 'lastSeen', type: 'date' as const },
];

const { examples } = generate(ROWS, 1);
const t0 = performance.now();
const stages: string[] = [];
const result = await trainInThread(
  {
    predictionType: 'probability',
    examples,
    features,
    timeColumn: null,
    sampled: false,
    seed: 1,
    reference: Date.now(),
  },
  (stage) => stages.push(`${stage}@${((performance.now() - t0) / 1000).toFixed(1)}s`),
);
const trainSeconds = (performance.now() - t0) / 1000;
const fresh = generate(20_000, 2);
const labels = fresh.examples.map((e) => e.label);
const ruleAuc = auc(fresh.truth, labels)!;
const modelAuc = auc(
  scoreRows(
    result.artifact,
    fresh.examples.map((e) => e.row),
  ),
  labels,
)!;

const scoring = generate(50_000, 3).examples.map((e) => e.row);
const s0 = performance.now();
let scored = 0;
while (scored < SCORE_ROWS) {
  scored += scoreRows(result.artifact, scoring).length;
}
const scoreSeconds = (performance.now() - s0) / 1000;

console.log(
  `machine: ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(`training ${ROWS} rows × ${features.length} features: ${trainSeconds.toFixed(1)} s (target ≤ 300 s)`);
console.log(`  stages: ${stages.join(', ')}`);
console.log(`  chosen: ${result.metrics.algorithm} — ${result.artifact.reason}`);
console.log(`  AUC on fresh rows: model ${modelAuc.toFixed(4)}, generating rule ${ruleAuc.toFixed(4)}`);
console.log(`  (within 0.03: ${Math.abs(modelAuc - ruleAuc) <= 0.03 ? 'yes' : 'NO'})`);
console.log(
  `scoring ${SCORE_ROWS} rows in memory: ${scoreSeconds.toFixed(1)} s, ${Math.round(SCORE_ROWS / scoreSeconds)} rows/s`,
);
