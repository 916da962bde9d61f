import { DocketException, leanValidated, validationException } from '@docket/platform';
import { ArgumentMetadata, Injectable, ValidationPipe } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';

import { PageQuery, readPageQuery } from './page.query';

/**
 * The gateway's validation of every body, query and path DTO. On top of class-validator, the
 * null rule: a body field may be null only where the DTO documents it as nullable (an item
 * field's value, which null clears). class-validator's @IsOptional() lets null through as if
 * absent, which reached services as a null they did not expect (500s, or a variable set to null).
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      exceptionFactory: validationException,
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A path parameter reaches its own pipe (uuidPipe, pageNumberPipe) as the client wrote it:
    // converted here by its declared type, `1e3` became 1000 and the page pipe let it through.
    if (metadata.type === 'param') return value;
    // List GETs: a well-formed page query skips class-validator (the refusals still go there).
    if (metadata.type === 'query' && metadata.metatype === PageQuery && !metadata.data) {
      const page = readPageQuery(value);
      if (page) return page;
    }
    if (metadata.type === 'body' && metadata.metatype && isPlainObject(value)) {
      for (const [field, fieldValue] of Object.entries(value)) {
        if (fieldValue === null && !isDocumentedNullable(metadata.metatype, field)) {
          throw DocketException.invalid(`${field} must not be null`, {
            fields: [{ field, problems: [`${field} must not be null`] }],
          });
        }
      }
      // The valid case of a flat body without class-validator's per-call machinery; anything
      // else (and every refusal, which needs class-validator's wording) goes the full way.
      const lean = leanValidated(metadata.metatype as new () => object, value);
      if (lean) return lean;
    }
    return super.transform(value, metadata);
  }
}

function isDocumentedNullable(metatype: ArgumentMetadata['metatype'], field: string): boolean {
  const property = Reflect.getMetadata(
    DECORATORS.API_MODEL_PROPERTIES,
    (metatype as { prototype: object }).prototype,
    field,
  ) as { nullable?: boolean } | undefined;
  return property?.nullable === true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
