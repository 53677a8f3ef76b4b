import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The options of a select scroll natively instead of in Mantine's ScrollArea. A ScrollArea's scrollbar listens to
 * `wheel` with `passive: false`, and a select's options stay mounted (hidden) while it is closed, so every page with a
 * select would have a blocking wheel listener: Chromium then sends each wheel event to the page's main thread and
 * waits for it before scrolling anything (a long table scrolls only as fast as the page can lay itself out). Native
 * overflow keeps wheel scrolling on the compositor. `tests/e2e/contacts.spec.ts` checks the contacts page has no such listener.
 */
const nativeOptions = {
  defaultProps: { withScrollArea: false },
  styles: { dropdown: { maxHeight: 260, overflowY: 'auto' as const } },
};

/**
 * Papers (and Cards, which are Papers) leave touch gestures to the browser. Mantine gives them `touch-action:
 * manipulation`; Chromium then registers every element inside as a touch-action target (its effective touch action is
 * no longer `auto`), keeps each one registered after it leaves the page, and sweeps them out in the next major garbage
 * collection. A long table scrolling inside a Paper mounts and drops thousands of cells a second, so that sweep would
 * lengthen every collection's pause while it scrolls. The viewport is `width=device-width`, so mobile browsers already
 * answer taps without the double-tap delay `manipulation` exists to remove.
 */
const paper = { styles: { root: { touchAction: 'auto' as const } } };

/** A Mantine palette with some shades replaced. */
function withShades(name: 'gray' | 'red' | 'teal' | 'yellow', shades: Record<number, string>): MantineColorsTuple {
  return DEFAULT_THEME.colors[name].map((shade, i) => shades[i] ?? shade) as unknown as MantineColorsTuple;
}

/**
 * Text meets WCAG 2.1 AA (4.5:1) on white and on the gray-0/gray-1 backgrounds (tests/e2e/accessibility.spec.ts runs
 * axe on every route). Filled colours, coloured text and links use shade 7: indigo-6 under white text gives 4.3:1,
 * indigo-7 5:1. Mantine's gray-6 (dimmed text) gives 3.3:1 on white: ours is halfway to gray-7. Red and teal move one
 * or two shades darker from 7 up (white on red-7 gives 3.8:1, on teal-7 3.1:1; teal-9 on the light teal 4.3:1), and
 * the light yellow alerts' title, yellow-9, is a darker amber (2.7:1 on yellow-1, ours 5:1).
 */
const colors = {
  gray: withShades('gray', { 6: '#686f76' }),
  red: withShades('red', { 7: '#e03131', 8: '#c92a2a' }),
  teal: withShades('teal', { 7: '#087f5b', 8: '#07704f', 9: '#066649' }),
  yellow: withShades('yellow', { 9: '#a35200' }),
};

/** Placeholders are text too: Mantine's gray-5 gives 2.1:1 on white, so they take the dimmed gray. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  colors,
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
