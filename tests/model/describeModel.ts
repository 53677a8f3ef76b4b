import { describe, expect, it } from 'vitest';
import { activeLeafIds, analyse, generatePaths, type MachineModel } from './graph.ts';

/** The three graph checks every machine gets (STYLE.md): states reached, transitions covered, no transient settles. */
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
  });
}
