import { Alert, Button, FileInput, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { USERFLOW_LIMITS } from '../../../../shared/userflow.ts';
import { useCan } from '../../../app/permissions.ts';
import { sourceComplete } from '../../../machines/modelWizard/modelWizard.draft.ts';
import {
  PICKER_SOURCES,
  ROUTED_SOURCES,
  type ModelDraft,
  type SourceKind,
} from '../../../machines/modelWizard/modelWizard.types.ts';
import { userflowErrorFor } from '../userflowErrors.messages.ts';
import { modelWizardText as t } from './ModelWizard.messages.ts';
import { useModelWizardActor } from './modelWizardActor.ts';
import { SourceForm } from './SourceForm.tsx';
import { sourceFormText as f } from './SourceForm.messages.ts';

const ALL_SOURCES: SourceKind[] = [...ROUTED_SOURCES, ...PICKER_SOURCES];

/** Every connector in one list; the four with their own route move the URL there. */
export function SourcePicker() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const navigate = useNavigate();
  const canWrite = useCan('userflow:write');
  const modelId = useSelector(actor, (s) => s.context.modelId);
  const kind = useSelector(actor, (s) => s.context.draft.sourceKind);
  const editable = useSelector(actor, (s) => s.hasTag('editable'));
  return (
    <Select
      label={intl.formatMessage(t.sourcePick)}
      description={intl.formatMessage(t.sourcePickHelp)}
      data={ALL_SOURCES.map((value) => ({ value, label: intl.formatMessage(t[`source.${value}`]) }))}
      value={kind}
      allowDeselect={false}
      disabled={!canWrite || !editable}
      onChange={(value) => {
        if (!value || value === kind) return;
        const next = value as SourceKind;
        if ((ROUTED_SOURCES as readonly string[]).includes(next)) {
          navigate(`/userflow/models/${modelId}/step-1/${next}`);
        } else {
          actor.send({ type: 'draft.change', patch: { sourceKind: next } });
          navigate(`/userflow/models/${modelId}/step-1`);
        }
      }}
    />
  );
}

/** The chosen connector's settings (secrets write-only), the file upload, and the connection test. */
export function SourceFields() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const canWrite = useCan('userflow:write');
  const kind = useSelector(actor, (s) => s.context.draft.sourceKind);
  const config = useSelector(actor, (s) => s.context.draft.sourceConfig);
  const secretsSet = useSelector(actor, (s) => s.context.draft.secretsSet);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const editable = useSelector(actor, (s) => s.hasTag('editable')) && canWrite;
  const busy = useSelector(actor, (s) => s.matches({ ready: { steps: { 'step-1': 'testing' } } }));
  const uploading = useSelector(actor, (s) => s.matches({ ready: { steps: { 'step-1': 'uploading' } } }));
  const canTest = useSelector(actor, (s) => s.can({ type: 'source.test' }));
  const testFailed = useSelector(actor, (s) => s.context.error === 'testFailed');
  const refusal = useSelector(actor, (s) => s.context.testRefusal);
  // A changes column is a date-time or a number the source keeps increasing.
  const preview = useSelector(actor, (s) => s.context.preview);
  const orderable = preview?.columns.filter((c) => c.type === 'date' || c.type === 'number').map((c) => c.name) ?? [];
  if (!kind) return null;
  const set = (name: string, value: string) =>
    actor.send({ type: 'draft.change', patch: { sourceConfig: { ...config, [name]: value } } });
  return (
    <Stack>
      {kind === 'file' ? (
        <>
          <FileInput
            label={intl.formatMessage(t.file)}
            description={intl.formatMessage(t.fileHelp)}
            accept=".csv,.xls,.xlsx,text/csv"
            disabled={!editable}
            data-testid="source-file"
            onChange={(file) => file && actor.send({ type: 'source.upload', file })}
          />
          {config.fileName && <Text size="sm">{intl.formatMessage(t.fileChosen, { name: config.fileName })}</Text>}
        </>
      ) : (
        <>
          <SourceForm
            kind={kind}
            config={config}
            secretsSet={secretsSet}
            errors={fieldErrors}
            disabled={!editable}
            columns={orderable}
            onChange={set}
          />
          {!sourceComplete({ sourceKind: kind, sourceConfig: config } as ModelDraft) && (
            <Text size="sm" c="dimmed">
              {intl.formatMessage(f.incomplete)}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              loading={busy}
              disabled={!canWrite || !canTest}
              onClick={() => actor.send({ type: 'source.test' })}
            >
              {intl.formatMessage(t.test)}
            </Button>
          </Group>
        </>
      )}
      {(busy || uploading) && (
        <Text size="sm" role="status">
          {intl.formatMessage(t.testing)}
        </Text>
      )}
      {testFailed && (
        <Alert color="red" role="alert">
          {intl.formatMessage(t.testFailed)}
        </Alert>
      )}
      {refusal && (
        <Alert color="red" role="alert" title={intl.formatMessage(f.refusedTitle)} data-code={refusal.code}>
          <Text size="sm">{intl.formatMessage(userflowErrorFor(refusal.code))}</Text>
          {refusal.detail && <Text size="sm">{intl.formatMessage(f.peerSaid, { detail: refusal.detail })}</Text>}
        </Alert>
      )}
    </Stack>
  );
}

/** The connection test's columns and first rows. */
export function SourcePreviewTable() {
  const intl = useIntl();
  const actor = useModelWizardActor();
  const preview = useSelector(actor, (s) => s.context.preview);
  if (!preview) return null;
  return (
    <Stack gap="xs" data-testid="source-preview">
      <Text>{intl.formatMessage(t.connected, { columns: preview.columns.length })}</Text>
      <Table.ScrollContainer minWidth={400}>
        <Table striped withTableBorder>
          <Table.Caption>{intl.formatMessage(t.previewCaption)}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {preview.columns.map((c) => (
                <Table.Th key={c.name}>{c.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.slice(0, USERFLOW_LIMITS.previewRows).map((row, i) => (
              <Table.Tr key={i}>
                {preview.columns.map((c) => (
                  <Table.Td key={c.name}>{row[c.name] == null ? '' : String(row[c.name])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
