import { describe, expect, it } from 'vitest';
import { contactScope, renderMerge } from './liquid.ts';

const contact = {
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: null,
  phone_prefix: null,
  phone_number: null,
  country: 'IT',
  language: 'it',
  address: null,
  attributes: { '7': 'gold' },
};

describe('merge tags', () => {
  it('renders built-in fields, attributes by name and defaults', async () => {
    const scope = { contact: contactScope(contact, new Map([['7', 'tier']])), unsubscribe_url: 'u', mirror_url: 'm' };
    expect(await renderMerge('Hi {{ contact.first_name | default: "there" }} ({{ contact.tier }})', scope)).toBe(
      'Hi Ada (gold)',
    );
    const none = { ...scope, contact: contactScope({ ...contact, first_name: null }, new Map()) };
    expect(await renderMerge('Hi {{ contact.first_name | default: "there" }}', none)).toBe('Hi there');
  });

  it('reads no file and reaches no prototype', async () => {
    const scope = { contact: contactScope(contact, new Map()), unsubscribe_url: '', mirror_url: '' };
    await expect(renderMerge("{% include '/etc/passwd' %}", scope)).rejects.toThrow();
    expect(await renderMerge('{{ contact.constructor }}{{ contact.__proto__ }}', scope)).toBe('');
  });
});
