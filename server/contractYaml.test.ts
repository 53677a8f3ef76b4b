import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseContractYaml } from './contractYaml.ts';

it('reads the contract exactly as the yaml package does', () => {
  const text = readFileSync(new URL('../openapi/openapi.yaml', import.meta.url), 'utf8');
  expect(parseContractYaml(text)).toStrictEqual(parse(text));
});
