import { type CornerBox, defineContract } from '@docket/platform';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsUUID, Min } from 'class-validator';

export class GetPageWordsRequest {
  @IsUUID('4')
  fileId!: string;

  @IsInt()
  @Min(1)
  pageNumber!: number;
}

export class WordBoxRecord implements CornerBox {
  @ApiProperty() x0!: number;
  @ApiProperty() y0!: number;
  @ApiProperty() x1!: number;
  @ApiProperty() y1!: number;
}

export class PageWordRecord {
  @ApiProperty() text!: string;
  @ApiProperty({
    type: WordBoxRecord,
    description: 'Normalised to the page: 0..1, origin top-left',
  })
  box!: WordBoxRecord;
  @ApiProperty({ description: '0..1; 1 for words from the PDF text' }) confidence!: number;
}

export class PageWordsRecord {
  @ApiProperty({ format: 'uuid' }) fileId!: string;
  @ApiProperty() pageNumber!: number;
  @ApiProperty({ format: 'uuid' }) documentId!: string;
  @ApiProperty({ description: 'Pixels of the rendered page image' }) width!: number;
  @ApiProperty({ description: 'Pixels of the rendered page image' }) height!: number;
  @ApiProperty({ enum: ['pdf-text', 'ocr'] }) source!: string;
  @ApiProperty({ type: [PageWordRecord] }) words!: PageWordRecord[];
}

export const GetPageWordsV1 = defineContract<GetPageWordsRequest, PageWordsRecord>(
  'files.words.get.v1',
  GetPageWordsRequest,
);
