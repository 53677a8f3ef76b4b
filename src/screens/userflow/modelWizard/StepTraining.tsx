import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Group, Progress, Slider, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useCan } from '../../../app/permissions.ts';
import type { Algorithm } from '../../../../shared/userflow.ts';
import type { TrainingResult } from '../../../machines/modelWizard/modelWizard.types.ts';
import { algorithmText, trainingStageText, userflowErrorFor } from '../userflowErrors.messages.ts';
import { modelWizardText as t } from './ModelWizard.messages.ts';
import { useModelWizardActor } from './modelWizardActor.ts';

const fixed = (n: number | undefined) => (n == null ? '—' : n.toFixed(3));

/** Step 3: train (progress over realtime), then the held-out figures beside the naive baseline. */
export function StepTraining() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const canWrite = useCan('userflow:write');
  const training = useSelector(actor, (s) => s.hasTag('training'));
  const progress = useSelector(actor, (s) => s.context.progress);
  const stage = useSelector(actor, (s) => s.context.stage);
  const trainError = useSelector(actor, (s) => s.context.trainError);
  const result = useSelector(actor, (s) => s.context.result);
  const canTrain = useSelector(actor, (s) => s.can({ type: 'training.start' }));
  const failed = useSelector(actor, (s) => s.context.error === 'trainFailed');
  return (
    <Stack>
      <Text c="dimmed" maw={720}>
        {intl.formatMessage(t.trainHelp)}
      </Text>
      <Group>
        <Button
          disabled={!canWrite || !canTrain}
          loading={training}
          onClick={() => actor.send({ type: 'training.start' })}
        >
          {intl.formatMessage(result ? t.retrain : t.train)}
        </Button>
      </Group>
      {training && (
        <Stack gap={4} data-testid="training-progress" data-stage={stage ?? ''}>
          <Text size="sm" role="status">
            {stage
              ? intl.formatMessage(t.trainingStage, {
                  stage: intl.formatMessage(trainingStageText[stage]),
                  percent: progress,
                })
              : intl.formatMessage(t.training)}
          </Text>
          <Progress value={Math.round(progress * 100)} aria-label={intl.formatMessage(t.training)} animated />
        </Stack>
      )}
      {failed && (
        <Alert color="red" role="alert">
          {intl.formatMessage(t.trainFailed)}
        </Alert>
      )}
      {trainError && !training && (
        <Alert color="red" role="alert" title={intl.formatMessage(t.trainRefused)} data-code={trainError}>
          {intl.formatMessage(userflowErrorFor(trainError))}
        </Alert>
      )}
      {!training && !result && !failed && !trainError && <Text>{intl.formatMessage(t.notTrained)}</Text>}
      {result && !training && <ResultView result={result} />}
    </Stack>
  );
}

function ResultView({ result }: { result: TrainingResult }) {
  const intl = useIntl();
  return (
    <Stack data-testid="training-result">
      <AlgorithmChoice result={result} />
      {result.predictionType === 'probability' ? (
        <ProbabilityFigures result={result} />
      ) : (
        <ValueFigures result={result} />
      )}
      <Title order={3} size="h4">
        {intl.formatMessage(t.importances)}
      </Title>
      <BarChart
        h={Math.max(120, result.importances.length * 28)}
        data={result.importances.map((i) => ({ feature: i.feature, importance: Number(i.importance.toFixed(3)) }))}
        dataKey="feature"
        orientation="vertical"
        yAxisProps={{ width: 140 }}
        series={[{ name: 'importance', label: intl.formatMessage(t.importance), color: 'blue.6' }]}
      />
    </Stack>
  );
}

const algorithmName = (intl: ReturnType<typeof useIntl>, algorithm: string) =>
  algorithm in algorithmText ? intl.formatMessage(algorithmText[algorithm as Algorithm]) : algorithm;

/** The chosen algorithm, why (its figure beside the other one's), and how the rows were split. */
function AlgorithmChoice({ result }: { result: TrainingResult }) {
  const intl = useIntl();
  const { choice } = result;
  return (
    <Stack gap={2} data-testid="algorithm">
      <Text>
        {intl.formatMessage(t.algorithm, { algorithm: algorithmName(intl, result.algorithm), rows: result.rows })}
      </Text>
      {choice && (
        <Text size="sm">
          {intl.formatMessage(t.chosenBecause, {
            metric: intl.formatMessage(choice.metric === 'auc' ? t.auc : t.rmse),
            chosen: choice.chosen.toFixed(3),
            other: choice.other.toFixed(3),
            otherAlgorithm: algorithmName(intl, choice.otherAlgorithm),
          })}
        </Text>
      )}
      {result.split && (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(result.split === 'time' ? t.splitTime : t.splitRandom)}
        </Text>
      )}
      {result.sampled && (
        <Text size="sm" c="dimmed">
          {intl.formatMessage(t.sampled)}
        </Text>
      )}
    </Stack>
  );
}

function FiguresTable({ rows }: { rows: Array<[string, number | undefined, number | undefined]> }) {
  const intl = useIntl();
  return (
    <Table withTableBorder maw={480} data-testid="quality">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{intl.formatMessage(t.metric)}</Table.Th>
          <Table.Th>{intl.formatMessage(t.model)}</Table.Th>
          <Table.Th>{intl.formatMessage(t.baseline)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, value, baseline]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td>{fixed(value)}</Table.Td>
            <Table.Td>{fixed(baseline)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** AUC beside the baseline; precision and recall at the slider's threshold; the calibration curve. */
function ProbabilityFigures({ result }: { result: TrainingResult }) {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const threshold = useSelector(actor, (s) => s.context.threshold);
  const points = result.thresholds ?? [];
  const at = points.reduce<(typeof points)[number] | undefined>(
    (best, p) => (!best || Math.abs(p.threshold - threshold) < Math.abs(best.threshold - threshold) ? p : best),
    undefined,
  );
  return (
    <Stack>
      <FiguresTable
        rows={[
          [intl.formatMessage(t.auc), result.auc, result.baselineAuc],
          [intl.formatMessage(t.precision), at?.precision, result.baselinePrecision],
          [intl.formatMessage(t.recall), at?.recall, undefined],
        ]}
      />
      <Stack gap={4} maw={480}>
        <Text size="sm" id="threshold-label">
          {intl.formatMessage(t.threshold, { value: threshold })}
        </Text>
        <Slider
          thumbLabel={intl.formatMessage(t.threshold, { value: threshold })}
          min={0.05}
          max={0.95}
          step={0.05}
          value={threshold}
          label={(v) => v.toFixed(2)}
          onChange={(value) => actor.send({ type: 'threshold.change', threshold: value })}
        />
      </Stack>
      {result.calibration && result.calibration.length > 0 && (
        <>
          <Title order={3} size="h4">
            {intl.formatMessage(t.calibration)}
          </Title>
          <LineChart
            h={220}
            maw={480}
            data={result.calibration.map((b) => ({
              bin: b.predicted.toFixed(2),
              predicted: b.predicted,
              observed: b.observed,
            }))}
            dataKey="bin"
            series={[
              { name: 'predicted', label: intl.formatMessage(t.predicted), color: 'gray.6' },
              { name: 'observed', label: intl.formatMessage(t.observed), color: 'blue.6' },
            ]}
            withLegend
          />
        </>
      )}
    </Stack>
  );
}

/** MAE, RMSE and R² beside the baseline (which predicts the mean, so its R² is 0). */
function ValueFigures({ result }: { result: TrainingResult }) {
  const intl = useIntl();
  return (
    <FiguresTable
      rows={[
        [intl.formatMessage(t.mae), result.mae, result.baselineMae],
        [intl.formatMessage(t.rmse), result.rmse, result.baselineRmse],
        [intl.formatMessage(t.r2), result.r2, 0],
      ]}
    />
  );
}
