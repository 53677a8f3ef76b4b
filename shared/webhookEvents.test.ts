import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { WEBHOOK_EVENT_TYPES } from './integrations.ts';

const contract = parse(readFileSync(new URL('../openapi/openapi.yaml', import.meta.url), 'utf8')) as {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
  components: { schemas: Record<string, { properties: { type: { const: string } } }> };
};

describe('webhook event types', () => {
  it('the contract webhooks section names exactly WEBHOOK_EVENT_TYPES', () => {
    expect(Object.keys(contract.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });

  it("each event's payload schema names its own type", () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const ref = contract.webhooks[type]!.post.requestBody.content['application/json']!.schema.$ref;
      const schema = contract.components.schemas[ref.replace('#/components/schemas/', '')]!;
      expect(schema.properties.type.const).toBe(type);
    }
  });
});
