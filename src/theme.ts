import { createTheme } from '@mantine/core';

/**
 * The options of a select scroll natively instead of in Mantine's ScrollArea. A ScrollArea's scrollbar listens to
 * `wheel` with `passive: false`, and a select's options stay mounted (hidden) while it is closed, so every page with a
 * select would have a blocking wheel listener: Chromium then sends each wheel event to the page's main thread and
 * waits for it before scrolling anything (a long table scrolls only as fast as the page can lay itself out). Native
 * overflow keeps wheel scrolling on the compositor. `tests/e2e/contacts.spec.ts` checks the contacts page has no such listener.
 */
const nativeOptions = { defaultProps: { withScrollArea: false }, styles: { dropdown: { maxHeight: 260, overflowY: 'auto' as const } } };

/**
 * Papers (and Cards, which are Papers) leave touch gestures to the browser. Mantine gives them `touch-action:
 * manipulation`; Chromium then registers every element inside as a touch-action target (its effective touch action is
 * no longer `auto`), keeps each one registered after it leaves the page, and sweeps them out in the next major garbage
 * collection. A long table scrolling inside a Paper mounts and drops thousands of cells a second, so that sweep would
 * lengthen every collection's pause while it scrolls. The viewport is `width=device-width`, so mobile browsers already
 * answer taps without the double-tap delay `manipulation` exists to remove.
 */
const paper = { styles: { root: { touchAction: 'auto' as const } } };

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
    Paper: paper,
  },
});
