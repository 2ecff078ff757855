import { buttonClass } from '../../../components/ui/button';
import { oauthStartUrl, useOAuthProviders } from '../api/get-oauth-providers';

/**
 * "Continue with …" buttons for the sign-in providers the instance has configured, above the
 * email form; nothing at all when there are none (or the list could not be loaded).
 */
export function SocialSignIn() {
  const providers = useOAuthProviders();
  const list = providers.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mb-6 space-y-3">
      {list.map((provider) => (
        // A plain link: the browser leaves for the provider's sign-in page.
        <a
          key={provider.id}
          href={oauthStartUrl(provider.id, window.location.origin)}
          className={buttonClass('secondary', 'w-full')}
        >
          Continue with {provider.name}
        </a>
      ))}
      <div className="flex items-center gap-3 pt-2 text-slate-500 text-xs uppercase" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </div>
  );
}
