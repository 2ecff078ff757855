import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';

// Screens and the app's layouts load their modules on demand; on a busy two-core CI machine the
// first one can take several seconds to appear (3 s was seen to run out with the machine loaded).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  clearSession();
  // Each test starts with nothing remembered (last project, consent, history).
  localStorage.clear();
  vi.unstubAllGlobals();
});
