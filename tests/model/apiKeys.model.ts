import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as apiKeysActors from '../../src/machines/apiKeys/apiKeys.actors.ts';
import {
  apiKeysMachine,
  type ApiKey,
  type ApiKeysEvent,
  type CreateOutcome,
} from '../../src/machines/apiKeys/apiKeys.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const key: ApiKey = {
  id: 4,
  name: 'Shop sync',
  prefix: 'mk_3f9a1c2b',
  access: 'full',
  areas: ['contacts'],
  status: 'active',
  expiresAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  createdBy: { id: '00000000-0000-4000-8000-000000000001', name: 'Ada Lovelace' },
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
};

export const apiKeysEventFixtures = {
  'keys.retry': [{ type: 'keys.retry' }],
  'key.add': [{ type: 'key.add' }],
  'form.change': [{ type: 'form.change', field: 'name', value: 'Shop sync' }],
  'form.submit': [{ type: 'form.submit' }],
  'form.cancel': [{ type: 'form.cancel' }],
  'secret.done': [{ type: 'secret.done' }],
  'key.revoke': [{ type: 'key.revoke', keyId: 4 }],
  'revoke.confirm': [{ type: 'revoke.confirm' }],
  'revoke.cancel': [{ type: 'revoke.cancel' }],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
} satisfies { [K in ApiKeysEvent['type']]: Array<Extract<ApiKeysEvent, { type: K }>> };

export const apiKeysOutputFixtures = {
  loadApiKeys: { loaded: [key] },
  createApiKey: {
    created: { kind: 'created', key: { ...key, secret: 'mk_3f9a1c2b_' + 'a'.repeat(43) } },
    rejected: { kind: 'rejected', errors: { name: 'nameRequired' } },
  } satisfies { [K in CreateOutcome['kind']]: Extract<CreateOutcome, { kind: K }> },
  revokeApiKey: { revoked: undefined },
} satisfies { [K in keyof typeof apiKeysActors]?: Record<string, OutputFrom<(typeof apiKeysActors)[K]>> };

const o = apiKeysOutputFixtures;

export const apiKeysModel: MachineModel<undefined> = {
  name: 'apiKeys',
  machine: apiKeysMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(apiKeysEventFixtures).flat(),
    done('loadApiKeys', o.loadApiKeys.loaded, 'loaded'),
    failed('loadApiKeys'),
    done('createApiKey', o.createApiKey.created, 'created'),
    done('createApiKey', o.createApiKey.rejected, 'rejected'),
    failed('createApiKey'),
    done('revokeApiKey', o.revokeApiKey.revoked, 'revoked'),
    failed('revokeApiKey'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      notice: s.context.notice,
      error: s.context.error,
      secret: s.context.created !== null,
      fieldErrors: Object.keys(s.context.fieldErrors as object).filter((k) => s.context.fieldErrors[k]),
    }),
};
