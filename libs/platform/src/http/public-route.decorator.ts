import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE_KEY = 'docket:public';

/** Marks a route that needs no access token (health, docs, token exchange). */
export const PublicRoute = (): MethodDecorator & ClassDecorator =>
  SetMetadata(PUBLIC_ROUTE_KEY, true);
