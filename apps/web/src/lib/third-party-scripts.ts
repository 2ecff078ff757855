import { TAG_MANAGER_ORIGIN } from '../public-config';
import { isLocalHost } from './analytics';
import type { Consent } from './consent';

export interface ThirdPartyScriptsOptions {
  /** PUBLIC_GTM_ID; '' loads no tag manager. */
  tagManagerId: string;
  /** PUBLIC_CHAT_SCRIPT_URL; '' loads no chat widget. */
  chatScriptUrl: string;
  hostname: string;
  document: Document;
  /** Reloads the page: the only way to unload a script that already ran. */
  reload: () => void;
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * The live-chat widget and the tag manager: loaded only when configured, never on a development
 * host, and only once the visitor accepts cookies. Withdrawing consent reloads the page, so
 * scripts that already ran stop with it.
 */
export function createThirdPartyScripts(options: ThirdPartyScriptsOptions) {
  const isEnabled = Boolean(options.tagManagerId || options.chatScriptUrl) && !isLocalHost(options.hostname);
  let isLoaded = false;

  function addScript(src: string, id: string): void {
    const script = options.document.createElement('script');
    script.src = src;
    script.async = true;
    script.id = id;
    options.document.head.appendChild(script);
  }

  function load(): void {
    if (options.tagManagerId) {
      const view = options.document.defaultView as DataLayerWindow | null;
      if (view) {
        view.dataLayer = view.dataLayer ?? [];
        view.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      }
      addScript(`${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(options.tagManagerId)}`, 'plinth-tag-manager');
    }
    if (options.chatScriptUrl) addScript(options.chatScriptUrl, 'plinth-live-chat');
  }

  function update(consent: Consent): void {
    if (!isEnabled) return;
    if (consent === 'accepted' && !isLoaded) {
      isLoaded = true;
      load();
    } else if (consent !== 'accepted' && isLoaded) {
      options.reload();
    }
  }

  return { isEnabled, update };
}
