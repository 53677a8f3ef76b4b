import { describe, expect, it } from 'vitest';
import { activeLeafIds, analyse, generatePaths, invariantFailures, invariantGaps, type MachineModel } from './graph.ts';

/**
 * The graph checks every machine gets (STYLE.md): states reached, transitions covered, no transient settles. Models
 * with invariants also get: an invariant per settleable state holding after every step of every path, and every
 * defined transition taken (or declared unreachable with a reason).
 */
export function describeModel(model: MachineModel): void {
  describe(`${model.name} model`, () => {
    const report = analyse(model);

    it('reaches every settleable state through a generated path', () => {
      expect(report.unreachedStates).toEqual([]);
      expect(report.reachedStates.length).toBeGreaterThan(0);
    });

    it('covers every state-changing transition in the walked paths', () => {
      expect(report.uncoveredTransitions).toEqual([]);
      expect(report.coveredPercent).toBe(100);
    });

    it('never settles in a transient state', () => {
      const transient = new Set(model.transient ?? []);
      for (const path of generatePaths(model)) {
        for (const step of path.steps) {
          expect(activeLeafIds(step.state).filter((id) => transient.has(id))).toEqual([]);
        }
      }
    });

    if (!model.invariants) return;

    it('takes every defined transition, or says why it cannot', () => {
      expect(report.untakenTransitions).toEqual([]);
      expect(report.staleUnreachable).toEqual([]);
    });

    it('has an invariant for every settleable state', () => {
      expect(invariantGaps(model)).toEqual([]);
    });

    it('holds every state invariant after every step of every path', () => {
      expect(invariantFailures(model)).toEqual([]);
    });
  });
}
