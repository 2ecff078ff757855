import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});
