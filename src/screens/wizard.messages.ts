import { defineMessages } from 'react-intl';

export const wizardMessages = defineMessages({
  steps: { id: 'screen.wizard.steps', defaultMessage: 'Steps' },
  messageStep0: { id: 'screen.wizard.message.step0', defaultMessage: 'Setup' },
  messageStep1: { id: 'screen.wizard.message.step1', defaultMessage: 'Recipients' },
  messageStep2: { id: 'screen.wizard.message.step2', defaultMessage: 'Content' },
  messageStep3: { id: 'screen.wizard.message.step3', defaultMessage: 'Schedule and send' },
  reportTabs: { id: 'screen.wizard.report.tabs', defaultMessage: 'Report sections' },
  reportSummary: { id: 'screen.wizard.report.summary', defaultMessage: 'Summary' },
  reportTimeline: { id: 'screen.wizard.report.timeline', defaultMessage: 'Timeline' },
  reportClicked: { id: 'screen.wizard.report.clicked', defaultMessage: 'Clicks' },
  reportOpenclicks: { id: 'screen.wizard.report.openclicks', defaultMessage: 'Opens and clicks' },
  modelStep0: { id: 'screen.wizard.model.step0', defaultMessage: 'Prediction' },
  modelStep1: { id: 'screen.wizard.model.step1', defaultMessage: 'Data source' },
  modelStep2: { id: 'screen.wizard.model.step2', defaultMessage: 'Fields' },
  modelStep3: { id: 'screen.wizard.model.step3', defaultMessage: 'Training' },
  modelStep4: { id: 'screen.wizard.model.step4', defaultMessage: 'Run mode' },
  sources: { id: 'screen.wizard.model.sources', defaultMessage: 'Data sources' },
  sourceApi: { id: 'screen.wizard.model.source.api', defaultMessage: 'Rest API' },
  sourceFile: { id: 'screen.wizard.model.source.file', defaultMessage: 'File upload' },
  sourceGa4: { id: 'screen.wizard.model.source.ga4', defaultMessage: 'GA4' },
  sourceUserflow: { id: 'screen.wizard.model.source.userflow', defaultMessage: 'UserFlow tracker' },
});
