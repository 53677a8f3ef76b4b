import { defineMessage, defineMessages } from 'react-intl';
import type { WorkflowStatus } from '../../machines/workflowEditor/workflowEditor.types.ts';

/** The Workflow Manager (`/workflows/{section}`). */
export const managerMessages = defineMessages({
  title: { id: 'screen.workflows.manager.title', defaultMessage: 'Workflows' },
  sections: { id: 'screen.workflows.manager.sections', defaultMessage: 'Workflow sections' },
  all: { id: 'screen.workflows.manager.all', defaultMessage: 'All' },
  active: { id: 'screen.workflows.manager.active', defaultMessage: 'Active' },
  paused: { id: 'screen.workflows.manager.paused', defaultMessage: 'Paused' },
  drafts: { id: 'screen.workflows.manager.drafts', defaultMessage: 'Drafts' },
  archived: { id: 'screen.workflows.manager.archived', defaultMessage: 'Archived' },
  templates: { id: 'screen.workflows.manager.templates', defaultMessage: 'Templates' },
  search: { id: 'screen.workflows.manager.search', defaultMessage: 'Search workflows' },
  create: { id: 'screen.workflows.manager.create', defaultMessage: 'New workflow' },
  name: { id: 'screen.workflows.manager.name', defaultMessage: 'Name' },
  status: { id: 'screen.workflows.manager.status', defaultMessage: 'Status' },
  trigger: { id: 'screen.workflows.manager.trigger', defaultMessage: 'Trigger' },
  inProgress: { id: 'screen.workflows.manager.inProgress', defaultMessage: 'In progress' },
  finished: { id: 'screen.workflows.manager.finished', defaultMessage: 'Finished' },
  lastEdited: { id: 'screen.workflows.manager.lastEdited', defaultMessage: 'Last edited' },
  actions: { id: 'screen.workflows.manager.actions', defaultMessage: 'Actions' },
  rowActions: defineMessage<{ name: string }>({
    id: 'screen.workflows.manager.rowActions',
    defaultMessage: 'Actions for {name}',
  }),
  noTrigger: { id: 'screen.workflows.manager.noTrigger', defaultMessage: 'No trigger yet' },
  empty: { id: 'screen.workflows.manager.empty', defaultMessage: 'No workflows here yet.' },
  emptySearch: { id: 'screen.workflows.manager.emptySearch', defaultMessage: 'No workflow matches this search.' },
  loadFailed: { id: 'screen.workflows.manager.loadFailed', defaultMessage: 'The workflows could not be loaded.' },
  retry: { id: 'screen.workflows.manager.retry', defaultMessage: 'Try again' },
  actionFailed: { id: 'screen.workflows.manager.actionFailed', defaultMessage: 'That did not work. Try again.' },
  duplicate: { id: 'screen.workflows.manager.duplicate', defaultMessage: 'Duplicate' },
  pause: { id: 'screen.workflows.manager.pause', defaultMessage: 'Pause' },
  resume: { id: 'screen.workflows.manager.resume', defaultMessage: 'Resume' },
  archive: { id: 'screen.workflows.manager.archive', defaultMessage: 'Archive' },
  delete: { id: 'screen.workflows.manager.delete', defaultMessage: 'Delete' },
  cancel: { id: 'screen.workflows.manager.cancel', defaultMessage: 'Cancel' },
  archiveTitle: { id: 'screen.workflows.manager.archiveTitle', defaultMessage: 'Archive this workflow?' },
  archiveText: {
    id: 'screen.workflows.manager.archiveText',
    defaultMessage: 'Contacts still in it leave it now, and it starts no new runs. Its history stays.',
  },
  deleteTitle: { id: 'screen.workflows.manager.deleteTitle', defaultMessage: 'Delete this workflow?' },
  deleteText: {
    id: 'screen.workflows.manager.deleteText',
    defaultMessage: 'The workflow and its run history are removed for good.',
  },
  createTitle: { id: 'screen.workflows.manager.createTitle', defaultMessage: 'New workflow' },
  startFrom: { id: 'screen.workflows.manager.startFrom', defaultMessage: 'Start from' },
  blank: { id: 'screen.workflows.manager.blank', defaultMessage: 'A blank canvas' },
  createSubmit: { id: 'screen.workflows.manager.createSubmit', defaultMessage: 'Create and open' },
  nameRequired: { id: 'screen.workflows.manager.nameRequired', defaultMessage: 'Give the workflow a name.' },
  createFailed: { id: 'screen.workflows.manager.createFailed', defaultMessage: 'The workflow could not be created.' },
  useTemplate: { id: 'screen.workflows.manager.useTemplate', defaultMessage: 'Use this template' },
  previous: { id: 'screen.workflows.manager.previous', defaultMessage: 'Previous page' },
  next: { id: 'screen.workflows.manager.next', defaultMessage: 'Next page' },
  pageOf: defineMessage<{ page: number; pages: number }>({
    id: 'screen.workflows.manager.pageOf',
    defaultMessage: 'Page {page} of {pages}',
  }),
});

export const statusMessages = defineMessages({
  draft: { id: 'screen.workflows.status.draft', defaultMessage: 'Draft' },
  active: { id: 'screen.workflows.status.active', defaultMessage: 'Active' },
  paused: { id: 'screen.workflows.status.paused', defaultMessage: 'Paused' },
  archived: { id: 'screen.workflows.status.archived', defaultMessage: 'Archived' },
} satisfies Record<WorkflowStatus, unknown>);

/** Template categories (the nested `templates/…` sections) and the templates in each. */
export const templateCategoryMessages = defineMessages({
  onboarding: { id: 'screen.workflows.category.onboarding', defaultMessage: 'Onboarding' },
  dates: { id: 'screen.workflows.category.dates', defaultMessage: 'Dates and anniversaries' },
  retention: { id: 'screen.workflows.category.retention', defaultMessage: 'Retention' },
  ecommerce: { id: 'screen.workflows.category.ecommerce', defaultMessage: 'E-commerce' },
});

export const templateMessages = defineMessages({
  welcomeSeries: { id: 'screen.workflows.template.welcomeSeries', defaultMessage: 'Welcome series' },
  welcomeSeriesText: {
    id: 'screen.workflows.template.welcomeSeriesText',
    defaultMessage: 'When a contact joins a list: a welcome email, a wait, and a follow-up for those who clicked.',
  },
  birthday: { id: 'screen.workflows.template.birthday', defaultMessage: 'Birthday' },
  birthdayText: {
    id: 'screen.workflows.template.birthdayText',
    defaultMessage: "On each contact's birthday, a greeting email.",
  },
  reEngagement: { id: 'screen.workflows.template.reEngagement', defaultMessage: 'Re-engagement' },
  reEngagementText: {
    id: 'screen.workflows.template.reEngagementText',
    defaultMessage: 'Contacts who stopped opening get a reminder; those who still do not open leave the list.',
  },
  abandonedCart: { id: 'screen.workflows.template.abandonedCart', defaultMessage: 'Abandoned cart' },
  abandonedCartText: {
    id: 'screen.workflows.template.abandonedCartText',
    defaultMessage: 'A custom "cart abandoned" event from your shop starts a reminder an hour later.',
  },
});
