import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The options of a select scroll natively instead of in Mantine's ScrollArea. A ScrollArea's scrollbar listens to
 * `wheel` with `passive: false`, and a select's options stay mounted (hidden) while it is closed, so every page with a
 * select had a blocking wheel listener: Chromium then sent each wheel event to the page's main thread and waited for
 * it before scrolling anything (a long table scrolled only as fast as the page could lay itself out). Native overflow
 * keeps wheel scrolling on the compositor. `tests/e2e/contacts.spec.ts` checks the contacts page has no such listener.
 */
const nativeOptions = { defaultProps: { withScrollArea: false }, styles: { dropdown: { maxHeight: 260, overflowY: 'auto' as const } } };

/**
 * Papers (and Cards, which are Papers) leave touch gestures to the browser. Mantine gives them `touch-action:
 * manipulation`; Chromium then registers every element inside as a touch-action target (its effective touch action is
 * no longer `auto`), keeps each one registered after it leaves the page, and sweeps them out in the next major garbage
 * collection. A long table scrolling inside a Paper mounts and drops thousands of cells a second: that sweep was 38 %
 * of each collection's pause (5–7 ms of 15–26 ms) while scrolling the contacts. The viewport is `width=device-width`,
 * so mobile browsers already answer taps without the double-tap delay `manipulation` exists to remove.
 */
const paper = { styles: { root: { touchAction: 'auto' as const } } };

/**
 * Text meets WCAG 2.1 AA (4.5:1) on white and on the gray-0/gray-1 backgrounds (tests/e2e/accessibility.spec.ts runs
 * axe on every route). Mantine's gray-6, the dimmed text and the gray filled badges, gives 3.3:1 on white; this one is
 * halfway to gray-7. Filled colours and links use shade 7: indigo-6 under white text gives 4.3:1, indigo-7 5:1.
 */
const [g0, g1, g2, g3, g4, g5, , g7, g8, g9] = DEFAULT_THEME.colors.gray;
const gray: MantineColorsTuple = [g0, g1, g2, g3, g4, g5, '#686f76', g7, g8, g9];

/** Placeholders are text too: Mantine's gray-5 gives 2.1:1 on white, so they take the dimmed gray. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  colors: { gray },
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
