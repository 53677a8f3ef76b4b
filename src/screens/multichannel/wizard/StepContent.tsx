import { Badge, Button, Card, Image, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { wizardText as w } from './MessageWizard.messages.ts';
import { useWizardActor } from './wizardActor.ts';

/**
 * step-2: a template (list with thumbnails) or the current design, the embedded images and mirror link options, and a
 * preview of the saved content in a sandboxed frame (no script runs in it).
 */
export function StepContent() {
  const intl = useIntl();
  const actor = useWizardActor();
  const templates = useSelector(actor, (s) => s.context.options?.templates ?? []);
  const templateId = useSelector(actor, (s) => s.context.draft.templateId ?? null);
  const embedImages = useSelector(actor, (s) => s.context.draft.embedImages ?? false);
  const mirrorLink = useSelector(actor, (s) => s.context.draft.mirrorLink ?? true);
  const html = useSelector(actor, (s) => s.context.message?.html ?? null);
  const change = (patch: object) => actor.send({ type: 'field.change', patch });
  return (
    <Stack>
      <Title order={3} size="h4">
        {intl.formatMessage(w.templates)}
      </Title>
      <Text size="sm" c="dimmed">
        {intl.formatMessage(w.keepDesign)}
      </Text>
      {templates.length === 0 ? (
        <Text c="dimmed">{intl.formatMessage(w.noTemplates)}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
          {templates.map((t) => (
            <Card key={t.id} withBorder padding="sm" data-chosen={t.id === templateId || undefined}>
              <Card.Section>
                {t.thumbnail ? <Image src={t.thumbnail} alt="" h={120} fit="cover" /> : <div style={{ height: 120 }} />}
              </Card.Section>
              <Text fw={500} mt="xs" truncate>
                {t.name}
              </Text>
              {t.id === templateId ? (
                <Badge mt="xs">{intl.formatMessage(w.chosenTemplate)}</Badge>
              ) : (
                <Button mt="xs" size="xs" variant="light" onClick={() => change({ templateId: t.id })}>
                  {intl.formatMessage(w.useTemplate, { name: t.name })}
                </Button>
              )}
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Switch
        label={intl.formatMessage(w.embedImages)}
        description={intl.formatMessage(w.embedImagesHint)}
        checked={embedImages}
        onChange={(e) => change({ embedImages: e.currentTarget.checked })}
      />
      <Switch
        label={intl.formatMessage(w.mirrorLink)}
        checked={mirrorLink}
        onChange={(e) => change({ mirrorLink: e.currentTarget.checked })}
      />
      <Title order={3} size="h4">
        {intl.formatMessage(w.preview)}
      </Title>
      {html ? (
        <iframe
          title={intl.formatMessage(w.preview)}
          sandbox=""
          srcDoc={html}
          style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)' }}
        />
      ) : (
        <Text c="dimmed">{intl.formatMessage(w.noContent)}</Text>
      )}
    </Stack>
  );
}
