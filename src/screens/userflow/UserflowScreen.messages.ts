import { defineMessage, defineMessages } from 'react-intl';

/** Texts of `/userflow` (the models list). */
export const userflowText = {
  ...defineMessages({
    intro: {
      id: 'screen.userflow.list.intro',
      defaultMessage:
        'Models learn from your own data which contacts are likely to do something, or how much they will spend, and ' +
        'write a score on each contact that segments and workflows can use.',
    },
    loading: { id: 'screen.userflow.list.loading', defaultMessage: 'Loading the models…' },
    loadFailed: { id: 'screen.userflow.list.loadFailed', defaultMessage: 'The models could not be loaded.' },
    emptyTitle: { id: 'screen.userflow.list.emptyTitle', defaultMessage: 'No predictive models yet' },
    emptyText: {
      id: 'screen.userflow.list.emptyText',
      defaultMessage:
        'A model answers a question about your contacts, such as “who will buy in the next 30 days?” or “how much ' +
        'will each contact spend in the next 90 days?”. You connect a data source, choose the column to predict, and ' +
        'Missiva trains the model, shows how good it is on data it never saw, and scores your contacts.',
    },
    create: { id: 'screen.userflow.list.create', defaultMessage: 'New model' },
    untitled: { id: 'screen.userflow.list.untitled', defaultMessage: 'Untitled model' },
    createFailed: { id: 'screen.userflow.list.createFailed', defaultMessage: 'The model could not be created.' },
    actionFailed: { id: 'screen.userflow.list.actionFailed', defaultMessage: 'The change could not be made.' },
    deleteFailed: { id: 'screen.userflow.list.deleteFailed', defaultMessage: 'The model could not be deleted.' },
    tracker: { id: 'screen.userflow.list.tracker', defaultMessage: 'Website tracker' },
    predictions: { id: 'screen.userflow.list.predictions', defaultMessage: 'Predictions' },
    caption: { id: 'screen.userflow.list.caption', defaultMessage: 'Predictive models' },
    name: { id: 'screen.userflow.list.name', defaultMessage: 'Model' },
    status: { id: 'screen.userflow.list.status', defaultMessage: 'Status' },
    lastRun: { id: 'screen.userflow.list.lastRun', defaultMessage: 'Last run' },
    quality: { id: 'screen.userflow.list.quality', defaultMessage: 'Quality' },
    nextRun: { id: 'screen.userflow.list.nextRun', defaultMessage: 'Next run' },
    actions: { id: 'screen.userflow.list.actions', defaultMessage: 'Actions' },
    never: { id: 'screen.userflow.list.never', defaultMessage: 'Never' },
    none: { id: 'screen.userflow.list.none', defaultMessage: '—' },
    manualRun: { id: 'screen.userflow.list.manualRun', defaultMessage: 'When run by hand' },
    realtimeRun: { id: 'screen.userflow.list.realtimeRun', defaultMessage: 'When new data arrives' },
    pause: { id: 'screen.userflow.list.pause', defaultMessage: 'Pause' },
    resume: { id: 'screen.userflow.list.resume', defaultMessage: 'Resume' },
    retrain: { id: 'screen.userflow.list.retrain', defaultMessage: 'Retrain' },
    delete: { id: 'screen.userflow.list.delete', defaultMessage: 'Delete' },
    deleteTitle: { id: 'screen.userflow.list.deleteTitle', defaultMessage: 'Delete this model?' },
    deleteConfirm: { id: 'screen.userflow.list.deleteConfirm', defaultMessage: 'Delete the model' },
    'status.draft': { id: 'screen.userflow.list.status.draft', defaultMessage: 'Draft' },
    'status.training': { id: 'screen.userflow.list.status.training', defaultMessage: 'Training' },
    'status.ready': { id: 'screen.userflow.list.status.ready', defaultMessage: 'Trained' },
    'status.active': { id: 'screen.userflow.list.status.active', defaultMessage: 'Active' },
    'status.paused': { id: 'screen.userflow.list.status.paused', defaultMessage: 'Paused' },
    'status.failed': { id: 'screen.userflow.list.status.failed', defaultMessage: 'Failed' },
  }),
  deleteText: defineMessage<{ name: string }>({
    id: 'screen.userflow.list.deleteText',
    defaultMessage: '“{name}”, its versions, runs and scores will be deleted. This cannot be undone.',
  }),
  trainingPercent: defineMessage<{ percent: number }>({
    id: 'screen.userflow.list.trainingPercent',
    defaultMessage: 'Training {percent, number, ::percent}',
  }),
  auc: defineMessage<{ value: number }>({ id: 'screen.userflow.list.auc', defaultMessage: 'AUC {value}' }),
  r2: defineMessage<{ value: number }>({ id: 'screen.userflow.list.r2', defaultMessage: 'R² {value}' }),
  actionsFor: defineMessage<{ name: string }>({
    id: 'screen.userflow.list.actionsFor',
    defaultMessage: 'Actions for {name}',
  }),
};
