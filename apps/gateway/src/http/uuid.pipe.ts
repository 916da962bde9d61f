import { DocketException } from '@docket/platform';
import { ParseUUIDPipe } from '@nestjs/common';

/** Path ids are UUIDs; anything else is a 400 that names the problem, not a 404. */
export const uuidPipe = new ParseUUIDPipe({
  version: '4',
  exceptionFactory: () => DocketException.invalid('Path identifier must be a UUID'),
});
