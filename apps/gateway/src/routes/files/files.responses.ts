import {
  FilePageRecord,
  FileRecord,
  FileUploadTicket,
  PageBoxRecord,
  PageWordsRecord,
} from '@docket/contracts';
import { ApiProperty, OmitType } from '@nestjs/swagger';

/** Response bodies: the service records plus the `success` and `message` of every answer. */
export class FileUploadResponse extends FileUploadTicket {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
}

export class FileMetadataResponse extends FileRecord {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
}

export class FilePagesResponse {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [FilePageRecord] }) data!: FilePageRecord[];
  @ApiProperty() page!: number;
  @ApiProperty() limit!: number;
  @ApiProperty({ description: 'Pages of the file, or of the document when filtered' })
  totalCount!: number;
  @ApiProperty() totalPages!: number;
}

export class PublicPageWordRecord {
  @ApiProperty() text!: string;
  @ApiProperty({ type: PageBoxRecord }) box!: PageBoxRecord;
  @ApiProperty({ description: '0..1; 1 for words from the PDF text' }) confidence!: number;
}

/** The text layer with word boxes in the API's one box format ({x, y, width, height}). */
export class PageWordsResponse extends OmitType(PageWordsRecord, ['words'] as const) {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [PublicPageWordRecord] }) words!: PublicPageWordRecord[];
}
