/**
 * What the browser walks of generated paths share (the session walk, the message wizard walk): API requests held by
 * `page.route` until a step releases them with its actor-output fixture, answers in the contract's shape, one UI
 * assertion per state looked up in a table, and the first step of a path the UI cannot make.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { test as base, expect, type Page, type Request, type Route } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageDescriptor } from 'react-intl';
import { activeLeafIds, type ModelEvent, type WalkedPath } from '../model/graph.ts';
import { createUser, loginThroughUi } from './fixtures.ts';

/** English UI text of a screen message (the walks run in English). */
export const text = (message: MessageDescriptor, values?: Record<string, unknown>) =>
  String(new IntlMessageFormat(String(message.defaultMessage), 'en').format(values));

/** Holds the requests `classify` names until a step takes them; `otherwise` answers every other matched request. */
export class HeldNetwork<Operation extends string> {
  private readonly held: Array<{ operation: Operation; route: Route }> = [];

  constructor(
    private readonly classify: (request: Request) => Operation | null,
    private readonly otherwise: (route: Route) => Promise<void>,
    private readonly pattern = '**/api/**',
  ) {}

  async install(page: Page): Promise<void> {
    // A request the app aborts (an actor stopped) is no longer waiting for an answer.
    page.on('requestfailed', (request) => {
      const index = this.held.findIndex((h) => h.route.request() === request);
      if (index >= 0) this.held.splice(index, 1);
    });
    await page.route(this.pattern, async (route) => {
      const operation = this.classify(route.request());
      if (operation) this.held.push({ operation, route });
      else await this.otherwise(route);
    });
  }

  async take(operation: Operation, timeoutMs = 10_000): Promise<Route> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.held.findIndex((h) => h.operation === operation);
      if (index >= 0) return this.held.splice(index, 1)[0]!.route;
      if (Date.now() > deadline) throw new Error(`no ${operation} request was made`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The operations still held: a request the path never answers is a request the model does not know about. */
  get waiting(): Operation[] {
    return this.held.map((h) => h.operation);
  }
}

/** A JSON answer (or an empty 204). */
export const respond = (route: Route, status: number, body?: unknown) =>
  status === 204
    ? route.fulfill({ status })
    : route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

export type StateAssertion<Context> = (page: Page, state: AnyMachineSnapshot, context: Context) => Promise<void>;

/** Runs the assertion of every active leaf state; a leaf without one fails the walk. */
export async function assertLeaves<Context>(
  table: Record<string, StateAssertion<Context>>,
  page: Page,
  state: AnyMachineSnapshot,
  context: Context,
): Promise<void> {
  for (const id of activeLeafIds(state)) {
    const check = table[id];
    if (!check) throw new Error(`no UI assertion for ${id}`);
    await check(page, state, context);
  }
}

export const stateOf = (s: AnyMachineSnapshot) => (typeof s.value === 'string' ? s.value : JSON.stringify(s.value));

/** The first step the UI cannot make, as `state --event: reason`, or null when every step has a gesture. */
export function firstUnrealizable(
  path: WalkedPath,
  unrealizable: (before: AnyMachineSnapshot, event: ModelEvent, index: number) => string | null,
): string | null {
  let before = path.initial;
  for (const [i, step] of path.steps.entries()) {
    const reason = unrealizable(before, step.event, i);
    if (reason) return `${stateOf(before)} --${step.event.type}: ${reason}`;
    before = step.state;
  }
  return null;
}

/**
 * The test of a walk whose paths all start signed in: one owner per worker logs in through the UI once, and each
 * test reuses the stored session (`name` keeps each walk's session file apart).
 */
export function signedInTest(name: string) {
  return base.extend<object, { workerStorageState: string }>({
    storageState: ({ workerStorageState }, use) => use(workerStorageState),
    workerStorageState: [
      async ({ browser }, use, workerInfo) => {
        const file = workerInfo.project.outputDir + `/${name}-session-${workerInfo.workerIndex}.json`;
        const page = await browser.newPage({ baseURL: workerInfo.project.use.baseURL });
        await loginThroughUi(page, await createUser());
        await expect(page).toHaveURL(/:\d+\/$/);
        await page.context().storageState({ path: file });
        await page.close();
        await use(file);
      },
      { scope: 'worker' },
    ],
  });
}

export { expect };
