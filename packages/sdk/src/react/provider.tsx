import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';
import type { CollectionMap, PlinthClient } from '../client.js';

const PlinthContext = createContext<PlinthClient<CollectionMap> | null>(null);

/**
 * Makes a client available to the hooks below it. Pass `queryClient` to also provide
 * TanStack Query, or put a QueryClientProvider above it yourself.
 * @example
 * <PlinthProvider client={createClient({ url, token, projectId })} queryClient={new QueryClient()}>
 *   <App />
 * </PlinthProvider>
 */
export function PlinthProvider<TCollections extends CollectionMap>(props: {
  client: PlinthClient<TCollections>;
  queryClient?: QueryClient;
  children?: ReactNode;
}) {
  const content = <PlinthContext.Provider value={props.client}>{props.children}</PlinthContext.Provider>;
  return props.queryClient ? <QueryClientProvider client={props.queryClient}>{content}</QueryClientProvider> : content;
}

/**
 * The client of the nearest PlinthProvider; `TCollections` states its collection map.
 * @example const plinth = usePlinthClient<Collections>();
 */
export function usePlinthClient<TCollections extends CollectionMap = Record<string, Record<string, unknown>>>() {
  const client = useContext(PlinthContext);
  if (!client) throw new Error('usePlinthClient needs a <PlinthProvider client={…}> above it');
  return client as PlinthClient<TCollections>;
}
