import { defineMessage, defineMessages } from 'react-intl';

/** Texts of the model wizard (`/userflow/models/{id}`). */
export const modelWizardText = {
  ...defineMessages({
    loading: { id: 'screen.userflow.wizard.loading', defaultMessage: 'Loading the model…' },
    loadFailed: { id: 'screen.userflow.wizard.loadFailed', defaultMessage: 'The model could not be loaded.' },
    untitled: { id: 'screen.userflow.wizard.untitled', defaultMessage: 'New model' },
    saving: { id: 'screen.userflow.wizard.saving', defaultMessage: 'Saving…' },
    saved: { id: 'screen.userflow.wizard.saved', defaultMessage: 'All changes saved' },
    unsaved: { id: 'screen.userflow.wizard.unsaved', defaultMessage: 'Unsaved changes' },
    saveFailed: { id: 'screen.userflow.wizard.saveFailed', defaultMessage: 'The draft could not be saved.' },
    retrySave: { id: 'screen.userflow.wizard.retrySave', defaultMessage: 'Save again' },
    invalid: {
      id: 'screen.userflow.wizard.invalid',
      defaultMessage: 'Not saved: some fields need correcting first.',
    },
    readOnly: {
      id: 'screen.userflow.wizard.readOnly',
      defaultMessage: 'You can look at this model but not change it: your role is read-only.',
    },
    next: { id: 'screen.userflow.wizard.next', defaultMessage: 'Next' },
    back: { id: 'screen.userflow.wizard.back', defaultMessage: 'Back' },
    toList: { id: 'screen.userflow.wizard.toList', defaultMessage: 'All models' },
    // step-0
    name: { id: 'screen.userflow.wizard.name', defaultMessage: 'Model name' },
    predictionType: { id: 'screen.userflow.wizard.predictionType', defaultMessage: 'What to predict' },
    probability: { id: 'screen.userflow.wizard.probability', defaultMessage: 'Probability' },
    probabilityHelp: {
      id: 'screen.userflow.wizard.probabilityHelp',
      defaultMessage: 'Will a contact do something? For example buy within 30 days, or churn.',
    },
    value: { id: 'screen.userflow.wizard.value', defaultMessage: 'Value' },
    valueHelp: {
      id: 'screen.userflow.wizard.valueHelp',
      defaultMessage: 'How much? For example the revenue of the next 90 days.',
    },
    question: { id: 'screen.userflow.wizard.question', defaultMessage: 'The question in words' },
    questionPlaceholder: {
      id: 'screen.userflow.wizard.questionPlaceholder',
      defaultMessage: 'Which contacts will buy in the next 30 days?',
    },
    // step-1
    sourcePick: { id: 'screen.userflow.wizard.sourcePick', defaultMessage: 'Data source' },
    sourcePickHelp: {
      id: 'screen.userflow.wizard.sourcePickHelp',
      defaultMessage: 'Where the rows to learn from come from: one row per person, with the column to predict.',
    },
    'source.api': { id: 'screen.userflow.wizard.source.api', defaultMessage: 'Rest API' },
    'source.file': { id: 'screen.userflow.wizard.source.file', defaultMessage: 'File upload' },
    'source.ga4': { id: 'screen.userflow.wizard.source.ga4', defaultMessage: 'Google Analytics 4' },
    'source.userflow': { id: 'screen.userflow.wizard.source.userflow', defaultMessage: 'UserFlow tracker events' },
    'source.postgres': { id: 'screen.userflow.wizard.source.postgres', defaultMessage: 'PostgreSQL' },
    'source.mysql': { id: 'screen.userflow.wizard.source.mysql', defaultMessage: 'MySQL' },
    'source.hubspot': { id: 'screen.userflow.wizard.source.hubspot', defaultMessage: 'HubSpot' },
    'source.plausible': { id: 'screen.userflow.wizard.source.plausible', defaultMessage: 'Plausible' },
    'source.matomo': { id: 'screen.userflow.wizard.source.matomo', defaultMessage: 'Matomo' },
    'source.brevo': { id: 'screen.userflow.wizard.source.brevo', defaultMessage: 'Brevo' },
    file: { id: 'screen.userflow.wizard.file', defaultMessage: 'CSV, XLS or XLSX file' },
    fileHelp: {
      id: 'screen.userflow.wizard.fileHelp',
      defaultMessage: 'The first row names the columns. The file is read as soon as it is chosen.',
    },
    test: { id: 'screen.userflow.wizard.test', defaultMessage: 'Test the connection' },
    testing: { id: 'screen.userflow.wizard.testing', defaultMessage: 'Connecting…' },
    testFailed: {
      id: 'screen.userflow.wizard.testFailed',
      defaultMessage: 'The source could not be reached. Check its settings and try again.',
    },
    previewCaption: { id: 'screen.userflow.wizard.previewCaption', defaultMessage: 'Preview of the source’s rows' },
    // step-2
    identity: { id: 'screen.userflow.wizard.identity', defaultMessage: 'Column that identifies the contact' },
    matchBy: { id: 'screen.userflow.wizard.matchBy', defaultMessage: 'Joined to contacts by' },
    matchEmail: { id: 'screen.userflow.wizard.matchEmail', defaultMessage: 'Email address' },
    matchExternal: { id: 'screen.userflow.wizard.matchExternal', defaultMessage: 'External id' },
    matchCheck: { id: 'screen.userflow.wizard.matchCheck', defaultMessage: 'Check the match rate' },
    matchFailed: { id: 'screen.userflow.wizard.matchFailed', defaultMessage: 'The match rate could not be checked.' },
    target: { id: 'screen.userflow.wizard.target', defaultMessage: 'Column to predict' },
    targetHelpProbability: {
      id: 'screen.userflow.wizard.targetHelpProbability',
      defaultMessage: 'Yes/no, 1/0 or true/false: whether the person did it.',
    },
    targetHelpValue: { id: 'screen.userflow.wizard.targetHelpValue', defaultMessage: 'A number: how much.' },
    targetKind: { id: 'screen.userflow.wizard.targetKind', defaultMessage: 'What defines the outcome' },
    targetKindColumn: { id: 'screen.userflow.wizard.targetKindColumn', defaultMessage: 'A column of the source' },
    targetKindEvent: { id: 'screen.userflow.wizard.targetKindEvent', defaultMessage: 'A website event' },
    targetSite: { id: 'screen.userflow.wizard.targetSite', defaultMessage: 'Tracker site' },
    targetSiteHelp: {
      id: 'screen.userflow.wizard.targetSiteHelp',
      defaultMessage: 'The site whose tracker records the event.',
    },
    targetNoSites: {
      id: 'screen.userflow.wizard.targetNoSites',
      defaultMessage: 'No site is tracked yet: add one on the Tracker page, then come back.',
    },
    targetToTracker: { id: 'screen.userflow.wizard.targetToTracker', defaultMessage: 'Open the Tracker page' },
    targetEventType: { id: 'screen.userflow.wizard.targetEventType', defaultMessage: 'The event' },
    targetPageView: { id: 'screen.userflow.wizard.targetPageView', defaultMessage: 'A page view (any page)' },
    targetCustomEvent: { id: 'screen.userflow.wizard.targetCustomEvent', defaultMessage: 'A custom event' },
    targetEventName: { id: 'screen.userflow.wizard.targetEventName', defaultMessage: 'Event name' },
    targetEventNameHelp: {
      id: 'screen.userflow.wizard.targetEventNameHelp',
      defaultMessage: 'The names this site has recorded are offered; a name not recorded yet works too.',
    },
    targetDays: { id: 'screen.userflow.wizard.targetDays', defaultMessage: 'Within how many days' },
    timeColumn: { id: 'screen.userflow.wizard.timeColumn', defaultMessage: 'Date of each row (optional)' },
    timeColumnHelp: {
      id: 'screen.userflow.wizard.timeColumnHelp',
      defaultMessage: 'With a date, the model is checked on the newest rows, as it will meet new data.',
    },
    features: { id: 'screen.userflow.wizard.features', defaultMessage: 'Features to learn from' },
    featuresHelp: {
      id: 'screen.userflow.wizard.featuresHelp',
      defaultMessage: 'Suggested from the source with their detected types. Turn off what should not be used.',
    },
    'type.number': { id: 'screen.userflow.wizard.type.number', defaultMessage: 'Number' },
    'type.category': { id: 'screen.userflow.wizard.type.category', defaultMessage: 'Category' },
    'type.date': { id: 'screen.userflow.wizard.type.date', defaultMessage: 'Date' },
    'type.text': { id: 'screen.userflow.wizard.type.text', defaultMessage: 'Text' },
    'type.boolean': { id: 'screen.userflow.wizard.type.boolean', defaultMessage: 'Yes/no' },
    column: { id: 'screen.userflow.wizard.column', defaultMessage: 'Column' },
    typeColumn: { id: 'screen.userflow.wizard.typeColumn', defaultMessage: 'Type' },
    // step-3
    train: { id: 'screen.userflow.wizard.train', defaultMessage: 'Train the model' },
    retrain: { id: 'screen.userflow.wizard.retrain', defaultMessage: 'Train again' },
    trainHelp: {
      id: 'screen.userflow.wizard.trainHelp',
      defaultMessage:
        'Part of the rows is held out: the figures below are measured on rows the model never saw, beside a naive ' +
        'baseline.',
    },
    training: { id: 'screen.userflow.wizard.training', defaultMessage: 'Training…' },
    trainFailed: {
      id: 'screen.userflow.wizard.trainFailed',
      defaultMessage: 'Training failed. Check the data and try again.',
    },
    notTrained: { id: 'screen.userflow.wizard.notTrained', defaultMessage: 'Not trained yet.' },
    metric: { id: 'screen.userflow.wizard.metric', defaultMessage: 'Measure' },
    model: { id: 'screen.userflow.wizard.model', defaultMessage: 'This model' },
    baseline: { id: 'screen.userflow.wizard.baseline', defaultMessage: 'Naive baseline' },
    auc: { id: 'screen.userflow.wizard.auc', defaultMessage: 'AUC' },
    precision: { id: 'screen.userflow.wizard.precision', defaultMessage: 'Precision' },
    recall: { id: 'screen.userflow.wizard.recall', defaultMessage: 'Recall' },
    mae: { id: 'screen.userflow.wizard.mae', defaultMessage: 'MAE' },
    rmse: { id: 'screen.userflow.wizard.rmse', defaultMessage: 'RMSE' },
    r2: { id: 'screen.userflow.wizard.r2', defaultMessage: 'R²' },
    calibration: { id: 'screen.userflow.wizard.calibration', defaultMessage: 'Calibration: predicted and observed' },
    predicted: { id: 'screen.userflow.wizard.predicted', defaultMessage: 'Predicted' },
    observed: { id: 'screen.userflow.wizard.observed', defaultMessage: 'Observed' },
    importances: { id: 'screen.userflow.wizard.importances', defaultMessage: 'Features that matter most' },
    importance: { id: 'screen.userflow.wizard.importance', defaultMessage: 'Importance' },
    // step-4
    runMode: { id: 'screen.userflow.wizard.runMode', defaultMessage: 'When the model runs' },
    'run.manual': { id: 'screen.userflow.wizard.run.manual', defaultMessage: 'Manually' },
    'run.realtime': { id: 'screen.userflow.wizard.run.realtime', defaultMessage: 'When new data arrives' },
    'run.scheduled': { id: 'screen.userflow.wizard.run.scheduled', defaultMessage: 'On a schedule' },
    attribute: { id: 'screen.userflow.wizard.attribute', defaultMessage: 'Contact attribute for the score' },
    attributeHelp: {
      id: 'screen.userflow.wizard.attributeHelp',
      defaultMessage: 'Segments and workflows can use the score under this name.',
    },
    finish: { id: 'screen.userflow.wizard.finish', defaultMessage: 'Finish' },
    splitTime: {
      id: 'screen.userflow.wizard.splitTime',
      defaultMessage: 'Validated on the newest rows, as the model will meet them.',
    },
    splitRandom: {
      id: 'screen.userflow.wizard.splitRandom',
      defaultMessage: 'Validated on rows set aside at random (the source has no time column).',
    },
    sampled: {
      id: 'screen.userflow.wizard.sampled',
      defaultMessage: 'The source has more rows than training reads: a random sample of them was used.',
    },
    trainRefused: { id: 'screen.userflow.wizard.trainRefused', defaultMessage: 'Training could not start or failed' },
    finishFailed: { id: 'screen.userflow.wizard.finishFailed', defaultMessage: 'The model could not be finished.' },
  }),
  fileChosen: defineMessage<{ name: string }>({
    id: 'screen.userflow.wizard.fileChosen',
    defaultMessage: 'Uploaded file: {name}',
  }),
  connected: defineMessage<{ columns: number }>({
    id: 'screen.userflow.wizard.connected',
    defaultMessage: 'Connected: {columns, plural, one {# column} other {# columns}}. The first rows:',
  }),
  algorithm: defineMessage<{ algorithm: string; rows: number }>({
    id: 'screen.userflow.wizard.algorithm',
    defaultMessage: 'Chosen on validation: {algorithm}, held-out rows: {rows}.',
  }),
  chosenBecause: defineMessage<{ metric: string; chosen: string; other: string; otherAlgorithm: string }>({
    id: 'screen.userflow.wizard.chosenBecause',
    defaultMessage: 'Why: on the held-out rows its {metric} is {chosen}, against {other} for {otherAlgorithm}.',
  }),
  trainingStage: defineMessage<{ stage: string; percent: number }>({
    id: 'screen.userflow.wizard.trainingStage',
    defaultMessage: '{stage} {percent, number, ::percent}',
  }),
  threshold: defineMessage<{ value: number }>({
    id: 'screen.userflow.wizard.threshold',
    defaultMessage: 'Threshold: {value, number, percent}',
  }),
  matchRate: defineMessage<{ rate: number; matched: number; rows: number }>({
    id: 'screen.userflow.wizard.matchRate',
    defaultMessage: '{rate, number, percent} of rows match a contact ({matched} of {rows}).',
  }),
  featureUse: defineMessage<{ name: string }>({
    id: 'screen.userflow.wizard.featureUse',
    defaultMessage: 'Use {name}',
  }),
  featureType: defineMessage<{ name: string }>({
    id: 'screen.userflow.wizard.featureType',
    defaultMessage: 'Type of {name}',
  }),
  targetDaysRange: defineMessage<{ min: number; max: number }>({
    id: 'screen.userflow.wizard.targetDaysRange',
    defaultMessage: 'Between {min} and {max} days.',
  }),
  targetLearnsEvent: defineMessage<{ event: string; site: string; days: number }>({
    id: 'screen.userflow.wizard.targetLearnsEvent',
    defaultMessage:
      'The model learns: contacts who did «{event}» on {site} within {days, plural, one {# day} other {# days}}.',
  }),
  targetLearnsPageView: defineMessage<{ site: string; days: number }>({
    id: 'screen.userflow.wizard.targetLearnsPageView',
    defaultMessage:
      'The model learns: contacts who viewed a page on {site} within {days, plural, one {# day} other {# days}}.',
  }),
};
