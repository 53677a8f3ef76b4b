import { Paper } from '@mantine/core';
import { useClickOutside, useDisclosure, useHotkeys } from '@mantine/hooks';
import { useId, type ReactNode } from 'react';

export interface DisclosureProps {
  /** Renders the toggle button; spread the given props onto it. */
  trigger: (props: { 'aria-expanded': boolean; 'aria-controls': string; onClick: () => void }) => ReactNode;
  children: (close: () => void) => ReactNode;
  width?: number;
}

/**
 * A button that shows a panel below it (disclosure pattern): Escape or a click outside closes it. Lighter than a
 * floating menu, and keyboard order stays the reading order.
 */
export function Disclosure({ trigger, children, width = 280 }: DisclosureProps) {
  const id = useId();
  const [opened, { toggle, close }] = useDisclosure(false);
  const ref = useClickOutside<HTMLDivElement>(close);
  useHotkeys([['Escape', close]], [], true);
  return (
    <div ref={ref} style={{ position: 'relative' }}>
      {trigger({ 'aria-expanded': opened, 'aria-controls': id, onClick: toggle })}
      <Paper
        id={id}
        hidden={!opened}
        // Paper's class sets `display`, which overrides the `hidden` attribute: an empty panel showed under the button.
        display={opened ? undefined : 'none'}
        withBorder
        shadow="md"
        p="sm"
        w={width}
        style={{ position: 'absolute', right: 0, top: 'calc(100% + 6px)', zIndex: 300 }}
      >
        {opened ? children(close) : null}
      </Paper>
    </div>
  );
}
