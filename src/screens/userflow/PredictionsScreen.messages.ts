import { defineMessage, defineMessages } from 'react-intl';

/** Texts of `/userflow/predictions`. */
export const predictionsText = {
  ...defineMessages({
    intro: {
      id: 'screen.userflow.predictions.intro',
      defaultMessage: 'The scores each model wrote on your contacts, its runs and their downloads.',
    },
    loading: { id: 'screen.userflow.predictions.loading', defaultMessage: 'Loading the predictions…' },
    loadFailed: {
      id: 'screen.userflow.predictions.loadFailed',
      defaultMessage: 'The predictions could not be loaded.',
    },
    modelFailed: {
      id: 'screen.userflow.predictions.modelFailed',
      defaultMessage: 'This model’s predictions could not be loaded.',
    },
    runFailed: { id: 'screen.userflow.predictions.runFailed', defaultMessage: 'The run could not be started.' },
    segmentFailed: {
      id: 'screen.userflow.predictions.segmentFailed',
      defaultMessage: 'The segment could not be created.',
    },
    emptyTitle: { id: 'screen.userflow.predictions.emptyTitle', defaultMessage: 'No predictions yet' },
    emptyText: {
      id: 'screen.userflow.predictions.emptyText',
      defaultMessage: 'Predictions appear here once a model is trained and has run.',
    },
    toModels: { id: 'screen.userflow.predictions.toModels', defaultMessage: 'Go to the models' },
    model: { id: 'screen.userflow.predictions.model', defaultMessage: 'Model' },
    run: { id: 'screen.userflow.predictions.run', defaultMessage: 'Run now' },
    runs: { id: 'screen.userflow.predictions.runs', defaultMessage: 'Runs' },
    noRuns: { id: 'screen.userflow.predictions.noRuns', defaultMessage: 'This model has not run yet.' },
    started: { id: 'screen.userflow.predictions.started', defaultMessage: 'Started' },
    status: { id: 'screen.userflow.predictions.status', defaultMessage: 'Status' },
    rows: { id: 'screen.userflow.predictions.rows', defaultMessage: 'Rows' },
    matched: { id: 'screen.userflow.predictions.matched', defaultMessage: 'Contacts scored' },
    cleared: { id: 'screen.userflow.predictions.cleared', defaultMessage: 'Scores cleared' },
    incremental: {
      id: 'screen.userflow.predictions.incremental',
      defaultMessage: 'Changed rows only (no scores cleared)',
    },
    duration: { id: 'screen.userflow.predictions.duration', defaultMessage: 'Duration' },
    downloads: { id: 'screen.userflow.predictions.downloads', defaultMessage: 'Downloads (CSV)' },
    'runStatus.running': { id: 'screen.userflow.predictions.runStatus.running', defaultMessage: 'Running' },
    'runStatus.finished': { id: 'screen.userflow.predictions.runStatus.finished', defaultMessage: 'Finished' },
    'runStatus.failed': { id: 'screen.userflow.predictions.runStatus.failed', defaultMessage: 'Failed' },
    distribution: { id: 'screen.userflow.predictions.distribution', defaultMessage: 'Score distribution' },
    contacts: { id: 'screen.userflow.predictions.contacts', defaultMessage: 'Contacts' },
    top: { id: 'screen.userflow.predictions.top', defaultMessage: 'Top contacts by score' },
    contact: { id: 'screen.userflow.predictions.contact', defaultMessage: 'Contact' },
    score: { id: 'screen.userflow.predictions.score', defaultMessage: 'Score' },
    segmentTitle: { id: 'screen.userflow.predictions.segmentTitle', defaultMessage: 'Segment from the scores' },
    openSegments: { id: 'screen.userflow.predictions.openSegments', defaultMessage: 'Open the segments' },
  }),
  threshold: defineMessage<{ value: string }>({
    id: 'screen.userflow.predictions.threshold',
    defaultMessage: 'Scores above {value}',
  }),
  segmentCreate: defineMessage<{ value: string }>({
    id: 'screen.userflow.predictions.segmentCreate',
    defaultMessage: 'Create a segment from scores above {value}',
  }),
  segmentCreated: defineMessage<{ name: string }>({
    id: 'screen.userflow.predictions.segmentCreated',
    defaultMessage: 'Segment “{name}” created.',
  }),
  part: defineMessage<{ part: number; rows: number }>({
    id: 'screen.userflow.predictions.part',
    defaultMessage: 'Part {part} ({rows} rows)',
  }),
  seconds: defineMessage<{ value: number }>({
    id: 'screen.userflow.predictions.seconds',
    defaultMessage: '{value, number} s',
  }),
};
