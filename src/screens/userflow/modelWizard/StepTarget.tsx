import { Alert, Anchor, Autocomplete, Group, NumberInput, Radio, Select, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PAGE_VIEW_TARGET, USERFLOW_LIMITS, type TargetKind } from '../../../../shared/userflow.ts';
import { targetKindOf, validTargetDays } from '../../../machines/modelWizard/modelWizard.draft.ts';
import type { ModelDraft } from '../../../machines/modelWizard/modelWizard.types.ts';
import { modelWizardText as t } from './ModelWizard.messages.ts';
import { useModelWizardActor } from './modelWizardActor.ts';

interface TargetProps {
  /** The source's columns other than the identity. */
  columns: string[];
  editable: boolean;
}

/**
 * Step 2's outcome: a column of the source (the only choice for a value model) or, for a probability, a website
 * event — page views or a custom event of a tracker site — within a number of days, said back as a sentence.
 */
export function StepTarget({ columns, editable }: TargetProps) {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const change = (patch: Partial<ModelDraft>) => actor.send({ type: 'draft.change', patch });
  const probability = draft.predictionType === 'probability';
  return (
    <Stack gap="sm" maw={640}>
      {probability && (
        <Radio.Group
          label={intl.formatMessage(t.targetKind)}
          value={draft.targetKind}
          onChange={(value) => change({ targetKind: value as TargetKind })}
        >
          <Group mt="xs">
            <Radio value="column" disabled={!editable} label={intl.formatMessage(t.targetKindColumn)} />
            <Radio value="event" disabled={!editable} label={intl.formatMessage(t.targetKindEvent)} />
          </Group>
        </Radio.Group>
      )}
      {targetKindOf(draft) === 'column' ? (
        <Select
          label={intl.formatMessage(t.target)}
          description={intl.formatMessage(probability ? t.targetHelpProbability : t.targetHelpValue)}
          data={columns}
          value={draft.targetColumn}
          error={errors.targetColumn}
          disabled={!editable}
          maw={400}
          onChange={(value) => change({ targetColumn: value })}
        />
      ) : (
        <EventTarget editable={editable} />
      )}
    </Stack>
  );
}

/** The tracker site, the event (page views or a custom name, offered from the site's) and the days. */
function EventTarget({ editable }: { editable: boolean }) {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const draft = useSelector(actor, (s) => s.context.draft);
  const sites = useSelector(actor, (s) => s.context.targetSites);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const change = (patch: Partial<ModelDraft>) => actor.send({ type: 'draft.change', patch });
  const site = sites.find((s) => s.id === draft.targetSiteId) ?? null;
  const pageView = draft.targetEvent === PAGE_VIEW_TARGET;
  const event = draft.targetEvent.trim();
  const daysValid = validTargetDays(draft.targetDays);
  if (sites.length === 0) {
    return (
      <Alert color="yellow" role="status">
        <Stack gap={4}>
          <Text size="sm">{intl.formatMessage(t.targetNoSites)}</Text>
          <Anchor component={Link} to="/userflow/tracker" size="sm">
            {intl.formatMessage(t.targetToTracker)}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Select
        label={intl.formatMessage(t.targetSite)}
        description={intl.formatMessage(t.targetSiteHelp)}
        data={sites.map((s) => ({ value: String(s.id), label: s.name }))}
        value={draft.targetSiteId === null ? null : String(draft.targetSiteId)}
        error={errors.targetSiteId}
        disabled={!editable}
        allowDeselect={false}
        maw={400}
        onChange={(value) => change({ targetSiteId: value === null ? null : Number(value) })}
      />
      <Radio.Group
        label={intl.formatMessage(t.targetEventType)}
        value={pageView ? 'page' : 'custom'}
        onChange={(value) => change({ targetEvent: value === 'page' ? PAGE_VIEW_TARGET : '' })}
      >
        <Group mt="xs">
          <Radio value="page" disabled={!editable} label={intl.formatMessage(t.targetPageView)} />
          <Radio value="custom" disabled={!editable} label={intl.formatMessage(t.targetCustomEvent)} />
        </Group>
      </Radio.Group>
      {!pageView && (
        <Autocomplete
          label={intl.formatMessage(t.targetEventName)}
          description={intl.formatMessage(t.targetEventNameHelp)}
          data={site?.eventNames ?? []}
          value={draft.targetEvent}
          error={errors.targetEvent}
          disabled={!editable}
          maxLength={USERFLOW_LIMITS.maxTargetEventLength}
          maw={400}
          onChange={(value) => change({ targetEvent: value })}
        />
      )}
      <NumberInput
        label={intl.formatMessage(t.targetDays)}
        value={Number.isFinite(draft.targetDays) ? draft.targetDays : ''}
        min={USERFLOW_LIMITS.minTargetDays}
        max={USERFLOW_LIMITS.maxTargetDays}
        allowDecimal={false}
        allowNegative={false}
        error={
          errors.targetDays ??
          (daysValid
            ? undefined
            : intl.formatMessage(t.targetDaysRange, {
                min: USERFLOW_LIMITS.minTargetDays,
                max: USERFLOW_LIMITS.maxTargetDays,
              }))
        }
        disabled={!editable}
        maw={200}
        onChange={(value) => change({ targetDays: typeof value === 'number' ? value : Number.NaN })}
      />
      {site && event !== '' && daysValid && (
        <Text data-testid="target-sentence" role="status">
          {pageView
            ? intl.formatMessage(t.targetLearnsPageView, { site: site.name, days: draft.targetDays })
            : intl.formatMessage(t.targetLearnsEvent, { event, site: site.name, days: draft.targetDays })}
        </Text>
      )}
    </Stack>
  );
}
