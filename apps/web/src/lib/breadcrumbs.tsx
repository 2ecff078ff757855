import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

interface Trail {
  /** The last crumb of the page on screen (a webhook's URL, an incident's title), if it names one. */
  detail: string | null;
  setDetail: (detail: string | null) => void;
}

const BreadcrumbContext = createContext<Trail | null>(null);

/** Held by the app shell, which draws the breadcrumbs. */
export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [detail, setDetail] = useState<string | null>(null);
  return <BreadcrumbContext.Provider value={{ detail, setDetail }}>{children}</BreadcrumbContext.Provider>;
}

export function useBreadcrumbDetail(): string | null {
  return useContext(BreadcrumbContext)?.detail ?? null;
}

/**
 * Names the thing a detail page shows, as the last breadcrumb; cleared when the page goes.
 * @example useBreadcrumb(webhook?.url)
 */
export function useBreadcrumb(label: string | null | undefined): void {
  const setDetail = useContext(BreadcrumbContext)?.setDetail;
  useEffect(() => {
    if (!setDetail) return;
    setDetail(label ?? null);
    return () => setDetail(null);
  }, [label, setDetail]);
}
