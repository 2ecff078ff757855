import { useLocation } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { PageMeta } from '../components/ui/page-meta';

/** Unknown routes. The server answers these paths with status 404 as well. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <PageMeta title="Page Not Found" description="The page you were looking for does not exist." />
      <p className="font-semibold text-indigo-600 text-sm">404</p>
      <h1 className="mt-2 break-all font-bold text-3xl text-slate-900 tracking-tight">Page Not Found: {pathname}</h1>
      <p className="mt-4 text-slate-600">
        The page may have moved, or the address may be mistyped. Check the URL, or start again from the home page.
      </p>
      <div className="mt-8 flex gap-3">
        <ButtonLink to="/">Go to the home page</ButtonLink>
        <ButtonLink to="/support" variant="secondary">
          Get help
        </ButtonLink>
      </div>
    </section>
  );
}
