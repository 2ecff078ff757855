import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';

afterEach(() => {
  cleanup();
  clearSession();
  // Each test starts with nothing remembered (last project, consent, history).
  localStorage.clear();
  vi.unstubAllGlobals();
});
