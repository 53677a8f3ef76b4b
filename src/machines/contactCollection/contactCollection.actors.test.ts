import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { deleted, written } from './contactCollection.actors.ts';

/** An openapi-fetch result with this status and error body. */
const answer = (status: number, error?: unknown) => ({ error, response: new Response(null, { status }) });
const invalid = (errors: Record<string, string[]>) => ({
  code: 'validation_error',
  message: 'Error creating this attribute.',
  errors,
});
const toItem = (data: { id: number; name: string }) => data;

describe('contact collection answers', () => {
  it('names a blank name and a category without options; any other refusal is invalid', () => {
    expect(written(answer(422, invalid({ name: ['Please provide a name'] })), toItem)).toEqual({
      kind: 'rejected',
      reason: 'nameRequired',
    });
    expect(written(answer(422, invalid({ options: ['Option is required'] })), toItem)).toEqual({
      kind: 'rejected',
      reason: 'optionRequired',
    });
    expect(written(answer(422, invalid({ options: ['Options must be different'] })), toItem)).toEqual({
      kind: 'rejected',
      reason: 'invalid',
    });
    expect(written(answer(409, invalid({ name: ['An attribute with this name already exists'] })), toItem)).toEqual({
      kind: 'rejected',
      reason: 'invalid',
    });
    expect(written({ data: { id: 1, name: 'Plan' }, response: new Response(null, { status: 201 }) }, toItem)).toEqual({
      kind: 'saved',
      item: { id: 1, name: 'Plan' },
    });
    expect(() => written(answer(500, { code: 'internal', message: 'x' }), toItem)).toThrow(ApiError);
  });

  it("takes a 409 on delete as 'not empty' only where the collection says so (folders)", () => {
    const conflict = answer(409, { code: 'conflict', message: 'A folder that is not empty cannot be deleted' });
    expect(deleted(conflict, true)).toEqual({ kind: 'rejected', reason: 'notEmpty' });
    expect(() => deleted(conflict)).toThrow(ApiError);
    expect(deleted(answer(204))).toEqual({ kind: 'deleted' });
  });
});
