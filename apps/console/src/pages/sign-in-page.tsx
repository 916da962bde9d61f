import { type FormEvent, useState } from 'react';

import { signIn } from '../session';

/**
 * Single sign-on: the e-mail's domain names the organization's identity provider. `notice`
 * says why the person is here again (signed out, session ended); `email` fills the field.
 */
export function SignInPage({ notice, email: typed = '' }: { notice?: string; email?: string }) {
  const [email, setEmail] = useState(typed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn(email.trim());
  };
  return (
    <main className="sign-in">
      <h1>Docket review console</h1>
      {notice && (
        <p role="status" className="notice">
          {notice}
        </p>
      )}
      <form onSubmit={submit}>
        <label htmlFor="email">Work e-mail</label>
        <input
          id="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit">Continue with single sign-on</button>
      </form>
      <p className="hint">You sign in at your organization’s identity provider.</p>
    </main>
  );
}
