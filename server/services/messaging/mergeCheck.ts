import { LiquidError } from 'liquidjs';
import { CONTACT_MERGE_FIELDS, MESSAGE_MERGE_VARIABLES, liquid } from './liquid.ts';

/** A merge-tag problem, named by the tag and its line (1-based) so the editor can point at it. */
export interface MergeProblem {
  kind: 'syntax' | 'unknown';
  /** The tag as written (`contact.frist_name`), or the syntax error's text. */
  tag: string;
  line: number;
  column: number;
  message: string;
}

/**
 * Checks a template's merge tags before it is saved or sent: syntax errors, and variables that are neither a contact
 * field, a custom attribute of the company (by name), nor one of the message variables (`unsubscribe_url`, …).
 * Locals the template assigns itself (`assign`, `capture`, `for` loops) are allowed.
 */
export function checkMerge(source: string, attributeNames: Iterable<string>): MergeProblem[] {
  let template;
  try {
    template = liquid.parse(source);
  } catch (error) {
    return [syntaxProblem(error)];
  }
  const contactFields = new Set<string>([...CONTACT_MERGE_FIELDS, ...attributeNames]);
  const roots = new Set<string>(MESSAGE_MERGE_VARIABLES);
  const analysis = liquid.analyzeSync(template, { partials: false });
  const problems: MergeProblem[] = [];
  for (const variables of Object.values(analysis.globals)) {
    for (const variable of variables) {
      const [root, field] = variable.segments;
      const known =
        (root === 'contact' && (field === undefined || (typeof field === 'string' && contactFields.has(field)))) ||
        (typeof root === 'string' && roots.has(root));
      if (known) continue;
      const tag = variable.toString();
      problems.push({
        kind: 'unknown',
        tag,
        line: variable.location.row,
        column: variable.location.col,
        message: `Unknown merge tag {{ ${tag} }} on line ${variable.location.row}`,
      });
    }
  }
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

function syntaxProblem(error: unknown): MergeProblem {
  if (error instanceof LiquidError) {
    const [line = 1, column = 1] = error.token?.getPosition?.() ?? [];
    const text = error.message.replace(/, line:\d+, col:\d+$/, '');
    return { kind: 'syntax', tag: text, line, column, message: `${text} on line ${line}` };
  }
  return { kind: 'syntax', tag: String(error), line: 1, column: 1, message: String(error) };
}
