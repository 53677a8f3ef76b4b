import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from './usePageTitle.ts';

/**
 * The page title as the page's heading. After an in-app navigation to another page (a new path; a changed query, such
 * as a table's filter, is the same page) focus moves to the heading, as a full page load would start reading there:
 * a screen reader announces the new page, and Tab continues from the top of its content. Focus stays where it is when
 * it is on something of the page's content that is still there (the tabs of an area, moved through with the arrow
 * keys); the first page loaded keeps the browser's focus.
 */
export function PageHeader() {
  const title = usePageTitle();
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const active = document.activeElement;
    const main = heading.current?.closest('main');
    if (active && active !== document.body && active.isConnected && main?.contains(active)) return;
    heading.current?.focus();
  }, [pathname]);
  return title ? (
    <Title order={1} size="h2" mb="lg" id="page-title" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
      {title}
    </Title>
  ) : null;
}
