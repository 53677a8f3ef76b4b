import {
  Alert,
  Button,
  Group,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { isLearnable } from '../../../../shared/userflow.ts';
import { useCan } from '../../../app/permissions.ts';
import { targetColumnOf } from '../../../machines/modelWizard/modelWizard.draft.ts';
import type { FeatureType, MatchBy, PredictionType, RunMode } from '../../../machines/modelWizard/modelWizard.types.ts';
import { ScheduleEditorField } from '../../shared/ScheduleEditorField.tsx';
import { modelWizardText as t } from './ModelWizard.messages.ts';
import { StepTarget } from './StepTarget.tsx';
import { useModelWizardActor } from './modelWizardActor.ts';

const FEATURE_TYPES: FeatureType[] = ['number', 'category', 'date', 'text', 'boolean'];
const RUN_MODES: RunMode[] = ['manual', 'realtime', 'scheduled'];
const DEFAULT_SCHEDULE = '0 6 * * *';
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether the fields of the current step may be changed (role and machine state). */
function useEditable() {
  const actor = useModelWizardActor();
  const canWrite = useCan('userflow:write');
  return useSelector(actor, (s) => s.hasTag('editable')) && canWrite;
}

/** Step 0: the name, what to predict and the question in words. */
export function StepPrediction() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const editable = useEditable();
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const change = (patch: Partial<typeof draft>) => actor.send({ type: 'draft.change', patch });
  return (
    <Stack maw={640}>
      <TextInput
        label={intl.formatMessage(t.name)}
        required
        value={draft.name}
        error={errors.name}
        disabled={!editable}
        onChange={(e) => change({ name: e.currentTarget.value })}
      />
      <Radio.Group
        label={intl.formatMessage(t.predictionType)}
        value={draft.predictionType}
        onChange={(value) => change({ predictionType: value as PredictionType })}
      >
        <Stack gap="xs" mt="xs">
          <Radio
            value="probability"
            disabled={!editable}
            label={intl.formatMessage(t.probability)}
            description={intl.formatMessage(t.probabilityHelp)}
          />
          <Radio
            value="value"
            disabled={!editable}
            label={intl.formatMessage(t.value)}
            description={intl.formatMessage(t.valueHelp)}
          />
        </Stack>
      </Radio.Group>
      <Textarea
        label={intl.formatMessage(t.question)}
        placeholder={intl.formatMessage(t.questionPlaceholder)}
        required
        autosize
        minRows={2}
        value={draft.question}
        error={errors.question}
        disabled={!editable}
        onChange={(e) => change({ question: e.currentTarget.value })}
      />
    </Stack>
  );
}

/** Step 2: the identity column and its match rate, the target, and the features with their types. */
export function StepFields() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const editable = useEditable();
  const draft = useSelector(actor, (s) => s.context.draft);
  const columns = useSelector(actor, (s) => s.context.preview?.columns ?? []);
  const matchRate = useSelector(actor, (s) => s.context.matchRate);
  const matching = useSelector(actor, (s) => s.matches({ ready: { steps: { 'step-2': 'matching' } } }));
  const canMatch = useSelector(actor, (s) => s.can({ type: 'match.check' }));
  const matchFailed = useSelector(actor, (s) => s.context.error === 'matchFailed');
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const change = (patch: Partial<typeof draft>) => actor.send({ type: 'draft.change', patch });
  const names = columns.map((c) => c.name);
  return (
    <Stack>
      <Group align="flex-end">
        <Select
          label={intl.formatMessage(t.identity)}
          data={names}
          value={draft.identityColumn}
          error={errors.identityColumn}
          disabled={!editable}
          onChange={(value) => change({ identityColumn: value })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="match-by-label">
            {intl.formatMessage(t.matchBy)}
          </Text>
          <SegmentedControl
            aria-labelledby="match-by-label"
            disabled={!editable}
            value={draft.matchBy}
            onChange={(value) => change({ matchBy: value as MatchBy })}
            data={[
              { value: 'email', label: intl.formatMessage(t.matchEmail) },
              { value: 'externalId', label: intl.formatMessage(t.matchExternal) },
            ]}
          />
        </Stack>
        <Button
          variant="default"
          loading={matching}
          disabled={!editable || !canMatch}
          onClick={() => actor.send({ type: 'match.check' })}
        >
          {intl.formatMessage(t.matchCheck)}
        </Button>
      </Group>
      {matchRate && (
        <Text data-testid="match-rate" role="status">
          {intl.formatMessage(t.matchRate, { rate: matchRate.rate, matched: matchRate.matched, rows: matchRate.rows })}
        </Text>
      )}
      {matchFailed && (
        <Alert color="red" role="alert">
          {intl.formatMessage(t.matchFailed)}
        </Alert>
      )}
      <StepTarget columns={names.filter((n) => n !== draft.identityColumn)} editable={editable} />
      <Select
        label={intl.formatMessage(t.timeColumn)}
        description={intl.formatMessage(t.timeColumnHelp)}
        data={names.filter((n) => isLearnable(n, draft.identityColumn, targetColumnOf(draft)))}
        value={draft.timeColumn}
        error={errors.timeColumn}
        disabled={!editable}
        clearable
        maw={400}
        onChange={(value) => change({ timeColumn: value })}
      />
      <Stack gap={4}>
        <Text fw={500}>{intl.formatMessage(t.features)}</Text>
        <Text size="sm" c="dimmed">
          {intl.formatMessage(t.featuresHelp)}
        </Text>
      </Stack>
      <Table withTableBorder maw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(t.column)}</Table.Th>
            <Table.Th>{intl.formatMessage(t.typeColumn)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.features
            .filter((f) => isLearnable(f.name, draft.identityColumn, targetColumnOf(draft)))
            .map((f) => (
              <Table.Tr key={f.name}>
                <Table.Td>
                  <Switch
                    label={f.name}
                    aria-label={intl.formatMessage(t.featureUse, { name: f.name })}
                    checked={f.enabled}
                    disabled={!editable}
                    onChange={() => actor.send({ type: 'feature.toggle', name: f.name })}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={intl.formatMessage(t.featureType, { name: f.name })}
                    data={FEATURE_TYPES.map((value) => ({ value, label: intl.formatMessage(t[`type.${value}`]) }))}
                    value={f.type}
                    allowDeselect={false}
                    disabled={!editable}
                    onChange={(value) =>
                      value && actor.send({ type: 'feature.type', name: f.name, featureType: value as FeatureType })
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Step 4: when the model runs and the contact attribute its scores go to. */
export function StepRunMode() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const editable = useEditable();
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const finishFailed = useSelector(actor, (s) => s.context.error === 'finishFailed');
  const change = (patch: Partial<typeof draft>) => actor.send({ type: 'draft.change', patch });
  return (
    <Stack maw={640}>
      <Radio.Group
        label={intl.formatMessage(t.runMode)}
        value={draft.runMode}
        error={errors.runMode}
        onChange={(value) =>
          change({
            runMode: value as RunMode,
            schedule: value === 'scheduled' ? (draft.schedule ?? DEFAULT_SCHEDULE) : draft.schedule,
          })
        }
      >
        <Group mt="xs">
          {RUN_MODES.map((mode) => (
            <Radio key={mode} value={mode} disabled={!editable} label={intl.formatMessage(t[`run.${mode}`])} />
          ))}
        </Group>
      </Radio.Group>
      {draft.runMode === 'scheduled' && (
        <ScheduleEditorField
          defaultValue={draft.schedule ?? DEFAULT_SCHEDULE}
          defaultPeriod="day"
          timeZone={localZone()}
          locale={intl.locale}
          onChange={(pattern) => change({ schedule: pattern })}
        />
      )}
      <TextInput
        label={intl.formatMessage(t.attribute)}
        description={intl.formatMessage(t.attributeHelp)}
        required
        value={draft.attribute}
        error={errors.attribute}
        disabled={!editable}
        onChange={(e) => change({ attribute: e.currentTarget.value })}
      />
      {finishFailed && (
        <Alert color="red" role="alert">
          {intl.formatMessage(t.finishFailed)}
        </Alert>
      )}
    </Stack>
  );
}
