import { DirectoryAccess } from '@docket/contracts';
import { Actor, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';

import { FileRepository } from '../database/file.repository';
import { FileEntity } from '../database/files.entities';

/**
 * Who may see a file: the one rule every files route that names a file follows. The file must be
 * the caller's organization's and lie in a workspace they may see (DirectoryAccess: every
 * workspace for Admins, the workspaces holding a granted project for anyone else); anything else
 * is a 404, as if it did not exist.
 */
@Injectable()
export class WorkspaceAccess {
  constructor(
    private readonly directory: DirectoryAccess,
    private readonly files: FileRepository,
  ) {}

  /** A file of the caller's organization in a workspace they may see (else NOT_FOUND). */
  async visibleFile(actor: Actor, fileId: string): Promise<FileEntity> {
    const file = await this.files.findOwned(actor.organizationId, fileId);
    if (!file) throw DocketException.notFound('File');
    try {
      await this.directory.assertWorkspace(actor, file.workspaceId);
    } catch (error) {
      if (error instanceof DocketException && error.code === 'NOT_FOUND') {
        throw DocketException.notFound('File');
      }
      throw error;
    }
    return file;
  }
}
