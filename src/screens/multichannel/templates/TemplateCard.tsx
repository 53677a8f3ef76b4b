import { ActionIcon, Anchor, Box, Card, Group, Menu, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { TemplateSummary } from '../../../machines/templateLibrary/templateLibrary.machine.ts';
import { IfCan } from '../../shared/Permitted.tsx';
import { templatesMessages as m } from './templates.messages.ts';

/** The thumbnail is the compiled HTML drawn at 600 px in a sandboxed iframe and scaled down with CSS. */
const THUMB_SCALE = 0.4;
const THUMB = { width: 600, height: 450 };

interface TemplateCardProps {
  template: TemplateSummary;
  onDuplicate: () => void;
  onRename: () => void;
  onDelete: () => void;
}

export function TemplateCard({ template, onDuplicate, onRename, onDelete }: TemplateCardProps) {
  const intl = useIntl();
  const updated = intl.formatDate(template.updatedAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card withBorder padding="sm" data-testid="template-card">
      <Card.Section>
        <Box
          h={THUMB.height * THUMB_SCALE}
          style={{ overflow: 'hidden', background: 'var(--mantine-color-gray-0)' }}
          aria-hidden="true"
        >
          {template.html ? (
            <iframe
              title={intl.formatMessage(m.thumbnail, { name: template.name })}
              srcDoc={template.html}
              sandbox=""
              loading="lazy"
              tabIndex={-1}
              style={{
                width: THUMB.width,
                height: THUMB.height,
                border: 0,
                transform: `scale(${THUMB_SCALE})`,
                transformOrigin: '0 0',
                pointerEvents: 'none',
                background: 'white',
              }}
            />
          ) : null}
        </Box>
      </Card.Section>
      <Group justify="space-between" mt="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`?template=${template.id}`} fw={600} truncate="end" display="block">
            {template.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {intl.formatMessage(m.updated, { date: updated })}
          </Text>
        </div>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={intl.formatMessage(m.actions, { name: template.name })}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={`?template=${template.id}`}>
              {intl.formatMessage(m.edit)}
            </Menu.Item>
            {/* Without messages:write the menu only opens the template (read-only for the role). */}
            <IfCan permission="messages:write">
              <Menu.Item onClick={onDuplicate}>{intl.formatMessage(m.duplicate)}</Menu.Item>
              <Menu.Item onClick={onRename}>{intl.formatMessage(m.rename)}</Menu.Item>
              <Menu.Item color="red" onClick={onDelete}>
                {intl.formatMessage(m.delete)}
              </Menu.Item>
            </IfCan>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}
