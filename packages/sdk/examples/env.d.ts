// The types Next.js and Vite would bring, for type-checking the examples without installing them.

/** Next.js extends fetch with cache options (https://nextjs.org/docs/app/api-reference/functions/fetch). */
interface RequestInit {
  next?: { revalidate?: number | false; tags?: string[] };
}

/** Vite's import.meta.env: variables prefixed VITE_ reach the browser. */
interface ImportMetaEnv {
  readonly VITE_PLINTH_URL: string;
  readonly VITE_PLINTH_PROJECT_ID: string;
  readonly VITE_PLINTH_READ_TOKEN: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'next/cache' {
  export function revalidateTag(tag: string): void;
}
