import type { Collection, Component, ListMeta, PageQuery, Project } from '@plinth/contract';
import { type PlinthRequest, projectPath, readBody, readData, segment } from './request.js';

/** A list answer: `{ data, meta }`. */
export interface ListOf<T> {
  data: T[];
  meta: ListMeta;
}

/** The caller's projects (needs a user's access token: API tokens belong to one project). */
export function listProjects(query: PageQuery = {}): PlinthRequest<ListOf<Project>> {
  return { method: 'GET', path: '/projects', query: { ...query }, read: readBody<ListOf<Project>>() };
}

/** One project, with the caller's `role` (null for API tokens). */
export function getProject(projectId: string): PlinthRequest<Project> {
  return { method: 'GET', path: projectPath(projectId), read: readData<Project>() };
}

/** The project's collections with their fields (needs `schema:read`). */
export function listCollections(projectId: string): PlinthRequest<ListOf<Collection>> {
  return { method: 'GET', path: projectPath(projectId, '/collections'), read: readBody<ListOf<Collection>>() };
}

/** One collection by slug. */
export function getCollection(target: { projectId: string; slug: string }): PlinthRequest<Collection> {
  return {
    method: 'GET',
    path: projectPath(target.projectId, `/collections/${segment(target.slug)}`),
    read: readData<Collection>(),
  };
}

/** The project's components (the pieces `blocks` fields are made of). */
export function listComponents(projectId: string): PlinthRequest<ListOf<Component>> {
  return { method: 'GET', path: projectPath(projectId, '/components'), read: readBody<ListOf<Component>>() };
}

/** One component by name. */
export function getComponent(target: { projectId: string; name: string }): PlinthRequest<Component> {
  return {
    method: 'GET',
    path: projectPath(target.projectId, `/components/${segment(target.name)}`),
    read: readData<Component>(),
  };
}
