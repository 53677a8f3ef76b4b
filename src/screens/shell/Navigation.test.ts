import { describe, expect, it } from 'vitest';
import { areasFor } from './Navigation.tsx';

describe('areasFor', () => {
  const paths = (role: Parameters<typeof areasFor>[0]) => areasFor(role).map((a) => a.to);

  it('shows Billing only to roles with billing:read', () => {
    expect(paths('owner')).toContain('/billing/channels');
    expect(paths('admin')).toContain('/billing/channels');
    expect(paths('editor')).not.toContain('/billing/channels');
    expect(paths('viewer')).not.toContain('/billing/channels');
  });

  it('opens Integrations on Api Keys for roles with apikeys:manage, on Webhooks for the others', () => {
    expect(paths('admin')).toContain('/integrations/apikeys');
    expect(paths('editor')).toContain('/integrations/webhooks');
    expect(paths('viewer')).not.toContain('/integrations/apikeys');
  });

  it('shows every other area to every role', () => {
    for (const role of ['owner', 'admin', 'editor', 'viewer'] as const) {
      expect(paths(role)).toEqual(expect.arrayContaining(['/', '/contacts', '/multichannel', '/account']));
    }
  });
});
