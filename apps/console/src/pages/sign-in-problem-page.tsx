import { useEffect, useState } from 'react';

import { BASE } from '../router';
import { signIn } from '../session';

interface Problem {
  title: string;
  explain: (email: string) => string;
}

/** What each refusal the gateway names (`reason`, apps/gateway/src/console/browser-pages.ts) means to a person. */
const PROBLEMS: Record<string, Problem> = {
  'unknown-domain': {
    title: 'No sign-in for this e-mail address',
    explain: (email) =>
      `No organization signs in to Docket with addresses like ${email || 'this one'}. Check ` +
      'the address, or ask your Admin which one to use.',
  },
  expired: {
    title: 'This sign-in has expired',
    explain: () =>
      'The sign-in took too long, or its link was already used (for example after going back ' +
      'in the browser). Start again.',
  },
  refused: {
    title: 'Your identity provider refused the sign-in',
    explain: () => 'Your organization’s identity provider did not let the sign-in through.',
  },
  unverified: {
    title: 'The sign-in could not be verified',
    explain: () =>
      'The answer from your identity provider could not be verified. Try again; if it keeps ' +
      'happening, tell your Admin.',
  },
  'wrong-person': {
    title: 'Signed in as someone else',
    explain: (email) =>
      `Your identity provider signed in a different person than ${email || 'the address you typed'}` +
      ' (someone may still be signed in there on this computer). Sign in again and enter your ' +
      'own password.',
  },
  'no-account': {
    title: 'No Docket account for you yet',
    explain: () =>
      'Your identity provider knows you, but your organization has not added you to Docket. ' +
      'Ask your Admin to add you.',
  },
  deactivated: {
    title: 'Your Docket account is deactivated',
    explain: () =>
      'Your organization’s Admin deactivated your Docket account, so you can no longer sign ' +
      'in. If you think this is a mistake, ask your Admin.',
  },
  busy: {
    title: 'Too many sign-ins from your network',
    explain: () => 'Too many requests came from your network in the last minute.',
  },
  unavailable: {
    title: 'Your identity provider cannot be reached',
    explain: () => 'Docket could not reach your organization’s identity provider. Try again soon.',
  },
  failed: {
    title: 'The sign-in did not work',
    explain: () => 'Something went wrong while signing in. Try again.',
  },
};

/** Only paths of the console itself: the query string is the visitor's to edit. */
function safeReturnTo(value: string | null): string {
  return value && /^\/console(\/[\x21-\x7e]*)?$/.test(value) ? value : `${BASE}/`;
}

/** Counts down the seconds the API asked to wait; 0 when the wait is over. */
function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const tick = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(tick);
  }, [left]);
  return left;
}

/** A refused sign-in, explained, with the way back to signing in. */
export function SignInProblemPage() {
  const query = new URLSearchParams(window.location.search);
  const problem = PROBLEMS[query.get('reason') ?? ''] ?? PROBLEMS.failed;
  const email = query.get('email') ?? '';
  const returnTo = safeReturnTo(query.get('returnTo'));
  const wait = useCountdown(Math.min(3600, Math.max(0, Number(query.get('retryAfter')) || 0)));
  return (
    <main className="sign-in">
      <h1>{problem.title}</h1>
      <p role="alert">{problem.explain(email)}</p>
      {wait > 0 && <p role="status">You can try again in {wait} s.</p>}
      {query.get('reason') === 'wrong-person' && email ? (
        <button
          type="button"
          onClick={() => signIn(email, { returnTo, reauthenticate: true })}
        >{`Sign in as ${email}`}</button>
      ) : null}
      <p>
        <a href={returnTo} aria-disabled={wait > 0 || undefined}>
          Back to sign in
        </a>
      </p>
    </main>
  );
}
