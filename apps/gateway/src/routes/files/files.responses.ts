import { FilePageRecord, FileRecord, FileUploadTicket, PageWordsRecord } from '@docket/contracts';
import { ApiProperty } from '@nestjs/swagger';

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

export class PageWordsResponse extends PageWordsRecord {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
}
