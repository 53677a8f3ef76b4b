import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import type { ApiKey, ApiKeyFieldErrors, ApiKeyFormValues, ApiKeyInput, CreateOutcome } from './apiKeys.types.ts';

export const loadApiKeys = fromPromise<ApiKey[]>(async () => unwrap(await api.GET('/api-keys')));

/** The form's values as the contract's input: a trimmed name, no areas for every area, an ISO expiry or none. */
export function apiKeyBody(values: ApiKeyFormValues): ApiKeyInput {
  return {
    name: values.name.trim(),
    access: values.access,
    areas: values.areas.length ? values.areas : null,
    expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
  };
}

function fieldErrors(errors: Record<string, string>): ApiKeyFieldErrors {
  const out: ApiKeyFieldErrors = {};
  for (const [field, text] of Object.entries(errors)) {
    if (field === 'name') out.name = text === FIELD_TEXTS.nameRequired ? 'nameRequired' : 'invalid';
    else if (field === 'expiresAt') out.expiresAt = 'expiryPast';
    else if (field === 'areas' || field === 'access') out[field] = 'invalid';
  }
  return out;
}

/** Creates a key; a 422 comes back as field error codes, anything else but a 201 throws. */
export const createApiKey = fromPromise<CreateOutcome, ApiKeyFormValues>(async ({ input }) => {
  const result = await api.POST('/api-keys', { body: apiKeyBody(input) });
  if (result.response.status === 422) return { kind: 'rejected', errors: fieldErrors(firstFieldErrors(result.error)) };
  return { kind: 'created', key: unwrap(result) };
});

export const revokeApiKey = fromPromise<void, { keyId: number }>(async ({ input }) => {
  unwrap(await api.DELETE('/api-keys/{keyId}', { params: { path: input } }));
});
