import { timingSafeEqual } from 'node:crypto';

export interface DevAccount {
  email: string;
  password: string;
  name: string;
}

/**
 * The people the development IdP knows, kept in memory: seeded from DEV_IDP_ACCOUNTS
 * (a JSON list of {email, password, name}) and added by tests and `npm start` over HTTP.
 */
export class DevAccounts {
  private readonly byEmail = new Map<string, DevAccount>();

  constructor(seed: DevAccount[] = []) {
    for (const account of seed) this.put(account);
  }

  static fromEnv(value: string | undefined): DevAccounts {
    return new DevAccounts(value ? (JSON.parse(value) as DevAccount[]) : []);
  }

  put(account: DevAccount): void {
    this.byEmail.set(account.email.toLowerCase(), {
      ...account,
      email: account.email.toLowerCase(),
    });
  }

  find(email: string): DevAccount | undefined {
    return this.byEmail.get(email.toLowerCase());
  }

  /** The account when the password matches, compared in constant time. */
  check(email: string, password: string): DevAccount | undefined {
    const account = this.find(email);
    if (!account) return undefined;
    const expected = Buffer.from(account.password);
    const given = Buffer.from(password);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? account
      : undefined;
  }
}
