// Types shared by the API keys machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';

export type ApiKey = components['schemas']['ApiKey'];
export type CreatedApiKey = components['schemas']['CreatedApiKey'];
export type ApiKeyInput = components['schemas']['ApiKeyInput'];
export type ApiKeyAccess = ApiKeyInput['access'];
export type ApiKeyArea = NonNullable<ApiKeyInput['areas']>[number];

/** The create form as its inputs hold it; an empty expiry means never, no areas means every area. */
export interface ApiKeyFormValues {
  name: string;
  access: ApiKeyAccess;
  areas: ApiKeyArea[];
  expiresAt: string;
}
export type ApiKeyFormField = keyof ApiKeyFormValues;

/** A 422's field errors as codes the screen translates. */
export type ApiKeyFieldError = 'nameRequired' | 'expiryPast' | 'invalid';
export type ApiKeyFieldErrors = Partial<Record<ApiKeyFormField, ApiKeyFieldError>>;

export type CreateOutcome = { kind: 'created'; key: CreatedApiKey } | { kind: 'rejected'; errors: ApiKeyFieldErrors };

export type ApiKeysError = 'loadFailed' | 'createFailed' | 'revokeFailed';
export type ApiKeysNotice = 'revoked';

export interface ApiKeysContext {
  keys: ApiKey[];
  values: ApiKeyFormValues;
  fieldErrors: ApiKeyFieldErrors;
  /** The key just created, with its secret: held only while the secret is shown. */
  created: CreatedApiKey | null;
  /** The key a revoke confirmation is about. */
  targetId: number | null;
  notice: ApiKeysNotice | null;
  error: ApiKeysError | null;
}

export type ApiKeysEvent =
  | { type: 'keys.retry' }
  | { type: 'key.add' }
  | { type: 'form.change'; field: ApiKeyFormField; value: ApiKeyFormValues[ApiKeyFormField] }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'secret.done' }
  | { type: 'key.revoke'; keyId: number }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' }
  | { type: 'notice.dismiss' };
