import { describeModel } from '../../../tests/model/describeModel.ts';
import {
  assetLibraryModel,
  messagePreviewModel,
  templateEditorModel,
  templateLibraryModel,
  testSendModel,
} from '../../../tests/model/templates.model.ts';

// The graph checks of the template area's machines (STYLE.md): every state reached, every transition walked.
describeModel(templateLibraryModel);
describeModel(templateEditorModel);
describeModel(testSendModel);
describeModel(assetLibraryModel as never);
describeModel(messagePreviewModel);
