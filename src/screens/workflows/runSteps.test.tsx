import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import itMessages from '../../i18n/it.json';
import type { RunStep } from '../../machines/workflowRuns/workflowRuns.types.ts';
import { describeDetail, shownStatus } from './runSteps.ts';
import { StepTable } from './WorkflowRunsDrawer.tsx';

const step = (patch: Partial<RunStep>): RunStep => ({
  nodeId: 'n3',
  kind: 'wait',
  at: '2026-11-20T10:00:00Z',
  outcome: 'passed',
  handle: null,
  detail: null,
  messageId: null,
  ...patch,
});

function render(steps: RunStep[], locale: 'en' | 'it'): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <IntlProvider locale={locale} messages={(locale === 'en' ? en : itMessages) as Record<string, string>}>
        <StepTable steps={steps} />
      </IntlProvider>
    </MantineProvider>,
  ).replaceAll('&#x27;', "'");
}

describe('run history', () => {
  it('reads an exited run with a goal step as "Goal reached", and leaves other exits as they are', () => {
    const goal = step({ outcome: 'skipped', detail: 'goal' });
    expect(shownStatus({ status: 'exited', steps: [step({}), goal] })).toBe('goalReached');
    expect(shownStatus({ status: 'exited', steps: [step({ kind: 'exit' })] })).toBe('exited');
    expect(shownStatus({ status: 'finished', steps: [step({})] })).toBe('finished');
    expect(render([goal], 'en')).toContain('Goal reached: the run ended here');
    expect(render([goal], 'it')).toContain("Obiettivo raggiunto: l'esecuzione è terminata qui");
  });

  it("says the engine's details in the reader's language, and shows an unknown one as written", () => {
    const said = (detail: string) => {
      const d = describeDetail(detail);
      return typeof d === 'string' ? d : d.message.id;
    };
    expect(said('previous email clicked: false')).toBe('screen.workflows.stepDetail.notClicked');
    expect(said('already a recipient')).toBe('screen.workflows.stepDetail.alreadySent');
    expect(describeDetail('cohort b')).toMatchObject({ values: { cohort: 'B' } });
    expect(said('webhook answered 503')).toBe('webhook answered 503');
    const html = render(
      [
        step({ kind: 'branch', handle: 'no', detail: 'previous email opened: false' }),
        step({ kind: 'sendEmail', detail: 'sent to qa@shop.test', messageId: 12 }),
      ],
      'it',
    );
    expect(html).toContain("L'email precedente non è stata aperta");
    expect(html).toContain('Esecuzione di prova: inviata solo a qa@shop.test');
    expect(html).toContain(`${itMessages['screen.workflows.runs.way']}: No`);
  });
});
