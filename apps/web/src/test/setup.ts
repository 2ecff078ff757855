import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';

// Screens load their route module on demand; on a busy two-core CI machine the first one can
// take longer than Testing Library's default second to appear.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  clearSession();
  // Each test starts with nothing remembered (last project, consent, history).
  localStorage.clear();
  vi.unstubAllGlobals();
});
