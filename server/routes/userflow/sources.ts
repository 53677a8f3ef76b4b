import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { HttpError } from '../../http/errors.ts';
import { fileTooLarge, uploadFailed } from '../../services/contacts/imports/imports.ts';
import { receiveModelFile } from '../../services/userflow/files.ts';
import { matchRate, previewSource, sourceSchema, testSource } from '../../services/userflow/sources.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'testUserflowSource'
  | 'getUserflowSourceSchema'
  | 'previewUserflowSource'
  | 'getUserflowMatchRate'
  | 'uploadUserflowFile';

/** A model's data source in the wizard (issue 24 §1 step-1/step-2): the file upload and the checks of any source. */
export function userflowSourceHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async testUserflowSource(request) {
      return testSource(scoped(ctx, request), request.params.modelId);
    },
    async getUserflowSourceSchema(request) {
      return sourceSchema(scoped(ctx, request), request.params.modelId);
    },
    async previewUserflowSource(request) {
      return previewSource(scoped(ctx, request), request.params.modelId);
    },
    async getUserflowMatchRate(request) {
      return matchRate(scoped(ctx, request), request.params.modelId);
    },
    async uploadUserflowFile(request) {
      const scope = scoped(ctx, request);
      if (!request.isMultipart()) {
        throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
      }
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        throw uploadFailed('The upload could not be read');
      }
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw uploadFailed('Choose a file to upload');
      }
      // A file name is a label the browser sends: control characters (NUL, which PostgreSQL cannot store) become '_'.
      const filename = part.filename.replace(/[\u0000-\u001f\u007f]/g, '_');
      return receiveModelFile(scope, request.params.modelId, { ...part, filename });
    },
  };
}
