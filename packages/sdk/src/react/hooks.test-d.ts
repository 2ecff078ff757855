import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  CreateDocumentOptions,
  DocumentInput,
  DocumentList,
  PlinthDocument,
  UpdateDocumentOptions,
} from '../documents.js';
import type { useLivePreview } from './live-preview.js';
import type { PublishVariables, useCreateDocument, usePublishDocument, useUpdateDocument } from './mutations.js';
import type { PlinthFailure, useDocument, useDocuments } from './queries.js';

interface Article {
  title: string;
  views: number | null;
}

describe('React hooks', () => {
  it('type query data and errors', () => {
    expectTypeOf<ReturnType<typeof useDocuments<Article>>>().toEqualTypeOf<
      UseQueryResult<DocumentList<Article>, PlinthFailure>
    >();
    expectTypeOf<ReturnType<typeof useDocument<Article>>>().toEqualTypeOf<
      UseQueryResult<PlinthDocument<Article>, PlinthFailure>
    >();
    expectTypeOf<Parameters<typeof useDocuments<Article>>[1]>().toExtend<{ sort?: unknown } | undefined>();
  });

  it('type mutation variables', () => {
    expectTypeOf<ReturnType<typeof useCreateDocument<Article>>>().toEqualTypeOf<
      UseMutationResult<
        PlinthDocument<Article>,
        PlinthFailure,
        { data: DocumentInput<Article> } & CreateDocumentOptions
      >
    >();
    expectTypeOf<ReturnType<typeof useUpdateDocument<Article>>>().toEqualTypeOf<
      UseMutationResult<
        PlinthDocument<Article>,
        PlinthFailure,
        { id: string; data: DocumentInput<Article> } & UpdateDocumentOptions
      >
    >();
    expectTypeOf<ReturnType<typeof usePublishDocument<Article>>>().toEqualTypeOf<
      UseMutationResult<PlinthDocument<Article>, PlinthFailure, PublishVariables>
    >();
  });

  it('type the live preview document like the one given', () => {
    const live = {} as typeof useLivePreview;
    expectTypeOf(live({} as PlinthDocument<Article>, { origin: 'https://cms.example.com' })).toEqualTypeOf<
      PlinthDocument<Article>
    >();
    expectTypeOf(
      live({} as PlinthDocument<Article> | undefined, { origin: ['https://cms.example.com'] }),
    ).toEqualTypeOf<PlinthDocument<Article> | null | undefined>();
  });
});
