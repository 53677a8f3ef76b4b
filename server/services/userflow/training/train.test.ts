import { describe, expect, it } from 'vitest';
import type { SourceRow } from '../connectors/types.ts';
import { auc } from './metrics.ts';
import { seeded } from './random.ts';
import { labelOf } from './labels.ts';
import { scoreRows, train, type Example } from './train.ts';

const NOW = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;
const FEATURES = [
  { name: 'visits', type: 'numeric' as const },
  { name: 'spend', type: 'numeric' as const },
  { name: 'plan', type: 'categorical' as const },
  { name: 'newsletter', type: 'boolean' as const },
  { name: 'lastSeen', type: 'date' as const },
  { name: 'noise', type: 'numeric' as const },
];

/** Rows whose outcome follows a known logistic rule (about one in five says yes); `truth` is the rule's log-odds. */
function generate(n: number, seed: number): { examples: Example[]; truth: number[] } {
  const random = seeded(seed);
  const normal = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
  const examples: Example[] = [];
  const truth: number[] = [];
  for (let i = 0; i < n; i++) {
    const visits = normal();
    const spend = normal();
    const plan = ['free', 'pro', 'team'][Math.floor(random() * 3)]!;
    const newsletter = random() < 0.5;
    const age = random() * 60;
    const logOdds = -2 + 1.4 * visits - 0.9 * spend + (plan === 'team' ? 1 : 0) + (newsletter ? 0.6 : 0) - age / 40;
    const row: SourceRow = {
      visits: random() < 0.05 ? null : visits, // missing values are imputed and flagged
      spend,
      plan,
      newsletter,
      lastSeen: new Date(NOW - age * DAY).toISOString(),
      noise: normal(),
    };
    examples.push({ row, label: random() < 1 / (1 + Math.exp(-logOdds)) ? 1 : 0 });
    truth.push(logOdds);
  }
  return { examples, truth };
}

describe('UserFlow training', () => {
  it('reaches the AUC of the generating rule on fresh rows and says which model it chose and why', () => {
    const { examples } = generate(4_000, 1);
    const { artifact, metrics } = train({
      predictionType: 'probability',
      examples,
      features: FEATURES,
      timeColumn: null,
      sampled: false,
      reference: NOW,
      trees: 6,
    });
    const fresh = generate(4_000, 2);
    const labels = fresh.examples.map((example) => example.label);
    const ruleAuc = auc(fresh.truth, labels)!;
    const modelAuc = auc(
      scoreRows(
        artifact,
        fresh.examples.map((example) => example.row),
      ),
      labels,
    )!;
    console.log(
      `generating rule AUC ${ruleAuc.toFixed(4)}, chosen model (${metrics.algorithm}) ${modelAuc.toFixed(4)}`,
    );
    expect(Math.abs(ruleAuc - modelAuc)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(metrics.auc! - ruleAuc)).toBeLessThanOrEqual(0.05);
    expect(metrics.split).toBe('random');
    expect(metrics.trainRows + metrics.validationRows).toBe(4_000);
    expect(metrics.choice.metric).toBe('auc');
    expect(metrics.choice.chosen).toBeGreaterThanOrEqual(metrics.choice.other);
    expect(artifact.reason).toMatch(/was chosen: .* on the validation rows/);
    expect(metrics.thresholds).toHaveLength(19);
    expect(metrics.calibration).toHaveLength(10);
    // Resampling balanced the classes; the scores still follow the real base rate.
    const binned = metrics.calibration.filter((bin) => bin.count >= 100);
    for (const bin of binned) expect(Math.abs(bin.observed! - bin.predicted!)).toBeLessThan(0.1);
    expect(metrics.baseline.auc).toBe(0.5);
    expect(metrics.baseline.precision).toBeGreaterThan(0.1);
    // The features of the rule matter; the noise column does not.
    const order = metrics.importances.map((entry) => entry.feature);
    expect(order.slice(0, 2).sort()).toEqual(['spend', 'visits']);
    expect(metrics.importances.find((entry) => entry.feature === 'noise')!.importance).toBeLessThan(0.05);
    expect(metrics.importances.reduce((sum, entry) => sum + entry.importance, 0)).toBeCloseTo(1, 6);
    // The artifact survives JSON (as stored in userflow_model_versions.artifact) and scores the same.
    const stored = JSON.parse(JSON.stringify(artifact));
    const rows = fresh.examples.slice(0, 50).map((example) => example.row);
    expect(scoreRows(stored, rows)).toEqual(scoreRows(artifact, rows));
  });

  it('predicts a value better than the mean, and validates on the newest rows when time is known', () => {
    const random = seeded(7);
    const examples: Example[] = Array.from({ length: 1_500 }, (_, i) => {
      const orders = Math.floor(random() * 10);
      const region = random() < 0.3 ? 'north' : 'south';
      return {
        row: { orders, region, signedUp: new Date(NOW - (1_500 - i) * DAY).toISOString() },
        label: 20 * orders + (region === 'north' ? 50 : 0) + (random() - 0.5) * 10,
      };
    });
    const { metrics } = train({
      predictionType: 'value',
      examples,
      features: [
        { name: 'orders', type: 'numeric' },
        { name: 'region', type: 'categorical' },
      ],
      timeColumn: 'signedUp',
      sampled: true,
      reference: NOW,
      trees: 4,
    });
    expect(metrics.split).toBe('time');
    expect(metrics.sampled).toBe(true);
    expect(metrics.choice.metric).toBe('rmse');
    expect(metrics.rmse!).toBeLessThan(metrics.baseline.rmse! / 5);
    expect(metrics.r2!).toBeGreaterThan(0.95);
    expect(metrics.mae!).toBeLessThan(5);
    expect(metrics.auc).toBeNull();
  });

  it('refuses data it cannot learn from with the named error', () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ row: { visits: i }, label: 1 }));
    const base = { predictionType: 'probability' as const, features: [FEATURES[0]!], timeColumn: null, sampled: false };
    expect(() => train({ ...base, examples: rows, reference: NOW })).toThrow(
      expect.objectContaining({ code: 'single_class' }),
    );
    expect(() => train({ ...base, examples: rows.slice(0, 10), reference: NOW })).toThrow(
      expect.objectContaining({ code: 'too_few_rows' }),
    );
  });

  it('reads a target cell as a label', () => {
    expect(labelOf('probability', 'Yes')).toBe(1);
    expect(labelOf('probability', 'no')).toBe(0);
    expect(labelOf('probability', 'gold', 'Gold')).toBe(1);
    expect(labelOf('probability', '')).toBeNull();
    expect(labelOf('value', '12.5')).toBe(12.5);
    expect(labelOf('value', 'n/a')).toBeNull();
  });
});
