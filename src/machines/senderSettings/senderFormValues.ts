import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { WARMUP } from '../../../shared/messaging.ts';
import { SENDER_TEXTS } from '../../../shared/senders.ts';
import type {
  Sender,
  SenderFieldError,
  SenderFieldErrors,
  SenderFormField,
  SenderFormValues,
  SenderInput,
} from './senderSettings.types.ts';

/** The form's values for a sender, or a new one's (warm-up off, with the spec's advised quota and increase). */
export function formValuesOf(sender: Sender | null): SenderFormValues {
  return {
    name: sender?.name ?? '',
    address: sender?.address ?? '',
    replyTo: sender?.replyTo ?? '',
    relayUrl: '',
    ratePerMinute: sender?.ratePerMinute ?? '',
    warmupEnabled: sender?.warmup.enabled ?? false,
    warmupStartedOn: sender?.warmup.startedOn ?? '',
    warmupInitial: sender?.warmup.initial ?? WARMUP.initialQuota,
    warmupIncreasePct: sender?.warmup.increasePct ?? WARMUP.dailyIncreasePct,
  };
}

/** The server's field texts this form knows, as codes; any other message of the contract is "not valid". */
export function fieldCode(message: string): SenderFieldError {
  if (message === SENDER_TEXTS.addressTaken) return 'addressTaken';
  if (message === FIELD_TEXTS.nameRequired || / is required$/.test(message)) return 'required';
  return 'invalid';
}

const toNumber = (value: number | '') => (value === '' ? null : value);

/** The request body of the form's values; an empty relay on edit is left out, so the stored one stays. */
export function senderBody(values: SenderFormValues, editing: boolean): SenderInput {
  return {
    name: values.name,
    address: values.address,
    replyTo: values.replyTo.trim() || null,
    ...(values.relayUrl.trim() || !editing ? { relayUrl: values.relayUrl.trim() || null } : {}),
    ratePerMinute: toNumber(values.ratePerMinute),
    warmup: {
      enabled: values.warmupEnabled,
      startedOn: values.warmupStartedOn || null,
      // An emptied number goes as 0, so the contract's minimum answers it on its field.
      initial: toNumber(values.warmupInitial) ?? 0,
      increasePct: toNumber(values.warmupIncreasePct) ?? -1,
    },
  };
}

/** The contract's field names (a 422's keys) as the form's fields; any other goes to `form`. */
const FORM_FIELDS: Record<string, SenderFormField> = {
  name: 'name',
  address: 'address',
  replyTo: 'replyTo',
  relayUrl: 'relayUrl',
  ratePerMinute: 'ratePerMinute',
  'warmup.enabled': 'warmupEnabled',
  'warmup.startedOn': 'warmupStartedOn',
  'warmup.initial': 'warmupInitial',
  'warmup.increasePct': 'warmupIncreasePct',
};

/** A 422's first message per field, as codes on the form's fields. */
export function formFieldErrors(errors: Record<string, string>): SenderFieldErrors {
  const out: SenderFieldErrors = {};
  for (const [field, message] of Object.entries(errors)) out[FORM_FIELDS[field] ?? 'form'] = fieldCode(message);
  return out;
}
