/** The Workflow Manager's sections: status filters, and template categories under `templates/`. */
export const STATUS_SECTIONS = ['all', 'active', 'paused', 'drafts', 'archived'] as const;

export const TEMPLATE_CATEGORIES = ['onboarding', 'dates', 'retention', 'ecommerce'] as const;

const TEMPLATES = {
  onboarding: ['welcomeSeries'],
  dates: ['birthday'],
  retention: ['reEngagement'],
  ecommerce: ['abandonedCart'],
} as const satisfies Record<(typeof TEMPLATE_CATEGORIES)[number], readonly string[]>;

export type WorkflowTemplate = (typeof TEMPLATES)[keyof typeof TEMPLATES][number];

export function templatesIn(category: string): readonly WorkflowTemplate[] {
  return (TEMPLATES as Record<string, readonly WorkflowTemplate[]>)[category] ?? [];
}

export const ALL_TEMPLATES: readonly WorkflowTemplate[] = Object.values(TEMPLATES).flat();
