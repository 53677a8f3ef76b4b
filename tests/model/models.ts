import type { MachineModel } from './graph.ts';
import { sendControlsModel } from './sendControls.model.ts';
import { auditLogModel } from './auditLog.model.ts';
import { apiKeysModel } from './apiKeys.model.ts';
import { billingModel } from './billing.model.ts';
import { contactCollectionModel } from './contactCollection.model.ts';
import { contactDetailModel } from './contactDetail.model.ts';
import { contactExportModel } from './contactExport.model.ts';
import { contactFormModel } from './contactForm.model.ts';
import { contactImportModel } from './contactImport.model.ts';
import { contactsTableModel } from './contactsTable.model.ts';
import { invitationAcceptModel } from './invitationAccept.model.ts';
import { loadingBarModel } from './loadingBar.model.ts';
import { messageWizardModel } from './messageWizard.model.ts';
import { modelWizardModel } from './modelWizard.model.ts';
import { modelListModel, predictionsModel } from './userflowPages.model.ts';
import { notificationSettingsModel } from './notificationSettings.model.ts';
import { passwordResetModel, passwordResetRequestModel } from './passwordReset.model.ts';
import { emailConfirmModel } from './emailConfirm.model.ts';
import { activeSessionsModel, profileModel } from './profile.model.ts';
import { realtimeModel } from './realtime.model.ts';
import { scheduleEditorModel } from './scheduleEditor.model.ts';
import { releaseModel } from './release.model.ts';
import { segmentEditorModel } from './segmentEditor.model.ts';
import { senderFormModel, senderSettingsModel } from './senderSettings.model.ts';
import { sessionModel } from './session.model.ts';
import {
  assetLibraryModel,
  messagePreviewModel,
  templateEditorModel,
  templateLibraryModel,
  testSendModel,
} from './templates.model.ts';
import { teamModel } from './team.model.ts';
import { toastsModel } from './toasts.model.ts';
import { tokenRefreshModel } from './tokenRefresh.model.ts';
import { twoFactorModel } from './twoFactor.model.ts';
import { unsubscribeSettingsModel } from './unsubscribeSettings.model.ts';
import { trackerModel } from './tracker.model.ts';
import { webhookEndpointsModel, webhookLogModel, webhookSecretModel } from './webhooks.model.ts';
import { workflowEditorModel } from './workflowEditor.model.ts';
import { workflowListModel, workflowRunsModel } from './workflowList.model.ts';
import { sendCostModel } from './sendCost.model.ts';
import { notificationCentreModel } from './notificationCentre.model.ts';

/** Every machine with a model, for `npm run paths` and the model tests. */
export const models: MachineModel<never>[] = [
  sessionModel,
  tokenRefreshModel,
  realtimeModel,
  loadingBarModel,
  releaseModel,
  toastsModel,
  twoFactorModel,
  passwordResetRequestModel,
  passwordResetModel,
  emailConfirmModel,
  profileModel,
  activeSessionsModel,
  invitationAcceptModel,
  teamModel,
  auditLogModel,
  notificationSettingsModel,
  contactImportModel,
  segmentEditorModel,
  scheduleEditorModel,
  contactCollectionModel,
  contactExportModel,
  contactFormModel,
  contactDetailModel,
  contactsTableModel,
  messageWizardModel,
  senderSettingsModel,
  apiKeysModel,
  senderFormModel,
  templateLibraryModel,
  templateEditorModel,
  testSendModel,
  assetLibraryModel,
  messagePreviewModel,
  unsubscribeSettingsModel,
  trackerModel,
  webhookEndpointsModel,
  webhookLogModel,
  webhookSecretModel,
  sendControlsModel,
  billingModel,
  workflowEditorModel,
  workflowListModel,
  workflowRunsModel,
  sendCostModel,
  modelWizardModel,
  modelListModel,
  predictionsModel,
  notificationCentreModel,
] as MachineModel<never>[];
