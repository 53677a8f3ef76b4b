import { createTheme } from '@mantine/core';

/**
 * The options of a select scroll natively instead of in Mantine's ScrollArea. A ScrollArea's scrollbar listens to
 * `wheel` with `passive: false`, and a select's options stay mounted (hidden) while it is closed, so every page with a
 * select had a blocking wheel listener: Chromium then sent each wheel event to the page's main thread and waited for
 * it before scrolling anything (a long table scrolled only as fast as the page could lay itself out). Native overflow
 * keeps wheel scrolling on the compositor. `tests/e2e/contacts.spec.ts` checks the contacts page has no such listener.
 */
const nativeOptions = { defaultProps: { withScrollArea: false }, styles: { dropdown: { maxHeight: 260, overflowY: 'auto' as const } } };

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // Plain objects rather than `Select.extend(…)`: the theme is in the first chunk every page loads, the selects are not.
    Select: nativeOptions,
    MultiSelect: nativeOptions,
    TagsInput: nativeOptions,
  },
});
