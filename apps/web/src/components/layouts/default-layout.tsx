import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/auth';
import { Logo } from '../logo';
import { ButtonLink } from '../ui/button';

export const MAIN_NAVIGATION = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
  { to: '/careers', label: 'Careers' },
  { to: '/contact', label: 'Contact' },
] as const;

export const FOOTER_NAVIGATION = [
  { to: '/features', label: 'Product' },
  { to: '/about', label: 'Company' },
  { to: '/docs', label: 'Documentation' },
  { to: '/careers', label: 'Careers' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/cookies', label: 'Cookies' },
] as const;

/** Product and resource pages, in a second footer list (the spec fixes the first one). */
export const FOOTER_RESOURCES = [
  { to: '/ai', label: 'AI assistant' },
  { to: '/collaboration', label: 'Collaboration' },
  { to: '/developer-tools', label: 'Developer tools' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/blog', label: 'Blog' },
  { to: '/status', label: 'Status' },
  { to: '/support', label: 'Support' },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'text-indigo-700' : 'text-slate-700 hover:text-slate-900'}`;

/** Public pages and the sign-in screens: site navigation, content, footer. */
export function DefaultLayout() {
  const { isSignedIn } = useSession();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const [menuPath, setMenuPath] = useState(location.pathname);
  // Following a link closes the mobile menu.
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-slate-200 border-b bg-white/90 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {MAIN_NAVIGATION.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'} className={navClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="hidden items-center gap-2 lg:flex">
            {isSignedIn ? (
              <ButtonLink to="/app">Dashboard</ButtonLink>
            ) : (
              <>
                <Link
                  to="/login"
                  className="rounded-md px-3 py-2 font-medium text-slate-700 text-sm hover:text-slate-900"
                >
                  Sign in
                </Link>
                <ButtonLink to="/register">Get Started</ButtonLink>
              </>
            )}
          </div>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-expanded={isMenuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="sr-only">{isMenuOpen ? 'Close menu' : 'Open menu'}</span>
            <svg
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              {isMenuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>
        {isMenuOpen ? (
          <nav id="mobile-menu" aria-label="Mobile" className="border-slate-200 border-t px-4 pb-4 lg:hidden">
            <ul className="flex flex-col py-2">
              {MAIN_NAVIGATION.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'} className={navClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to={isSignedIn ? '/app' : '/login'} className={navClass}>
                  {isSignedIn ? 'Dashboard' : 'Sign in'}
                </NavLink>
              </li>
            </ul>
            {isSignedIn ? null : (
              <ButtonLink to="/register" className="w-full">
                Get Started
              </ButtonLink>
            )}
          </nav>
        ) : null}
      </header>

      <main id="main" className="flex-1">
        <Outlet />
      </main>

      <footer className="border-slate-200 border-t bg-slate-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:flex-row lg:items-center lg:justify-between lg:px-8">
          <div className="space-y-2">
            <Logo />
            <p className="max-w-sm text-slate-600 text-sm">
              The headless CMS for developers and content teams. Model once, publish everywhere.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {FOOTER_NAVIGATION.map((item) => (
                <li key={item.label}>
                  <Link to={item.to} className="text-slate-600 text-sm hover:text-slate-900">
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <nav aria-label="Resources" className="mx-auto max-w-7xl px-4 pb-8 sm:px-6 lg:px-8">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_RESOURCES.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="text-slate-600 text-sm hover:text-slate-900">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-slate-200 border-t">
          <p className="mx-auto max-w-7xl px-4 py-4 text-slate-500 text-xs sm:px-6 lg:px-8">
            © {new Date().getFullYear()} Plinth. All rights reserved. Need help? Visit{' '}
            <Link to="/support" className="underline hover:text-slate-700">
              Support
            </Link>
            .
          </p>
        </div>
      </footer>
    </div>
  );
}
