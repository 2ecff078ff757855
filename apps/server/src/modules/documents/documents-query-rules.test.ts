import {
  FIELD_OPTIONS_BY_TYPE,
  FILTER_OPERATORS,
  type FieldType,
  type QueryValueType,
  queryRuleOf,
} from '@plinth/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, createDocument, createProject } from '../../test/content.js';
import {
  call,
  createTestApp,
  dialectName,
  expectError,
  type Session,
  signUp,
  type TestApp,
} from '../../test/harness.js';

/**
 * A field of each type as the API creates it, a stored value, and a value its filters take. A
 * Record, so a new field type does not compile here until it has a sample, and is then tested.
 */
const SAMPLES: Record<FieldType, { options?: Record<string, unknown>; stored?: unknown; filterValue: string }> = {
  text: { stored: 'Alpha', filterValue: 'Al' },
  longtext: { stored: 'A long text', filterValue: 'long' },
  richtext: { stored: '<p>Rich</p>', filterValue: 'Rich' },
  number: { stored: 1.5, filterValue: '1.5' },
  integer: { stored: 2, filterValue: '2' },
  boolean: { stored: true, filterValue: 'true' },
  date: { stored: '2026-01-05', filterValue: '2026-01-05' },
  datetime: { stored: '2026-01-05T10:00:00.000Z', filterValue: '2026-01-05T10:00:00Z' },
  email: { stored: 'ada@example.com', filterValue: 'ada' },
  url: { stored: 'https://example.com', filterValue: 'https' },
  slug: { stored: 'alpha', filterValue: 'al' },
  select: { options: { choices: ['red', 'green'] }, stored: 'red', filterValue: 'red' },
  json: { stored: { x: 1 }, filterValue: '1' },
  media: { filterValue: '0190f5a0-0000-7000-8000-000000000000' },
  reference: { options: { collection: 'targets' }, filterValue: '0190f5a0-0000-7000-8000-000000000000' },
  blocks: { options: { components: ['quote'] }, stored: [{ _component: 'quote', text: 'Hi' }], filterValue: '1' },
};

/** The document columns a list filters and sorts on, as the contract names their kind. */
const COLUMNS: Record<string, { type: QueryValueType; filterValue: string }> = {
  id: { type: 'id', filterValue: '0190f5a0-0000-7000-8000-000000000000' },
  created_at: { type: 'timestamp', filterValue: '2026-01-05T10:00:00Z' },
  updated_at: { type: 'timestamp', filterValue: '2026-01-05T10:00:00Z' },
  published_at: { type: 'timestamp', filterValue: '2026-01-05T10:00:00Z' },
};

const FIELD_TYPES = Object.keys(SAMPLES) as FieldType[];

/** Every name the list can query, with the contract's kind of value and a value to filter by. */
const TARGETS: { name: string; type: QueryValueType; isMultiple: boolean; filterValue: string }[] = [
  ...FIELD_TYPES.map((type) => ({ name: type, type, isMultiple: false, filterValue: SAMPLES[type].filterValue })),
  ...FIELD_TYPES.filter((type) => FIELD_OPTIONS_BY_TYPE[type].includes('multiple')).map((type) => ({
    name: `${type}_multiple`,
    type,
    isMultiple: true,
    filterValue: SAMPLES[type].filterValue,
  })),
  ...Object.entries(COLUMNS).map(([name, column]) => ({ name, ...column, isMultiple: false })),
];

describe(`documents list: each type takes the operators and sorts of the contract's query rules (${dialectName})`, () => {
  let t: TestApp;
  let owner: Session;
  let projectId: string;
  const list = (query: string) =>
    call(t.app, owner, {
      method: 'GET',
      url: `/api/v1/projects/${projectId}/collections/things/documents?${query}`,
    });

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    owner = await signUp(t.app);
    projectId = await createProject(t.app, owner, { name: 'Rules', locales: ['en'], default_locale: 'en' });
    const component = await call(t.app, owner, {
      method: 'POST',
      url: `/api/v1/projects/${projectId}/components`,
      payload: { name: 'quote', fields: [{ name: 'text', type: 'text' }] },
    });
    expect(component.statusCode, component.body).toBe(201);
    await createCollection(t.app, owner, projectId, {
      slug: 'targets',
      name: 'Targets',
      fields: [{ name: 'name', type: 'text' }],
    });
    const target = await createDocument(t.app, owner, projectId, 'targets', { data: { name: 'Ada' } });
    await createCollection(t.app, owner, projectId, {
      slug: 'things',
      name: 'Things',
      fields: TARGETS.filter((item) => !Object.hasOwn(COLUMNS, item.name)).map((item) => {
        const options = { ...SAMPLES[item.type as FieldType].options, ...(item.isMultiple ? { multiple: true } : {}) };
        return { name: item.name, type: item.type, ...(Object.keys(options).length > 0 ? { options } : {}) };
      }),
    });
    // One stored value in each field (media aside: it would need an upload), so each accepted
    // condition runs against real values on this database.
    const data: Record<string, unknown> = { reference: target.id, reference_multiple: [target.id] };
    for (const type of FIELD_TYPES) {
      const { stored } = SAMPLES[type];
      if (stored === undefined) continue;
      data[type] = stored;
      if (FIELD_OPTIONS_BY_TYPE[type].includes('multiple')) data[`${type}_multiple`] = [stored];
    }
    await createDocument(t.app, owner, projectId, 'things', { data, status: 'published' });
  });
  afterAll(async () => t.close());

  it('answers 200 to every operator the rules list for a value, and 400 to every other', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const target of TARGETS) {
      const accepted = queryRuleOf(target).operators;
      for (const op of FILTER_OPERATORS) {
        const value = op === 'exists' ? 'true' : target.filterValue;
        const response = await list(`filter[${target.name}][${op}]=${encodeURIComponent(value)}`);
        if (response.statusCode === 400) expectError(response, 400, 'VALIDATION_FAILED');
        outcomes.push(`${target.name} ${op}: ${response.statusCode}`);
        expected.push(`${target.name} ${op}: ${accepted.includes(op) ? 200 : 400}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('sorts on a value exactly when the rules say it sorts, either way round', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const target of TARGETS) {
      for (const sort of [target.name, `-${target.name}`]) {
        const response = await list(`sort=${sort}`);
        if (response.statusCode === 400) expectError(response, 400, 'VALIDATION_FAILED');
        outcomes.push(`${sort}: ${response.statusCode}`);
        expected.push(`${sort}: ${queryRuleOf(target).isSortable ? 200 : 400}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('names what applies when a value takes only a few operators', async () => {
    const refused = async (query: string) => expectError(await list(query), 400, 'VALIDATION_FAILED').message;
    expect(await refused('filter[select_multiple][eq]=red')).toBe(
      'filter[select_multiple][eq] select fields with several values only support contains and exists',
    );
    expect(await refused('filter[json][contains]=1')).toBe('filter[json][contains] json fields only support exists');
    expect(await refused('filter[number][contains]=1')).toBe(
      'filter[number][contains] contains works on text fields only',
    );
    expect(await refused('filter[richtext][eq]=x')).toBe('filter[richtext][eq] eq does not apply to richtext fields');
    expect(await refused('filter[id][starts_with]=0')).toBe('filter[id][starts_with] cannot use starts_with on id');
    expect(await refused('sort=longtext')).toBe('sort cannot sort on longtext field "longtext"');
  });
});
