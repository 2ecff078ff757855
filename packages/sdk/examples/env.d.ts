// The types Vite would bring, for type-checking the Vite example without installing it.

/** Vite's import.meta.env: variables prefixed VITE_ reach the browser. */
interface ImportMetaEnv {
  readonly VITE_PLINTH_URL: string;
  readonly VITE_PLINTH_PROJECT_ID: string;
  readonly VITE_PLINTH_READ_TOKEN: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
