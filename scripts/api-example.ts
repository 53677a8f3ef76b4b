// Prints the newest replies to your campaigns from one address, each with the contact it came from.
import createClient from 'openapi-fetch';
import type { paths } from '../shared/contract/schema.d.ts';

const api = createClient<paths>({
  baseUrl: `${process.env.MISSIVA_URL}/api`,
  headers: { Authorization: `Bearer ${process.env.MISSIVA_API_KEY}` },
});

const list = await api.GET('/incoming-messages', {
  params: { query: { q: 'giulia@example.org', perPage: 10 } },
});
if (list.error) throw new Error(`${list.response.status} ${list.error.code}: ${list.error.message}`);

for (const reply of list.data) {
  const contact = reply.contactId
    ? (await api.GET('/contacts/{contactId}', { params: { path: { contactId: reply.contactId } } })).data
    : undefined;
  console.log(JSON.stringify({ subject: reply.subject, from: reply.from, contact: contact?.firstName ?? null }));
}
