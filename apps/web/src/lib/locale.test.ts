import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, readLocale, saveLocale } from './locale';

describe('locale cookie', () => {
  it('reads English by default and for unknown values', () => {
    expect(readLocale('')).toBe('en');
    expect(readLocale(`other=1; ${LOCALE_COOKIE}=xx`)).toBe('en');
    expect(readLocale(`${LOCALE_COOKIE}=en`)).toBe('en');
  });

  it('keeps the locale for 365 days on the whole site', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => '',
      set: (value: string) => writes.push(value),
    });
    try {
      saveLocale();
    } finally {
      if (descriptor) Object.defineProperty(document, 'cookie', descriptor);
      else Reflect.deleteProperty(document, 'cookie');
    }
    expect(writes).toEqual([`${LOCALE_COOKIE}=en; Max-Age=31536000; Path=/; SameSite=Lax`]);
  });
});
