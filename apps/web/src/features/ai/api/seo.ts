import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { aiPath } from './paths';

/** What `POST /projects/:p/ai/seo` takes. */
export interface AiSeoBody {
  document_id: string;
  locale?: string;
  keyword?: string;
}

export type SeoCheckStatus = 'pass' | 'warn' | 'fail';

export interface SeoCheck {
  /** `title_length`, `description_length`, `headings`, `keyword_in_title`, `keyword_density`… */
  id: string;
  status: SeoCheckStatus;
  message: string;
}

/** What the model proposes; null when no model is configured (the checks still come). */
export interface SeoSuggestions {
  meta_title: string;
  meta_description: string;
  keywords: string[] | string;
}

export interface SeoReport {
  /** 0–100. */
  score: number;
  checks: SeoCheck[];
  suggestions: SeoSuggestions | null;
}

/**
 * Measures a document's saved copy for search engines, with the model's suggestions when one is set up.
 * @example const { data } = await checkSeo('p1', { document_id: 'd1', locale: 'en', keyword: 'tea' });
 */
export function checkSeo(projectId: string, body: AiSeoBody): Promise<{ data: SeoReport }> {
  return api.request<{ data: SeoReport }>(aiPath(projectId, 'seo'), { method: 'POST', body });
}

export function useSeoCheck(projectId: string) {
  return useMutation({ mutationFn: (body: AiSeoBody) => checkSeo(projectId, body) });
}
