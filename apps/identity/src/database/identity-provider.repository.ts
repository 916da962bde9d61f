import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';

import { IdentityProviderDomainEntity, IdentityProviderEntity } from './identity.entities';

/** Identity providers and the e-mail domains each one claims (a domain belongs to one). */
@Injectable()
export class IdentityProviderRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, row: IdentityProviderEntity): Promise<void> {
    await manager.insert(IdentityProviderEntity, row);
  }

  async save(manager: EntityManager, row: IdentityProviderEntity): Promise<void> {
    await manager.save(row);
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.delete(IdentityProviderEntity, { id });
  }

  /** The organization's provider of this id, or null. */
  owned(
    organizationId: string,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<IdentityProviderEntity | null> {
    return manager.findOne(IdentityProviderEntity, { where: { id, organizationId } });
  }

  /** Any organization's provider of this id: the sign-in flow finds it by domain or session. */
  find(id: string): Promise<IdentityProviderEntity | null> {
    return this.dataSource.manager.findOne(IdentityProviderEntity, { where: { id } });
  }

  list(organizationId: string): Promise<IdentityProviderEntity[]> {
    return this.dataSource.manager.find(IdentityProviderEntity, {
      where: { organizationId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  async providerOfDomain(domain: string): Promise<string | null> {
    const claim = await this.dataSource.manager.findOne(IdentityProviderDomainEntity, {
      where: { domain },
    });
    return claim?.identityProviderId ?? null;
  }

  /** The domains among these that some provider already claims. */
  async claimed(manager: EntityManager, domains: string[]): Promise<string[]> {
    const taken = await manager.find(IdentityProviderDomainEntity, {
      where: { domain: In(domains) },
    });
    return taken.map((claim) => claim.domain);
  }

  async claim(manager: EntityManager, identityProviderId: string, domains: string[]) {
    await manager.insert(
      IdentityProviderDomainEntity,
      domains.map((domain) => ({ domain, identityProviderId })),
    );
  }

  async releaseDomains(manager: EntityManager, identityProviderId: string): Promise<void> {
    await manager.delete(IdentityProviderDomainEntity, { identityProviderId });
  }

  /** Each provider's domains, alphabetically. */
  async domainsOf(ids: string[]): Promise<Map<string, string[]>> {
    const byProvider = new Map<string, string[]>();
    if (ids.length === 0) return byProvider;
    const claims = await this.dataSource.manager.find(IdentityProviderDomainEntity, {
      where: { identityProviderId: In(ids) },
      order: { domain: 'ASC' },
    });
    for (const claim of claims)
      byProvider.set(claim.identityProviderId, [
        ...(byProvider.get(claim.identityProviderId) ?? []),
        claim.domain,
      ]);
    return byProvider;
  }
}
