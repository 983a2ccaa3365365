import { CodedError } from '../../src-shared/ipc/errors';
import { registerSecret } from '../../src-shared/redact';
import type { CredentialStore } from '../credentials';
import type { TmdbClient } from '../tmdb/types';
import type { AppToken, AppTokenKind } from './auth-state';
import type { CredentialScope } from './credential-scope';
import { isNetworkFailure, isRejectedCredential } from './messages';

const NAMES = { accessToken: 'tmdb.accessToken', apiKey: 'tmdb.apiKey' } as const;
const LABEL: Record<AppTokenKind, string> = { accessToken: 'access token', apiKey: 'API key' };

/** The user's own application credential, if one was saved (an access token wins over a key). */
export async function loadAppToken(store: CredentialStore): Promise<AppToken | null> {
  const accessToken = await store.get(NAMES.accessToken);
  if (accessToken) return { kind: 'accessToken', value: accessToken };
  const apiKey = await store.get(NAMES.apiKey);
  return apiKey ? { kind: 'apiKey', value: apiKey } : null;
}

/** Catches the common mix-up of TMDB's two credentials before asking TMDB. */
function checkShape(candidate: AppToken): void {
  if (candidate.kind === 'apiKey' && candidate.value.startsWith('eyJ')) {
    throw new CodedError(
      'invalid_input',
      'This looks like an API Read Access Token, not an API key. Choose “Access token” and try again.',
    );
  }
  if (candidate.kind === 'accessToken' && /^[0-9a-f]{32}$/i.test(candidate.value)) {
    throw new CodedError(
      'invalid_input',
      'This looks like a v3 API key, not an access token. Choose “API key” and try again.',
    );
  }
}

/**
 * Asks TMDB whether a credential works, presenting it alone (no session). A new request token is
 * the probe: it needs valid application credentials and is never cached, so a cached answer can
 * never vouch for a bad key. The token it returns is simply left to expire.
 */
export async function checkAppToken(
  tmdb: TmdbClient,
  scope: CredentialScope,
  candidate: AppToken,
): Promise<void> {
  checkShape(candidate);
  registerSecret(candidate.value);
  try {
    await scope.with({ [candidate.kind]: candidate.value }, () =>
      tmdb.request('GET /3/authentication/token/new'),
    );
  } catch (error) {
    const label = LABEL[candidate.kind];
    if (isRejectedCredential(error)) {
      const status = error instanceof CodedError ? error.tmdbStatus : undefined;
      throw new CodedError(
        'unauthorized',
        `TMDB rejected this ${label}. Copy it again from the API section of your TMDB account settings. Nothing was changed.`,
        status,
      );
    }
    if (isNetworkFailure(error)) {
      throw new CodedError(
        'offline',
        `Marquee could not reach TMDB to check this ${label}, so it was not saved. Try again when you are online.`,
      );
    }
    throw error;
  }
}

/** Saves the credential under its name and removes the other kind, so only one is ever in use. */
export async function saveAppToken(store: CredentialStore, token: AppToken): Promise<void> {
  await store.set(NAMES[token.kind], token.value);
  await store.delete(NAMES[token.kind === 'accessToken' ? 'apiKey' : 'accessToken']);
}

export async function deleteAppToken(store: CredentialStore): Promise<void> {
  await store.delete(NAMES.accessToken);
  await store.delete(NAMES.apiKey);
}
