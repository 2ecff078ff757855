import { useSyncExternalStore } from 'react';

// The visitor's cookie choice, kept in localStorage (PRODUCT-SPEC §3): 'accepted', 'declined', or
// absent (null) until they choose. Analytics reads it (./analytics.ts); the banner writes it.

export const CONSENT_KEY = 'plinth.cookie_consent';

export type Consent = 'accepted' | 'declined' | null;

const listeners = new Set<() => void>();

export function getConsent(): Consent {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

export function setConsent(consent: 'accepted' | 'declined'): void {
  try {
    localStorage.setItem(CONSENT_KEY, consent);
  } catch {
    // Storage unavailable: the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current choice; the server render knows none, so the banner appears after hydration. */
export function useConsent(): Consent {
  return useSyncExternalStore(subscribe, getConsent, () => 'declined');
}
