import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Collection,
  CollectionParams,
  Component,
  ComponentParams,
  CreateCollectionBody,
  CreateComponentBody,
  DataOf,
  ListOf,
  ProjectParams,
  UpdateCollectionBody,
  UpdateComponentBody,
} from '@plinth/contract';
import { Type } from 'typebox';
import { bearer, errorResponses, NoContent } from '../../lib/route-schemas.js';
import type { CollectionsService } from './collections.service.js';

const tags = ['content model'];
const listOf = <T>(items: T[]) => ({ data: items, meta: { total: items.length, page: 1, limit: items.length } });

export const collectionsRoutes: FastifyPluginAsyncTypebox<{ collections: CollectionsService }> = async (
  app,
  { collections: service },
) => {
  const base = '/projects/:projectId/collections';

  app.get(base, {
    schema: {
      operationId: 'listCollections',
      summary: 'List collections',
      tags,
      security: bearer,
      params: ProjectParams,
      response: { 200: ListOf(Collection), ...errorResponses },
    },
    handler: async (request) =>
      listOf(await service.list(await request.authorize(request.params.projectId, 'schema.read'))),
  });

  app.post(base, {
    schema: {
      operationId: 'createCollection',
      summary: 'Create a collection',
      tags,
      security: bearer,
      params: ProjectParams,
      body: CreateCollectionBody,
      response: { 201: DataOf(Collection), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      return reply.status(201).send({ data: await service.create(grant, request.body) });
    },
  });

  app.get(`${base}/:slug`, {
    schema: {
      operationId: 'getCollection',
      summary: 'Get a collection',
      tags,
      security: bearer,
      params: CollectionParams,
      response: { 200: DataOf(Collection), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'schema.read');
      return { data: await service.get(grant, request.params.slug) };
    },
  });

  app.patch(`${base}/:slug`, {
    schema: {
      operationId: 'updateCollection',
      summary: 'Update a collection',
      tags,
      security: bearer,
      params: CollectionParams,
      body: UpdateCollectionBody,
      response: { 200: DataOf(Collection), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      return { data: await service.update(grant, request.params.slug, request.body) };
    },
  });

  app.delete(`${base}/:slug`, {
    schema: {
      operationId: 'deleteCollection',
      summary: 'Delete a collection',
      tags,
      security: bearer,
      params: CollectionParams,
      querystring: Type.Object({ force: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      await service.delete(grant, request.params.slug, request.query.force === true);
      return reply.status(204).send(null);
    },
  });

  app.post(`${base}/:slug/restore`, {
    schema: {
      operationId: 'restoreCollection',
      summary: 'Restore a deleted collection',
      tags,
      security: bearer,
      description:
        'Brings back the most recently deleted collection of this slug, with the documents its deletion put in trash.',
      params: CollectionParams,
      response: { 200: DataOf(Collection), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      return { data: await service.restore(grant, request.params.slug) };
    },
  });

  const components = '/projects/:projectId/components';

  app.get(components, {
    schema: {
      operationId: 'listComponents',
      summary: 'List components',
      tags,
      security: bearer,
      params: ProjectParams,
      response: { 200: ListOf(Component), ...errorResponses },
    },
    handler: async (request) =>
      listOf(await service.listComponents(await request.authorize(request.params.projectId, 'schema.read'))),
  });

  app.post(components, {
    schema: {
      operationId: 'createComponent',
      summary: 'Create a component',
      tags,
      security: bearer,
      params: ProjectParams,
      body: CreateComponentBody,
      response: { 201: DataOf(Component), ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      return reply.status(201).send({ data: await service.createComponent(grant, request.body) });
    },
  });

  app.get(`${components}/:name`, {
    schema: {
      operationId: 'getComponent',
      summary: 'Get a component',
      tags,
      security: bearer,
      params: ComponentParams,
      response: { 200: DataOf(Component), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'schema.read');
      return { data: await service.getComponent(grant, request.params.name) };
    },
  });

  app.patch(`${components}/:name`, {
    schema: {
      operationId: 'updateComponent',
      summary: 'Update a component',
      tags,
      security: bearer,
      params: ComponentParams,
      body: UpdateComponentBody,
      response: { 200: DataOf(Component), ...errorResponses },
    },
    handler: async (request) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      return { data: await service.updateComponent(grant, request.params.name, request.body) };
    },
  });

  app.delete(`${components}/:name`, {
    schema: {
      operationId: 'deleteComponent',
      summary: 'Delete a component',
      tags,
      security: bearer,
      params: ComponentParams,
      response: { 204: NoContent, ...errorResponses },
    },
    handler: async (request, reply) => {
      const grant = await request.authorize(request.params.projectId, 'schema.write');
      await service.deleteComponent(grant, request.params.name);
      return reply.status(204).send(null);
    },
  });
};
