/** Types of js-yaml 4 (the package ships none): the parts the contract's reader uses. */
declare module 'js-yaml' {
  export const CORE_SCHEMA: unknown;
  export function load(text: string, options?: { schema?: unknown; filename?: string }): unknown;
}
