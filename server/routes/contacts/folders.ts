import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { createFolder, deleteFolder, listFolders, renameFolder } from '../../services/contacts/folders.ts';
import { scoped } from '../scope.ts';

type Ops = 'listContactFolders' | 'createContactFolder' | 'updateContactFolder' | 'deleteContactFolder';

export function folderHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listContactFolders(request) {
      return listFolders(scoped(ctx, request));
    },
    async createContactFolder(request, reply) {
      return reply.status(201).send(await createFolder(scoped(ctx, request), request.body.name));
    },
    async updateContactFolder(request) {
      return renameFolder(scoped(ctx, request), request.params.folderId, request.body.name);
    },
    async deleteContactFolder(request, reply) {
      await deleteFolder(scoped(ctx, request), request.params.folderId);
      return reply.status(204).send();
    },
  };
}
