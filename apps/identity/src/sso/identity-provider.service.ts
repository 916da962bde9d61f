import { randomUUID } from 'node:crypto';

import {
  CreateIdentityProviderRequest,
  IdentityProviderRecord,
  UpdateIdentityProviderBody,
} from '@docket/contracts';
import { ServiceTransactions } from '@docket/persistence';
import { Actor, AesGcmCipher, DocketException } from '@docket/platform';
import { Injectable } from '@nestjs/common';
import { EntityManager, QueryFailedError } from 'typeorm';

import { AuditEventsRepository } from '../database/audit-events.repository';
import { IdentityProviderEntity } from '../database/identity.entities';
import { IdentityProviderRepository } from '../database/identity-provider.repository';
import { IdentityConfig } from '../identity.config';

/** What the sign-in flow needs of a provider, secret included; never leaves this service. */
export interface ProviderCredentials {
  id: string;
  organizationId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
}

/** An organization's OpenID Connect providers and the e-mail domains each one serves. */
@Injectable()
export class IdentityProviderService {
  constructor(
    private readonly providers: IdentityProviderRepository,
    private readonly transactions: ServiceTransactions,
    private readonly cipher: AesGcmCipher,
    private readonly config: IdentityConfig,
    private readonly audit: AuditEventsRepository,
  ) {}

  async create(
    actor: Actor,
    request: CreateIdentityProviderRequest,
  ): Promise<IdentityProviderRecord> {
    this.checkIssuer(request.issuer);
    const id = randomUUID();
    const now = new Date();
    await this.writing(async (manager) => {
      await this.providers.insert(manager, {
        id,
        organizationId: actor.organizationId,
        name: request.name,
        issuer: request.issuer,
        clientId: request.clientId,
        clientSecretSealed: this.seal(id, request.clientSecret),
        createdAt: now,
        updatedAt: now,
      });
      await this.claimDomains(manager, id, request.domains);
      await this.record(manager, actor, id, 'identity-provider.created', {
        name: request.name,
        issuer: request.issuer,
        clientId: request.clientId,
        domains: request.domains,
      });
    });
    return this.get(actor, id);
  }

  async list(actor: Actor): Promise<IdentityProviderRecord[]> {
    const rows = await this.providers.list(actor.organizationId);
    const domains = await this.providers.domainsOf(rows.map((row) => row.id));
    return rows.map((row) => toRecord(row, domains.get(row.id) ?? []));
  }

  async get(actor: Actor, id: string): Promise<IdentityProviderRecord> {
    const row = await this.owned(undefined, actor, id);
    return toRecord(row, (await this.providers.domainsOf([id])).get(id) ?? []);
  }

  async update(
    actor: Actor,
    id: string,
    changes: UpdateIdentityProviderBody,
  ): Promise<IdentityProviderRecord> {
    if (changes.issuer !== undefined) this.checkIssuer(changes.issuer);
    await this.writing(async (manager) => {
      const row = await this.owned(manager, actor, id);
      if (changes.name !== undefined) row.name = changes.name;
      if (changes.issuer !== undefined) row.issuer = changes.issuer;
      if (changes.clientId !== undefined) row.clientId = changes.clientId;
      if (changes.clientSecret !== undefined)
        row.clientSecretSealed = this.seal(id, changes.clientSecret);
      row.updatedAt = new Date();
      await this.providers.save(manager, row);
      if (changes.domains !== undefined) {
        await this.providers.releaseDomains(manager, id);
        await this.claimDomains(manager, id, changes.domains);
      }
      // Which settings changed, and to what, except the secret: only that it was replaced.
      const { clientSecret, ...visible } = changes;
      await this.record(manager, actor, id, 'identity-provider.changed', {
        name: row.name,
        changed: {
          ...visible,
          ...(clientSecret !== undefined ? { clientSecret: 'replaced' } : {}),
        },
      });
    });
    return this.get(actor, id);
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const row = await this.owned(manager, actor, id);
      await this.providers.delete(manager, id);
      await this.record(manager, actor, id, 'identity-provider.deleted', {
        name: row.name,
        issuer: row.issuer,
      });
    });
  }

  /** The provider serving an e-mail address's domain, in whichever organization registered it. */
  async forEmail(email: string): Promise<ProviderCredentials | null> {
    const domain = domainOf(email);
    const providerId = await this.providers.providerOfDomain(domain);
    return providerId ? this.credentials(providerId) : null;
  }

  async credentials(id: string): Promise<ProviderCredentials | null> {
    const row = await this.providers.find(id);
    if (!row) return null;
    return {
      id: row.id,
      organizationId: row.organizationId,
      issuer: row.issuer,
      clientId: row.clientId,
      clientSecret: this.cipher
        .decrypt(row.clientSecretSealed, secretOwner(row.id))
        .toString('utf8'),
      domains: (await this.providers.domainsOf([row.id])).get(row.id) ?? [],
    };
  }

  private record(
    manager: EntityManager,
    actor: Actor,
    id: string,
    action: 'identity-provider.created' | 'identity-provider.changed' | 'identity-provider.deleted',
    details: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record(manager, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action,
      resourceType: 'identity-provider',
      resourceId: id,
      details,
    });
  }

  /** Plain-HTTP issuers are for local providers; production speaks only HTTPS to an IdP. */
  private checkIssuer(issuer: string): void {
    if (this.config.environment === 'production' && !issuer.startsWith('https://')) {
      throw DocketException.invalid('issuer must be an https:// URL');
    }
  }

  private seal(id: string, secret: string): string {
    return this.cipher.encrypt(secret, secretOwner(id));
  }

  private async owned(
    manager: EntityManager | undefined,
    actor: Actor,
    id: string,
  ): Promise<IdentityProviderEntity> {
    const row = await this.providers.owned(actor.organizationId, id, manager);
    if (!row) throw DocketException.notFound('Identity provider');
    return row;
  }

  private async claimDomains(
    manager: EntityManager,
    identityProviderId: string,
    domains: string[],
  ): Promise<void> {
    const unique = [...new Set(domains.map((domain) => domain.toLowerCase()))];
    const taken = await this.providers.claimed(manager, unique);
    if (taken.length > 0) {
      throw DocketException.conflict('A domain already belongs to another identity provider', {
        domains: taken,
      });
    }
    await this.providers.claim(manager, identityProviderId, unique);
  }

  /** A concurrent claim of the same domain loses on the primary key: still a 409, not a 500. */
  private async writing(work: (manager: EntityManager) => Promise<void>): Promise<void> {
    try {
      await this.transactions.run(work);
    } catch (error) {
      if (
        error instanceof QueryFailedError &&
        (error.driverError as { code?: string }).code === '23505'
      )
        throw DocketException.conflict('A domain already belongs to another identity provider');
      throw error;
    }
  }
}

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Binds the sealed secret to its provider row, so a copied ciphertext fails to decrypt. */
function secretOwner(id: string): string {
  return `identity-provider:${id}:client-secret`;
}

function toRecord(row: IdentityProviderEntity, domains: string[]): IdentityProviderRecord {
  return {
    identityProviderId: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    domains,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
