import { CredentialError } from './errors';
import { isCredentialName, type CredentialName } from './store';

/** Checks a name and value before any store sees them, so bad input fails the same way everywhere. */
export function checkEntry(name: CredentialName, value?: string): void {
  if (!isCredentialName(name)) {
    throw new CredentialError('invalid_value', 'Marquee does not keep a secret under that name.');
  }
  if (value === undefined) return;
  // keytar rejects empty passwords; an empty secret is never what a caller meant.
  if (typeof value !== 'string' || value.length === 0) {
    throw new CredentialError('invalid_value', `The value for ${name} is empty.`);
  }
}
