import { Injectable } from '@nestjs/common';
import { Between, DataSource, EntityManager, FindOptionsWhere } from 'typeorm';

import { PageEntity } from './files.entities';
import { insertChunked } from './insert-chunked';

export interface PageRange {
  firstPage: number;
  lastPage: number;
}

export type PageSummary = Omit<PageEntity, 'words'>;

/** files.pages: rendered page images and their text layer. */
@Injectable()
export class PageRepository {
  constructor(private readonly dataSource: DataSource) {}

  count(fileId: string, range?: PageRange): Promise<number> {
    return this.dataSource.manager.count(PageEntity, { where: where(fileId, range) });
  }

  /** Without the words: a page list never needs them. */
  list(fileId: string, offset: number, limit: number, range?: PageRange): Promise<PageSummary[]> {
    return this.dataSource.manager.find(PageEntity, {
      select: [
        'fileId',
        'pageNumber',
        'organizationId',
        'width',
        'height',
        'imageBlobPath',
        'textSource',
      ],
      where: where(fileId, range),
      order: { pageNumber: 'ASC' },
      skip: offset,
      take: limit,
    });
  }

  find(fileId: string, pageNumber: number): Promise<PageEntity | null> {
    return this.dataSource.manager.findOne(PageEntity, { where: { fileId, pageNumber } });
  }

  /** A processed file's pages, inside the caller's transaction. */
  insertAll(manager: EntityManager, pages: PageEntity[]): Promise<void> {
    return insertChunked(manager, PageEntity, pages);
  }
}

function where(fileId: string, range?: PageRange): FindOptionsWhere<PageEntity> {
  return range ? { fileId, pageNumber: Between(range.firstPage, range.lastPage) } : { fileId };
}
