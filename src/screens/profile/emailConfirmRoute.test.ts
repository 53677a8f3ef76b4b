import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes, type RouteHandle } from '../../routes.tsx';

describe('the email confirmation route', () => {
  it('is titled Confirm email, uses the clean layout and sits outside both sign-in gates', () => {
    const matches = matchRoutes(routes, '/account/email/confirm?token=abc') ?? [];
    const handles = matches.map((m) => (m.route.handle ?? {}) as RouteHandle);
    expect(handles.at(-1)?.title?.defaultMessage).toBe('Confirm email');
    expect(handles.find((h) => h.layout)?.layout).toBe('clean');
    expect(handles.some((h) => h.auth !== undefined)).toBe(false);
    expect(matches.at(-1)?.route.lazy).toBeTypeOf('function');
  });
});
