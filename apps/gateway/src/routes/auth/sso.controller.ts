import {
  CompleteSsoV1,
  RefreshSessionV1,
  RETURN_TO_PATTERN,
  RevokeSessionV1,
  SessionAccess,
  StartSsoV1,
} from '@docket/contracts';
import { DocketException, enveloped, httpStatusOf, RpcClient } from '@docket/platform';
import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiCookieAuth,
  ApiProperty,
  ApiPropertyOptional,
  ApiQuery,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';

import {
  isSignInProblem,
  SignInProblem,
  signInProblemPath,
  wantsPage,
} from '../../console/browser-pages';
import { ApiRoute } from '../../openapi/api-route.decorator';
import { SessionCookie } from './session-cookie';

const DEFAULT_RETURN_TO = '/console/';

class StartSsoQuery {
  @ApiProperty({ example: 'riley@acme.example', description: 'Picks the provider by its domain' })
  @IsEmail()
  @Length(3, 254)
  email!: string;

  @ApiPropertyOptional({
    example: '/console/items',
    default: DEFAULT_RETURN_TO,
    description: 'Where to land after signing in: a path on this site (never another origin)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  @Matches(RETURN_TO_PATTERN, { message: 'returnTo must be a path on this site, like /console/' })
  returnTo?: string;

  @ApiPropertyOptional({
    enum: ['true'],
    description:
      'Ask the identity provider for the password again (prompt=login), whoever is signed in ' +
      'there: the console sends it after the provider signed in someone else',
  })
  @IsOptional()
  @IsIn(['true'])
  reauthenticate?: 'true';
}

/**
 * Refresh and logout take `{}` as application/json: a cross-site form cannot send that type
 * without a CORS preflight, so the cookie alone never authorizes a forged request.
 */
function requireJson(request: FastifyRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    throw DocketException.invalid('Send {} with Content-Type: application/json');
}

const EMPTY_OBJECT = { type: 'object', additionalProperties: false, example: {} } as const;

class SignedIn extends SessionAccess {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Signed in' }) message!: string;
}

class SignedOut {
  @ApiProperty({ example: true }) success!: true;
  @ApiProperty({ example: 'Signed out' }) message!: string;
  @ApiPropertyOptional({
    description:
      "The identity provider's end-session URL (RP-initiated logout): open it so the provider " +
      'signs the person out too; it returns the browser to /console/signed-out',
  })
  logoutUrl?: string;
}

/**
 * Sign-in for people: OpenID Connect at the organization's identity provider, then a refresh
 * cookie the console trades for the same short-lived access token the API uses.
 */
@ApiTags('Single sign-on')
@Controller('auth')
export class SsoController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly cookie: SessionCookie,
  ) {}

  @Get('sso/start')
  @ApiRoute({
    summary: 'Start single sign-on for an e-mail address (browser redirect)',
    description:
      "Redirects (302) to the identity provider that serves the e-mail's domain, with an " +
      'authorization-code request using PKCE, state and nonce. A browser (Accept: text/html) ' +
      'that cannot go on is redirected to the console page /console/sign-in-problem instead ' +
      'of an error body.',
    access: 'public',
    status: 302,
    errors: ['NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  })
  @ApiResponse({ status: 302, description: "Location: the provider's authorization endpoint" })
  async start(
    @Query() query: StartSsoQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const returnTo = query.returnTo ?? DEFAULT_RETURN_TO;
    const started = await this.forPeople(request, reply, { email: query.email, returnTo }, () =>
      this.rpc.call(
        StartSsoV1,
        { email: query.email, returnTo, reauthenticate: query.reauthenticate === 'true' },
        null,
      ),
    );
    if (started) await reply.code(302).header('location', started.authorizationUrl).send();
  }

  @Get('sso/callback')
  @ApiRoute({
    summary: 'Where the identity provider returns the browser (redirect URI)',
    description:
      'Checks state, exchanges the code, verifies the ID token and finds the user by e-mail ' +
      'in the organization; unknown users are refused, never created, and so is an ID token ' +
      'for someone other than the e-mail typed at the start. Sets the httpOnly ' +
      '`docket_refresh` cookie and redirects (302) to the returnTo given at the start. A ' +
      'browser (Accept: text/html) whose sign-in is refused is redirected to the console page ' +
      '/console/sign-in-problem instead of an error body.',
    access: 'public',
    status: 302,
    errors: ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'SERVICE_UNAVAILABLE'],
  })
  @ApiResponse({
    status: 302,
    description: 'Location: the returnTo path; Set-Cookie: docket_refresh',
  })
  @ApiQuery({ name: 'code', required: false, description: 'Authorization code from the provider' })
  @ApiQuery({ name: 'state', required: true, description: 'The state Docket sent at the start' })
  @ApiQuery({ name: 'error', required: false, description: "The provider's refusal, if any" })
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const queryStart = request.url.indexOf('?');
    if (queryStart < 0) throw DocketException.invalid('The sign-in response has no parameters');
    const started = await this.forPeople(request, reply, {}, () =>
      this.rpc.call(CompleteSsoV1, { query: request.url.slice(queryStart + 1) }, null),
    );
    if (!started) return;
    this.cookie.set(reply, started.refreshToken, started.refreshExpiresIn);
    await reply.code(302).header('location', started.returnTo).send();
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Trade the sign-in cookie for an access token (and a new cookie)',
    description:
      'Authenticated by the `docket_refresh` cookie; send `{}` as application/json. Every ' +
      'refresh rotates the cookie: the previous value stops working.',
    access: 'public',
    response: SignedIn,
    errors: ['UNAUTHENTICATED'],
  })
  @ApiCookieAuth('refreshCookie')
  @ApiBody({ schema: EMPTY_OBJECT })
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedIn> {
    requireJson(request);
    const token = this.cookie.read(request);
    if (!token) throw DocketException.unauthenticated('Not signed in');
    try {
      const { refreshToken, refreshExpiresIn, ...access } = await this.rpc.call(
        RefreshSessionV1,
        { refreshToken: token },
        null,
      );
      this.cookie.set(reply, refreshToken, refreshExpiresIn);
      return enveloped('Signed in', access);
    } catch (error) {
      // A dead cookie is dropped, so the browser stops presenting it.
      this.cookie.clear(reply);
      throw error;
    }
  }

  @Post('logout')
  @HttpCode(200)
  @ApiRoute({
    summary: 'Sign out: revoke the session and clear the cookie',
    access: 'public',
    response: SignedOut,
  })
  @ApiBody({ schema: EMPTY_OBJECT })
  async logout(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedOut> {
    requireJson(request);
    const token = this.cookie.read(request);
    const ended = token
      ? await this.rpc.call(RevokeSessionV1, { refreshToken: token }, null)
      : undefined;
    this.cookie.clear(reply);
    return enveloped('Signed out', ended?.logoutUrl ? { logoutUrl: ended.logoutUrl } : {});
  }

  /**
   * Runs a sign-in step. A refusal reaches an API client as the usual error; a person's browser
   * is sent to the console page that explains it and leads back to the sign-in (resolves to
   * undefined then: the answer is sent).
   */
  private async forPeople<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    context: { email?: string; returnTo?: string },
    step: () => Promise<T>,
  ): Promise<T | undefined> {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof DocketException) || !wantsPage(request)) throw error;
      if (httpStatusOf(error.code) >= 500 && error.code !== 'SERVICE_UNAVAILABLE') throw error;
      const typed = error.details?.email;
      await reply
        .code(303)
        .header(
          'location',
          signInProblemPath(problemOf(error), {
            email: typeof typed === 'string' ? typed : context.email,
            returnTo: context.returnTo,
          }),
        )
        .send();
      return undefined;
    }
  }
}

function problemOf(error: DocketException): SignInProblem {
  const reason = error.details?.reason;
  if (isSignInProblem(reason)) return reason;
  if (error.code === 'SERVICE_UNAVAILABLE') return 'unavailable';
  if (error.code === 'RATE_LIMITED') return 'busy';
  return 'failed';
}
