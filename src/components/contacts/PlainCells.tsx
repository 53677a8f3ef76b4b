import type { ChangeEvent } from 'react';
import classes from './PlainCells.module.css';

/** Mantine's class for the checkbox's input element (Checkbox.css). */
export const CHECKBOX_INPUT = 'm_26063560';

/**
 * Mantine's checkbox, badge and anchor as plain elements, for cells of a virtual table: a fast scroll or a jump mounts
 * a whole window of rows in one frame, and a Mantine component per cell (styles API, ids, context reads) would be most
 * of that frame's work. The anchor is the same markup, classes and CSS variables as `Anchor` at its defaults; the
 * badge is one element with the classes and variables of `Badge`'s root, the checkbox one input with Mantine's input
 * class. `PlainCells.test.tsx` compares the markup with Mantine's and checks the classes the checkbox and badge rely
 * on are in Mantine's CSS, so an upgrade that changes either fails a test instead of the look.
 */

/**
 * A row's selection checkbox: one `<input>` where Mantine's `Checkbox` renders seven elements (a row that enters the
 * window is laid out, styled and painted element by element). It carries Mantine's checkbox input class, so it has
 * the same box, border, colours and focus ring; the check mark is a background (PlainCells.module.css).
 */
export function PlainCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      className={`mantine-focus-auto ${CHECKBOX_INPUT} mantine-Checkbox-input ${classes.check}`}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={onChange}
    />
  );
}

/**
 * Badge colours the contacts table uses: filled red and gray, light teal. Each is a class of PlainCells.module.css
 * named like the tone, with the variables Mantine's `Badge` sets inline on its root for that colour.
 */
export type PlainBadgeTone = 'red' | 'gray' | 'teal-light';

/**
 * A status badge as one element where Mantine's `Badge` renders two (a root and a label, each with `overflow: hidden`,
 * so each a paint layer and scrollable area in Chromium). It carries the root's class and variant, and a class with the
 * variables Mantine would set inline, so it has the root's size, padding, font, colours and radius; what the label
 * adds (one line, centred, ellipsis) is in PlainCells.module.css. The contacts e2e compares its box and text with a
 * Mantine `Badge` in the same browser.
 */
export function PlainBadge({ tone, children }: { tone: PlainBadgeTone; children: string }) {
  return (
    <span
      className={`m_347db0ec mantine-Badge-root ${classes.badge} ${classes[tone]}`}
      data-variant={tone === 'teal-light' ? 'light' : undefined}
    >
      {children}
    </span>
  );
}

/**
 * A link that looks like Mantine's `Anchor`. It is a plain `<a href>`: the table that holds it turns a plain click
 * into an in-app navigation (`inAppLink`), so no router hooks run per row.
 */
export function PlainAnchor({ href, children }: { href: string; children: string }) {
  return (
    <a
      className="mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root"
      data-underline="hover"
      data-in-app=""
      href={href}
    >
      {children}
    </a>
  );
}

/**
 * The in-app path of a click on a `PlainAnchor` that the app should handle itself (a plain left click, no modifier:
 * new tabs and windows keep the browser's behaviour), or null.
 */
export function inAppLink(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return null;
  const anchor = (event.target as Element | null)?.closest?.('a[data-in-app]');
  return anchor ? anchor.getAttribute('href') : null;
}
