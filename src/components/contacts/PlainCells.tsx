import type { ChangeEvent, CSSProperties } from 'react';

/**
 * Mantine's checkbox, badge and anchor as the plain elements they render, for cells of a virtual table: a fast scroll
 * or a jump mounts some 30 rows in one frame, and a Mantine component per cell (styles API, ids, context reads) was
 * most of that frame. Same markup, classes and CSS variables as `Checkbox`, `Badge` and `Anchor` at their defaults, so
 * the rows look and behave the same; `PlainCells.test.tsx` renders both and compares them, so a Mantine upgrade that
 * changes the markup fails a test instead of the look.
 */

const CHECK_PATH =
  'M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z';
const CHECKBOX_VARS = { '--checkbox-radius': 'var(--mantine-radius-sm)', '--checkbox-color': 'var(--mantine-color-blue-filled)' } as CSSProperties;

export function PlainCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <div
      style={CHECKBOX_VARS}
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-variant="filled"
      data-label-position="right"
      data-checked={checked || undefined}
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input className="mantine-focus-auto m_26063560 mantine-Checkbox-input" data-with-error-styles="true" aria-label={label} type="checkbox" checked={checked} onChange={onChange} />
          <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className="m_bf295423 mantine-Checkbox-icon">
            <path d={CHECK_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper" />
      </div>
    </div>
  );
}

/** Badge colours the contacts table uses: filled red and gray, light teal. */
export type PlainBadgeTone = 'red' | 'gray' | 'teal-light';

const badgeVars = (bg: string, color: string) =>
  ({ '--badge-bg': bg, '--badge-color': color, '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent' }) as CSSProperties;

const BADGE_VARS: Record<PlainBadgeTone, CSSProperties> = {
  red: badgeVars('var(--mantine-color-red-filled)', 'var(--mantine-color-white)'),
  gray: badgeVars('var(--mantine-color-gray-filled)', 'var(--mantine-color-white)'),
  'teal-light': badgeVars('var(--mantine-color-teal-light)', 'var(--mantine-color-teal-light-color)'),
};

export function PlainBadge({ tone, children }: { tone: PlainBadgeTone; children: string }) {
  return (
    <div style={BADGE_VARS[tone]} className="m_347db0ec mantine-Badge-root" data-variant={tone === 'teal-light' ? 'light' : undefined}>
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </div>
  );
}

/**
 * A link that looks like Mantine's `Anchor`. It is a plain `<a href>`: the table that holds it turns a plain click
 * into an in-app navigation (`inAppLink`), so no router hooks run per row.
 */
export function PlainAnchor({ href, children }: { href: string; children: string }) {
  return (
    <a className="mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root" data-underline="hover" data-in-app="" href={href}>
      {children}
    </a>
  );
}

/**
 * The in-app path of a click on a `PlainAnchor` that the app should handle itself (a plain left click, no modifier:
 * new tabs and windows keep the browser's behaviour), or null.
 */
export function inAppLink(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean; target: EventTarget | null }): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[data-in-app]');
  return anchor ? anchor.getAttribute('href') : null;
}
